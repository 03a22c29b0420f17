import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { account, api, PAID_KEY, service } from './service';

const NAME = 'Lock shared test';
const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'lock-it');
const file = (name: string) => vscode.Uri.joinPath(folder(), name);
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
const glossary = () => account().glossaries.find((g) => g.name === NAME);
const entries = () => glossary()!.dictionaries.find((d) => d.target_lang === 'de')!.entries;

/** The CLI CI runs (dist/cli.js), in the manifest's folder, against the same emulator. Asynchronous: the emulator
 * answers from this process's event loop. */
function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(__dirname, '..', '..', '..', 'dist', 'cli.js'), ...args], {
      cwd: folder().fsPath, env: { PATH: process.env.PATH ?? '', TERMINOLOGY_API_KEY: PAID_KEY, TERMINOLOGY_BASE_URL: service().url },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const git = (...args: string[]) => execFileSync('git', args, {
  cwd: folder().fsPath, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
});

describe('terminology.lock.json shared by the editor and the CLI', () => {
  let ext: TerminologyApi;
  const stateOf = async () => (await ext.actions.refreshSync()).find((s) => s.uri.path.endsWith('/en-de.tsv'))?.state;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    await vscode.workspace.fs.createDirectory(folder());
    await write(file('terminology.json'), JSON.stringify({ glossaries: [{ name: NAME, dictionaries: { 'en-de': 'en-de.tsv' } }] }, null, 2));
    await write(file('en-de.tsv'), 'cloud\tWolke\nserver\tServer\n');
    await vscode.workspace.getConfiguration('terminology').update('manifest', 'lock-it/terminology.json', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('terminology').update('manifest', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
    account().glossaries = account().glossaries.filter((g) => g.name !== NAME);
  });

  it('the CLI pushes and writes the lock; the editor, which never synced the file, reads it: in sync, then a same-count change on the service is "remote changes"', async () => {
    const pushed = await cli('push');
    assert.equal(pushed.status, 0, pushed.stdout + pushed.stderr);
    assert.ok(glossary());
    // Committed with its lock, as the workflow does: the lock's git blob is the base of a later merge.
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'synced');
    assert.equal(await stateOf(), 'in-sync');
    entries()[1] = ['server', 'Rechner'];
    assert.equal(await stateOf(), 'remote-changes', 'by the entries\' fingerprints, not the count');
  });

  it('the editor\'s Push refuses to overwrite it; its Pull merges (the base read from the lock\'s git blob) and writes the lock, which the CLI then reads', async () => {
    await write(file('en-de.tsv'), 'cloud\tWolke\nserver\tServer\nkey\tSchlüssel\n');
    const refused = await ext.actions.pushAll();
    assert.deepEqual(refused.skipped.map((x) => x.reason), ['changed on the service since the last sync: Pull first']);
    assert.deepEqual(entries(), [['cloud', 'Wolke'], ['server', 'Rechner']]);
    const pulled = await ext.actions.pullAll();
    assert.equal(pulled.conflicts, 0);
    assert.equal(await read(file('en-de.tsv')), 'cloud\tWolke\nserver\tRechner\nkey\tSchlüssel\n');
    const lock = JSON.parse(await read(file('terminology.lock.json'))) as { files: Record<string, { remote: string }> };
    assert.equal(lock.files['en-de.tsv'].remote, `glossaries/${glossary()!.glossary_id}/en-de`);
    const status = await cli('status');
    assert.equal(status.stdout, 'en-de.tsv: local changes (push would: 1 added, 0 changed, 0 removed)\n', status.stderr);
    const pushed = await ext.actions.pushAll();
    assert.equal(pushed.pushed.length, 1);
    const after = await cli('status');
    assert.equal(after.status, 0, after.stdout + after.stderr);
    assert.equal(after.stdout, 'en-de.tsv: in sync\n');
  });
});
