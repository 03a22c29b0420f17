/* Issue #30: what the extension keeps of a document once it is closed. Twenty large dictionaries are opened (each
 * edited and pushed, so that its undo history names a base), closed, and let go by VS Code; the extension
 * host's heap must come back to within 10 % of where it was. */
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { note } from './report';
import { api, PAID_KEY, removeGlossary, seedGlossary, service } from './service';

const DOCUMENTS = 20;
const ENTRIES = 24_000; // about 1.8 MiB of text per dictionary

/** V8's own collector, made callable in this process (the extension host is not started with --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose_gc');
  return runInNewContext('gc') as () => void;
}

async function heapAfterCollection(gc: () => void): Promise<number> {
  // The emulator runs in this process and logs every request with its body (a push of 1.8 MiB): not the extension's.
  service().requests.length = 0;
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage().heapUsed;
}

const glossary = (i: number) => ({ glossaryId: `3e3a0000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Heap ${String(i).padStart(2, '0')}` });

describe('memory: closed documents are let go', () => {
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    for (let i = 0; i <= DOCUMENTS; i++) {
      seedGlossary(glossary(i), { 'en-de': Array.from({ length: ENTRIES }, (_, n) => [`term ${i}.${n} of a rather long source phrase`, `Begriff ${i}.${n} einer recht langen Zielphrase`] as const) });
    }
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (let i = 0; i <= DOCUMENTS; i++) removeGlossary(glossary(i).glossaryId);
  });

  /** Opens the dictionary of glossary `i` in an editor, adds an entry and saves (a push, after which the document's
   * undo history names its base), then closes the editor. */
  async function openAndClose(i: number): Promise<vscode.TextDocument> {
    const doc = await ext.actions.openDictionary(glossary(i), { sourceLang: 'en', targetLang: 'de' });
    assert.equal(doc.lineCount, ENTRIES + 1);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(0, 0), `added ${i}\thinzugefügt ${i}\n`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(await doc.save(), true, `dictionary ${i} pushed`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    return doc;
  }

  /** VS Code keeps a document an extension opened for up to 3 minutes, or until 50 others were opened after it
   * (BoundModelReferenceCollection in mainThreadDocuments.ts): small files are opened until it lets `uris` go. */
  async function letGo(uris: readonly vscode.Uri[], folder: string): Promise<void> {
    const open = () => uris.filter((u) => vscode.workspace.textDocuments.some((d) => d.uri.toString() === u.toString()));
    for (let n = 0; n < 200 && open().length; n++) {
      const file = join(folder, `small-${Date.now()}-${n}.txt`);
      writeFileSync(file, `${n}\n`);
      await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    }
    const deadline = Date.now() + 30_000;
    while (open().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(open().map((u) => u.toString()), [], 'VS Code closed every one of the large documents');
  }

  it(`after ${DOCUMENTS} large dictionaries were opened and closed, the heap is back within 10 %`, async function () {
    this.timeout(300_000);
    const gc = collector();
    const folder = mkdtempSync(join(tmpdir(), 'terminology-heap-'));
    // Warm up: the code paths, the worker and the caches that live as long as the window are made once.
    const warm = await openAndClose(0);
    await letGo([warm.uri], folder);
    const before = await heapAfterCollection(gc);

    const uris: vscode.Uri[] = [];
    let peak = 0;
    for (let i = 1; i <= DOCUMENTS; i++) {
      uris.push((await openAndClose(i)).uri);
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    await letGo(uris, folder);
    await ext.documents.settled(uris[uris.length - 1]);
    const after = await heapAfterCollection(gc);
    const bytes = uris.length * ENTRIES * 80;
    note(`heap: ${(before / 1048576).toFixed(1)} MiB before, ${(peak / 1048576).toFixed(1)} MiB at the peak, ` +
      `${(after / 1048576).toFixed(1)} MiB after ${DOCUMENTS} dictionaries, each edited and pushed, of about ${(bytes / uris.length / 1048576).toFixed(1)} MiB were ` +
      `opened and closed (${((after / before - 1) * 100).toFixed(1)} %)`);
    assert.ok(after <= before * 1.1, `the heap came back to ${(after / 1048576).toFixed(1)} MiB from ${(before / 1048576).toFixed(1)} MiB: more than 10 % above`);
  });
});
