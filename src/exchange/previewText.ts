/** The import preview's text, in Markdown: per pair the counts of entries added, changed, removed, unchanged and
 * skipped with the reason, the findings of the entry rules, every choice made; and the columns of a sheet. */
import * as vscode from 'vscode';
import { SKIP_REASONS, SKIP_WORDS, type ImportPlan, type PairPreview, type Sheet } from '../core/exchange';
import { pairLabel, plural } from '../platform/words';

const LIST_LIMIT = 200;

/** A message after its line's number: without the "Line N" it starts with (a spreadsheet row's), said once. */
const afterLine = (message: string, line?: number) => (line ? message.replace(new RegExp(`^Line ${line}(?:: |, )`), '') : message);

/** A count said in a sentence, then the entries kept for it (the first CHANGES_KEPT), then how many more there are. */
function named(out: string[], count: number, items: string[], one: string, other: string): void {
  if (!count) return;
  out.push(plural(count, one, other), '', ...items.map((i) => `- ${i}`));
  if (count > items.length) out.push(`- ${vscode.l10n.t('… and {0} more', count - items.length)}`);
  out.push('');
}

const esc = (s: string) => s.replace(/[|\\`*_[\]<>]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');

export function renderPreview(fileName: string, plan: ImportPlan, previews: PairPreview[], targetText: string): string {
  const out: string[] = [];
  out.push(`# ${vscode.l10n.t('Import preview: {0}', esc(fileName))}`, '');
  out.push(vscode.l10n.t('Nothing has been sent yet. Target: {0}.', esc(targetText)), '');
  for (const n of plan.notes) out.push(`- ${esc(n)}`);
  if (plan.sourceLang) out.push(`- ${vscode.l10n.t('Source language: {0}', plan.sourceLang.toUpperCase())}`);
  out.push('', `| ${vscode.l10n.t('Dictionary')} | ${vscode.l10n.t('Added')} | ${vscode.l10n.t('Changed')} | ${vscode.l10n.t('Removed')} | ${vscode.l10n.t('Unchanged')} | ${vscode.l10n.t('Skipped')} | ${vscode.l10n.t('Errors')} |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const p of previews) {
    out.push(`| ${pairLabel(p)}${p.exists ? '' : ` (${vscode.l10n.t('new')})`} | ${p.added} | ${p.changed} | ${p.removed} | ${p.unchanged} | ${p.skippedTotal} | ${p.errors} |`);
  }
  for (const [i, pair] of plan.pairs.entries()) {
    const p = previews[i];
    if (!pair.skipped.length && !pair.findings.length && !p.additions.length && !p.changed && !p.removed) continue;
    out.push('', `## ${pairLabel(pair)}`, '');
    if (pair.fromDocument) out.push(vscode.l10n.t('Read from its document: line numbers are the document\'s.'), '');
    // What the import adds to the glossary, and what it overwrites or removes there: named, so that nobody's entry
    // goes unseen (a new glossary's entries are all in its pair documents).
    named(out, p.additions.length && p.added, p.additions.map((a) => `${vscode.l10n.t('line {0}', a.line)}: **${esc(a.source)}** → ${esc(a.target)}`),
      'Added: 1 entry the glossary does not hold yet.', 'Added: {0} entries the glossary does not hold yet.');
    named(out, p.changed, p.changes.map((c) => `${vscode.l10n.t('line {0}', c.line)}: **${esc(c.source)}**: ${esc(c.was)} → ${esc(c.now)}`),
      'Changed: the file gives 1 entry another target than the glossary holds now.', 'Changed: the file gives {0} entries another target than the glossary holds now.');
    named(out, p.removed, p.removals.map((r) => `**${esc(r)}**`),
      'Removed: 1 entry of the glossary is not in the file, and the replace removes it.', 'Removed: {0} entries of the glossary are not in the file, and the replace removes them.');
    const reasons = SKIP_REASONS.filter((r) => p.skipped[r]).map((r) => `${p.skipped[r]} ${SKIP_WORDS[r]}`);
    if (reasons.length) out.push(vscode.l10n.t('Skipped: {0}.', reasons.join(', ')), '');
    for (const s of pair.skipped.slice(0, LIST_LIMIT)) out.push(`- ${s.line ? `${vscode.l10n.t('line {0}', s.line)}: ` : ''}**${SKIP_WORDS[s.reason]}** — ${esc(afterLine(s.message, s.line))}`);
    if (pair.skipped.length > LIST_LIMIT) out.push(`- ${vscode.l10n.t('… and {0} more', pair.skipped.length - LIST_LIMIT)}`);
    const shown = pair.findings.filter((f) => f.severity !== 'error' || !pair.skipped.some((s) => s.reason === 'invalid' && s.line === f.line));
    if (shown.length) {
      out.push('', `### ${vscode.l10n.t('Findings')}`, '');
      for (const f of shown.slice(0, LIST_LIMIT)) out.push(`- ${f.line ? `${vscode.l10n.t('line {0}', f.line)}: ` : ''}${f.severity} \`${f.code}\` — ${esc(f.message)}`);
    }
  }
  if (plan.choices.length) {
    out.push('', `## ${vscode.l10n.t('Choices made')}`, '');
    for (const c of plan.choices.slice(0, LIST_LIMIT)) out.push(`- ${c.line ? `${vscode.l10n.t('line {0}', c.line)}: ` : ''}${esc(afterLine(c.message, c.line))}`);
    if (plan.choices.length > LIST_LIMIT) out.push(`- ${vscode.l10n.t('… and {0} more', plan.choices.length - LIST_LIMIT)}`);
  }
  return out.join('\n') + '\n';
}

/** The first rows of a sheet whose columns the user is asked about: what each column is taken for so far. */
export function renderLayout(fileName: string, sheet: Sheet, rows = 10): string {
  const out: string[] = [`# ${vscode.l10n.t('Columns of {0}', esc(fileName))}`, ''];
  if (sheet.suggestion) out.push(esc(sheet.suggestion.why), '');
  for (const n of sheet.notes) out.push(`- ${esc(n)}`);
  const cols = [...Array(sheet.columnCount).keys()];
  const head = cols.map((i) => {
    const lang = sheet.suggestion?.columns.find((c) => c.index === i)?.lang;
    const what = sheet.flags.includes(i) ? vscode.l10n.t('yes/no marks') : lang ? lang.toUpperCase() : '?';
    return `${i + 1}${sheet.header?.[i] ? ` ${esc(sheet.header[i])}` : ''} (${what})`;
  });
  out.push('', `| ${vscode.l10n.t('Line')} | ${head.join(' | ')} |`, `| ---: | ${cols.map(() => '---').join(' | ')} |`);
  for (const r of sheet.rows.slice(0, rows)) out.push(`| ${r.line} | ${cols.map((i) => esc((r.cells[i] ?? '').slice(0, 80))).join(' | ')} |`);
  if (sheet.rows.length > rows) out.push('', vscode.l10n.t('… and {0} more rows', sheet.rows.length - rows));
  return out.join('\n') + '\n';
}
