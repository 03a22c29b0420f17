// A key stored or removed in another window reaches this one: SecretStorage is shared between windows, and the key
// store re-reads on secrets.onDidChange. Another window is simulated by writing SecretStorage directly, past the
// extension's own commands.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, nextLoad, PAID_KEY } from './service';

const SECRET_ID = 'terminology.apiKey';

describe('key set in another window', () => {
  it('a key removed and then stored directly in SecretStorage is seen: the explorer goes to "no key" and back', async () => {
    const ext = await api();
    const secrets = ext.testing?.secrets;
    assert.ok(secrets, 'the extension runs in test mode');
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    assert.equal(await nextLoad(ext.glossaries, () => vscode.commands.executeCommand('terminology.glossaries.refresh')), 'ready');
    // The explorer drops its data when the key store reports the change; the next load shows the new state.
    const invalidated = () => new Promise<void>((resolve) => {
      const sub = ext.glossaries.onDidChangeTreeData!(() => { sub.dispose(); resolve(); });
    });
    let change = invalidated();
    await secrets.delete(SECRET_ID);
    await change;
    assert.equal(await nextLoad(ext.glossaries, () => undefined), 'noKey');
    change = invalidated();
    await secrets.store(SECRET_ID, PAID_KEY);
    await change;
    assert.equal(await nextLoad(ext.glossaries, () => undefined), 'ready');
  });
});
