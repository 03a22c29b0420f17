/** Replacing a document's text without holding the event loop on 10 MiB: one edit of only what differs. */
import * as vscode from 'vscode';
import type { Offload } from '../worker/offload';
import { readText } from './readText';

/** Replaces the document's text with `text` by one edit of only what differs (between the common start and the
 * common end, found on the core worker for a large text): a Pull or a Merge of 10 MiB that changes a few entries
 * is a small edit for VS Code and for the linter. `read`: the document's text and version as the caller read them. */
export async function replaceText(offload: Offload, doc: vscode.TextDocument, text: string, read?: { text: string; version: number }): Promise<void> {
  // The document's text as the caller read it, when it has not changed since (10 MiB is not read and joined twice).
  const { text: old, version } = read && read.version === doc.version ? read : await readText(doc);
  if (old === text) return;
  let [head, tail] = await offload.commonEnds(old, text);
  // Never split a surrogate pair or a \r\n.
  while (head > 0 && (isLow(old.charCodeAt(head)) || old.charCodeAt(head) === 10)) head--;
  while (tail > 0 && (isLow(old.charCodeAt(old.length - tail)) || old.charCodeAt(old.length - tail) === 10)) tail--;
  if (doc.version !== version) { head = 0; tail = 0; } // edited meanwhile: replace it all
  for (let attempt = 0; ; attempt++) {
    const at = doc.version;
    const now = at === version ? old.length : doc.getText().length; // (a getText of 10 MiB holds the loop)
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(head), doc.positionAt(now - tail)), text.slice(head, text.length - tail));
    if (await vscode.workspace.applyEdit(edit)) return;
    // Refused because the document changed on the way (VS Code reloading a clean document whose remote moved):
    // done when it holds the text now, otherwise replaced whole again, as for an edit made meanwhile.
    if (doc.getText() === text) return;
    if (doc.version === at || attempt === 2) throw new Error(vscode.l10n.t('the document could not be edited'));
    head = 0;
    tail = 0;
  }
}

const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

