/** How one row of the grid is drawn: row number, cells, findings as icons, whitespace made visible, gaps. */
import type { CellFinding } from '../core/tableRows';
import { icon } from './icons';

export type Severity = CellFinding['severity'];

export function worst(list: readonly CellFinding[]): Severity {
  return list.some((f) => f.severity === 'error') ? 'error' : list.some((f) => f.severity === 'warning') ? 'warning' : 'info';
}

/** A cell's text with its leading and trailing whitespace made visible (· for a space, → for a tab, ␣ other). */
export function fillText(el: HTMLElement, value: string, say: (key: string, fallback: string) => string): void {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(value);
  const mark = (ws: string, kind: 'leading' | 'trailing') => {
    const s = document.createElement('span');
    s.className = `ws ${kind}`;
    s.textContent = ws.replace(/ /g, '·').replace(/\t/g, '→').replace(/[^·→]/g, '␣');
    s.title = say(kind, kind === 'leading' ? 'leading whitespace' : 'trailing whitespace');
    return s;
  };
  if (!m || (!m[1] && !m[3])) { el.textContent = value; return; }
  el.textContent = '';
  if (m[1]) el.appendChild(mark(m[1], 'leading'));
  el.appendChild(document.createTextNode(m[2]));
  if (m[3]) el.appendChild(mark(m[3], 'trailing'));
}

export interface RowLook {
  /** Index in the view (data-row). */
  index: number;
  line: number;
  /** The first line that is a row: the row number is the line's place from there (a glossary's language line is
   * no entry, so its first entry is 1), the line number then in the hint. */
  from: number;
  cells: readonly string[];
  columns: number;
  findings: readonly CellFinding[];
  selected: boolean;
  /** The active cell's column, or -1. */
  activeCol: number;
  /** Lower-case text that Find highlights ('' for none). */
  find: string;
  /** Columns from which an empty cell is a gap (a multilingual glossary's targets); Infinity for none. */
  gapsFrom: number;
  /** Whether an empty cell is a gap (not a quoted empty phrase `""`). */
  gap?: (column: number) => boolean;
  say: (key: string, fallback: string) => string;
}

export function rowElement(o: RowLook): HTMLElement {
  const { say } = o;
  const el = document.createElement('div');
  el.className = 'row';
  el.setAttribute('role', 'row');
  el.setAttribute('aria-rowindex', String(o.index + 2));
  el.dataset.row = String(o.index);
  if (o.selected) el.classList.add('selected');
  const num = document.createElement('div');
  num.className = 'num';
  num.textContent = String(o.line - o.from + 1);
  num.title = say('lineHint', 'Double-click: show this line in the text editor') + (o.from ? ` (${o.line + 1})` : '');
  if (o.findings.length) {
    num.classList.add(worst(o.findings));
    num.title = o.findings.map((f) => `${f.code}: ${f.message}`).join('\n') + `\n(${num.title})`;
  }
  el.appendChild(num);
  const blank = o.cells.length === 0;
  for (let c = 0; c < o.columns; c++) {
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.setAttribute('role', 'gridcell');
    cell.dataset.col = String(c);
    const value = o.cells[c] ?? '';
    const text = document.createElement('span');
    text.className = 'text';
    if (c >= o.gapsFrom && value === '' && !blank && (o.gap?.(c) ?? true)) {
      cell.classList.add('gap');
      text.textContent = '';
      cell.setAttribute('aria-label', say('gap', 'missing'));
    } else fillText(text, value, say);
    const here = o.findings.filter((f) => f.column === c);
    if (here.length) {
      const w = worst(here);
      const mark = document.createElement('span');
      mark.className = `icon ${w}`;
      mark.setAttribute('role', 'img');
      mark.setAttribute('aria-label', say(w, w));
      mark.appendChild(icon(w));
      cell.title = here.map((f) => `${f.code}: ${f.message}`).join('\n');
      cell.classList.add(w);
      if (here.some((f) => f.code === 'draft-translation')) cell.classList.add('draft');
      cell.appendChild(mark);
      if (here.some((f) => f.fixable)) {
        const bulb = document.createElement('button');
        bulb.className = 'fix';
        bulb.tabIndex = -1; // by keyboard: Ctrl+. on the cell
        bulb.title = say('fixHint', 'Show fixes (Ctrl+.)');
        bulb.setAttribute('aria-label', bulb.title);
        bulb.appendChild(icon('bulb'));
        cell.appendChild(bulb);
      }
    }
    if (o.find && value.toLowerCase().includes(o.find)) cell.classList.add('match');
    if (c === o.activeCol) {
      cell.classList.add('active');
      cell.id = 'active-cell';
    }
    // A value the column may cut off ("…") is in the tooltip too, above the findings.
    if (value.length > 16 && !cell.classList.contains('gap')) cell.title = cell.title ? `${value}\n${cell.title}` : value;
    cell.appendChild(text);
    el.appendChild(cell);
  }
  return el;
}
