/** A Markdown job summary for GitHub Actions: appended to the file GITHUB_STEP_SUMMARY names, when it is set. */
import { appendFileSync } from 'node:fs';
import type { CliFinding } from './lintFiles';
import type { RowLine } from './rows';

const cell = (s: string) => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
/** Findings listed in the summary; the rest are counted (the annotations and the SARIF log have them all). */
const MAX_LISTED = 50;

export function lintMarkdown(findings: CliFinding[], title = 'Terminology lint'): string {
  const count = (s: CliFinding['severity']) => findings.filter((f) => f.severity === s).length;
  const files = new Set<string>();
  for (const f of findings) files.add(f.path);
  let md = `## ${title}\n\n`;
  if (!findings.length) return md + 'No problems found.\n\n';
  md += `${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info in ${files.size} file(s).\n\n`;
  md += '| File | Line | Severity | Rule | Message |\n| --- | --- | --- | --- | --- |\n';
  for (const f of findings.slice(0, MAX_LISTED)) md += `| ${cell(f.path)} | ${f.line}:${f.col} | ${f.severity} | \`${f.code}\` | ${cell(f.message)} |\n`;
  if (findings.length > MAX_LISTED) md += `\n…and ${findings.length - MAX_LISTED} more.\n`;
  return md + '\n';
}

export function rowsMarkdown(title: string, lines: RowLine[], footer: string): string {
  let md = `## ${title}\n\n| File | Result |\n| --- | --- |\n`;
  for (const l of lines) md += `| ${cell(l.path)} | ${l.level === 'error' ? '❌ ' : l.level === 'warning' ? '⚠️ ' : ''}${cell(l.text)} |\n`;
  return `${md}\n${footer}\n\n`;
}

export function appendStepSummary(env: Record<string, string | undefined>, markdown: string): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (file) appendFileSync(file, markdown);
}
