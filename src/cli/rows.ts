/** One line per linked file for `status`, `push` and `pull`: "path: what happened", as GitHub annotations with
 * --format github; with --format sarif or json (stdout holds the log), on stderr. */
import type { OutputFormat } from './report';

export type RowLevel = 'notice' | 'warning' | 'error';
export interface RowLine { path: string; text: string; level: RowLevel }

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatRows(lines: RowLine[], format: OutputFormat): { out: string; err: string } {
  let out = '';
  let err = '';
  for (const l of lines) {
    if (format === 'github') out += `::${l.level} file=${escapeProperty(l.path)}::${escapeData(l.text)}\n`;
    else if (format === 'sarif' || format === 'json') err += `${l.path}: ${l.text}\n`;
    else out += `${l.path}: ${l.text}\n`;
  }
  return { out, err };
}
