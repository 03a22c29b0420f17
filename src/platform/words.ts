/** Words that depend on a number: real plurals and honest sizes. */
import * as vscode from 'vscode';

/** `one` when n is 1, otherwise `other`; both are l10n messages, `{0}` is the number. */
export function plural(n: number, one: string, other: string): string {
  return n === 1 ? vscode.l10n.t(one, n) : vscode.l10n.t(other, n.toLocaleString('en-US'));
}

export { formatSize } from '../core';

/** A language pair as people read it: "EN → DE". */
export const pairLabel = (d: { sourceLang: string; targetLang: string }): string =>
  `${d.sourceLang.toUpperCase()} → ${d.targetLang.toUpperCase()}`;
