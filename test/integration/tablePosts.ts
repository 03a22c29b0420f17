import type * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { CellFinding } from '../../src/core/tableRows';
import type { TableUpdate } from '../../src/protocol/table';

/** Resolves with the first message the table of `uri` is sent that satisfies `check`. */
export function nextPost(ext: TerminologyApi, uri: vscode.Uri, check: (m: TableUpdate) => boolean, ms = 15_000): Promise<TableUpdate> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { sub.dispose(); reject(new Error('no such message to the table')); }, ms);
    const sub = ext.table.onDidPost((p) => {
      if (p.uri.toString() === uri.toString() && check(p.message)) { sub.dispose(); clearTimeout(timer); resolve(p.message); }
    });
  });
}

/** The findings the table of `uri` has been sent as the webview puts them together: an 'init' or a 'findings'
 * message without `append` replaces them, a part with `append` adds to them. Resolves with them (and the time) once a
 * message that leaves none to come (no `more`) makes them satisfy `check`. */
export function findingsPosted(ext: TerminologyApi, uri: vscode.Uri, check: (findings: Array<[number, CellFinding[]]>) => boolean, ms = 15_000): Promise<{ findings: Array<[number, CellFinding[]]>; at: number; parts: number }> {
  return new Promise((resolve, reject) => {
    let held = new Map<number, CellFinding[]>();
    let parts = 0;
    const timer = setTimeout(() => { sub.dispose(); reject(new Error('the table was not sent such findings')); }, ms);
    const sub = ext.table.onDidPost((p) => {
      const m = p.message;
      if (p.uri.toString() !== uri.toString() || (m.type !== 'init' && m.type !== 'findings')) return;
      if (m.type === 'findings' && m.append) {
        for (const [line, list] of m.findings) held.set(line, [...(held.get(line) ?? []), ...list]);
        parts++;
      } else { held = new Map(m.findings); parts = 1; }
      if (m.type === 'findings' && m.more) return;
      const findings = [...held];
      if (check(findings)) { sub.dispose(); clearTimeout(timer); resolve({ findings, at: performance.now(), parts }); }
    });
  });
}
