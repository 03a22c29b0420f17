// An open glossary's reverse dictionaries (for reverse-mismatch) are asked for again when the client changes: a key that
// comes after the document opened (read late after a window reload, as in code-server's web workbench, where the
// restored glossary found no key and kept no checks across dictionaries), a changed key, new service settings.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, diagnosticsWhere } from './diagnosticsHelpers';
import { account, api, PAID_KEY, removeGlossary, seedGlossary } from './service';

const GLOSSARY = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000b7', name: 'Reverse again test' };
const SECRET_ID = 'terminology.apiKey';

describe('glossary reverse dictionaries: asked again when the key comes', () => {
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeGlossary(GLOSSARY.glossaryId);
  });

  it('a key stored after the glossary opened brings the reverse check up to date', async () => {
    const ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    seedGlossary(GLOSSARY, { 'en-de': [['cloud', 'Wolke'], ['price', 'Preis']], 'de-en': [['Wolke', 'cloud'], ['Preis', 'cost']] });
    const doc = await ext.actions.openGlossary(GLOSSARY, 'en');
    const reverse = (ds: vscode.Diagnostic[]) => ds.filter((d) => codeOf(d) === 'reverse-mismatch').length;
    await diagnosticsWhere(doc.uri, (ds) => reverse(ds) === 1, 'the reverse check: DE → EN maps Preis to cost');

    // DE → EN is corrected meanwhile; the key goes and comes back (as another window, straight in SecretStorage).
    account().glossaries.find((g) => g.glossary_id === GLOSSARY.glossaryId)!.dictionaries
      .find((d) => d.source_lang === 'de' && d.target_lang === 'en')!.entries = [['Wolke', 'cloud'], ['Preis', 'price']];
    const secrets = ext.testing?.secrets;
    assert.ok(secrets, 'the extension runs in test mode');
    // The explorer reloads when the key store reports a change: wait for each, so that neither is read as the other.
    const changed = () => new Promise<void>((resolve) => {
      const sub = ext.glossaries.onDidChangeTreeData!(() => { sub.dispose(); resolve(); });
    });
    let change = changed();
    await secrets.delete(SECRET_ID);
    await change;
    change = changed();
    await secrets.store(SECRET_ID, PAID_KEY);
    await change;
    await diagnosticsWhere(doc.uri, (ds) => reverse(ds) === 0, 'the reverse check asked again with the key: no mismatch left');
  });
});
