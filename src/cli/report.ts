/** The CLI's output formats: `path:line:col: severity code message`, GitHub workflow annotations, SARIF 2.1.0. */
import { RULES_DOC_URL } from '../core';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { CliFinding } from './lintFiles';
import { RULE_DESCRIPTIONS } from './rules';

export type OutputFormat = 'text' | 'github' | 'sarif' | 'json';
export const FORMATS: readonly OutputFormat[] = ['text', 'github', 'sarif', 'json'];

export function formatText(findings: CliFinding[]): string {
  let out = '';
  for (const f of findings) out += `${f.path}:${f.line}:${f.col}: ${f.severity} ${f.code} ${oneLine(f.message)}\n`;
  return out;
}

/** `--format json`: the findings (1-based lines and UTF-16 columns, paths relative to the working folder) and the
 * counts. */
export function formatJson(findings: CliFinding[]): string {
  const count = (s: CliFinding['severity']) => findings.filter((f) => f.severity === s).length;
  return JSON.stringify({
    errorCount: count('error'), warningCount: count('warning'), infoCount: count('info'),
    findings: findings.map((f) => ({ path: f.path, line: f.line, column: f.col, endLine: f.endLine, endColumn: f.endCol, severity: f.severity, code: f.code, message: f.message })),
  }, null, 2) + '\n';
}

const oneLine = (s: string) => s.replace(/\r\n|\r|\n/g, ' ');

/** Workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(findings: CliFinding[]): string {
  return findings.map((f) => {
    const level = f.severity === 'error' ? 'error' : f.severity === 'warning' ? 'warning' : 'notice';
    const props = [`file=${escapeProperty(f.path)}`, `line=${f.line}`, `col=${f.col}`];
    if (f.endLine !== f.line) props.push(`endLine=${f.endLine}`);
    else if (f.endCol > f.col) props.push(`endColumn=${f.endCol}`);
    props.push(`title=${escapeProperty(`Terminology ${f.code}`)}`);
    return `::${level} ${props.join(',')}::${escapeData(f.message)}\n`;
  }).join('');
}

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** One run of SARIF 2.1.0: a rule per code seen (with its help address), a result per finding. */
export function formatSarif(findings: CliFinding[], tool: { version: string; informationUri: string }): string {
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const level = (s: CliFinding['severity']): Result.level => (s === 'info' ? 'note' : s);
  const severityOf = new Map(findings.map((f) => [f.code, f.severity]));
  const log: Log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'terminology-lint',
          version: tool.version,
          informationUri: tool.informationUri,
          rules: codes.map((code): ReportingDescriptor => ({
            id: code,
            name: code.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase()),
            shortDescription: { text: RULE_DESCRIPTIONS[code] ?? `Terminology rule ${code}` },
            helpUri: RULES_DOC_URL + code,
            defaultConfiguration: { level: level(severityOf.get(code)!) },
          })),
        },
      },
      columnKind: 'utf16CodeUnits',
      originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The folder the linter ran in.' } } },
      results: findings.map((f): Result => ({
        ruleId: f.code,
        ruleIndex: index.get(f.code)!,
        level: level(f.severity),
        message: { text: f.message },
        locations: [{
          physicalLocation: {
            artifactLocation: { uri: encodeURI(f.path), uriBaseId: '%SRCROOT%' },
            region: { startLine: f.line, startColumn: f.col, endLine: f.endLine, endColumn: Math.max(f.endCol, f.col) },
          },
        }],
      })),
    }],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
