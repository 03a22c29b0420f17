// Table view of a dictionary (webview side). Renders only the rows in sight; sends every change to the
// extension, which edits the TextDocument; the document's changes come back as row splices.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  const ROW_H = 24;
  const OVERSCAN = 12;
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const grid = $('grid');
  const head = $('head');
  const viewport = $('viewport');
  const spacer = $('spacer');
  const rowsEl = $('rows');
  const editor = /** @type {HTMLInputElement} */ ($('editor'));
  const filterBox = /** @type {HTMLInputElement} */ ($('filter'));
  const findBox = /** @type {HTMLInputElement} */ ($('find'));
  const findStatus = $('findStatus');
  const summary = $('summary');
  const nextBtn = $('next');
  const applySort = $('applySort');
  const fixAllBtn = $('fixAll');

  /** @type {string[][]} */ let rows = [];
  /** @type {Map<number, {code:string, severity:string, message:string, column:number}[]>} */ let findings = new Map();
  let columns = 2;
  /** Document line of each visible row, in view order. */ let view = [];
  let sort = { column: -1, descending: false };
  let active = { row: 0, col: 0 }; // row = index into view
  /** @type {Set<number>} */ let selected = new Set(); // document lines
  let anchor = -1;
  /** The cell being edited: its row (a RowRef) and column. */
  let editing = null;
  /** Where the selection goes once a row being added exists: { ref, delta, col } (delta 1: the row below it). */
  let follow = null;
  /** The document version the rows show (from init and each splice); requests name lines in this version. */
  let docVersion = 0;
  /** Words from the extension (localized), with a singular and a plural string for counts. */
  let S = {};
  /** Language codes of the source and target columns, when the document knows them. */
  let languages = null;

  const EMPTY = [];
  /** Cells of a line; a line not received yet (rows stream in after the first screen) has none. */
  const cellsOf = (line) => rows[line] || EMPTY;
  let loading = false;

  const say = (key, fallback) => S[key] || fallback;
  const count = (n, one, other) => (n === 1 ? say(one, '{0}') : say(other, '{0}')).replace('{0}', n.toLocaleString('en-US'));
  function names() {
    const lang = (i) => (languages ? ` (${languages[i]})` : '');
    const base = [say('source', 'Source') + lang(0), say('target', 'Target') + lang(1)];
    return columns === 4 ? base.concat([say('sourceLang', 'Source language'), say('targetLang', 'Target language')]) : base;
  }

  /** Rows are the document's lines, except the empty one after a final line break. */
  function rowCount() {
    const last = rows[rows.length - 1];
    return last && last.length === 0 ? rows.length - 1 : rows.length;
  }

  // ---- rows addressed robustly ------------------------------------------------------------------------------
  // A RowRef is a line that follows its row as the document changes ({ line }), or a row being added whose line
  // is not known yet ({ line: -1, pending: id }). Every ref in use (by a waiting request, the editor, the
  // selection to come) moves with each splice; -1 means its row is gone.
  const ref = (line) => ({ line });
  function liveRefs() {
    const live = new Set();
    for (const op of queue) op.refs?.forEach((r) => live.add(r));
    if (editing) live.add(editing.row);
    if (follow) live.add(follow.ref);
    return live;
  }
  /** Where `line` is after a splice (the same rule as src/core/table.ts shiftLine). */
  function shiftLine(line, s) {
    if (line < 0 || line < s.start) return line;
    const last = s.start + s.deleteCount - 1;
    if (line > last) return line + s.added - s.deleteCount;
    if (s.added === s.deleteCount) return line;
    if (line === s.start && s.headKept) return s.start;
    if (line === last && s.tailKept) return s.start + s.added - 1;
    return -1;
  }

  // ---- requests, one at a time and in order -----------------------------------------------------------------
  // Each request that changes the document waits for the answer to the one before ('done'), so two quick commits
  // both land, in order, and an edit of a row being added goes once its line is known. Lines are resolved when a
  // request is sent, in the version the rows show; the extension moves them over any change made since.
  const queue = [];
  let inflight = null;
  let seq = 0;
  function request(op) { queue.push(op); pump(); }
  function pump() {
    while (!inflight && queue.length) {
      const op = queue.shift();
      const msg = op.message();
      if (!msg) { op.done?.({ ok: false }); continue; } // its row is gone
      inflight = { id: ++seq, op };
      vscode.postMessage({ ...msg, id: inflight.id, version: docVersion });
    }
  }
  function answered(m) {
    if (!inflight || inflight.id !== m.id) return;
    const { op } = inflight;
    inflight = null;
    if (m.message) findStatus.textContent = m.message;
    op.done?.(m);
    pump();
  }

  function addRow() {
    const afterLine = view[active.row] ?? rowCount() - 1;
    const after = afterLine >= 0 ? ref(afterLine) : null;
    const id = ++seq;
    const added = { line: -1, pending: id };
    request({
      refs: after ? [after] : [],
      message: () => (after && after.line < 0 ? null : { type: 'addRow', after: after ? after.line : -1 }),
      done: (m) => {
        added.line = m.ok && typeof m.line === 'number' ? m.line : -1;
        delete added.pending;
        settle();
      },
    });
    // The new row is selected and in edit mode at once: keys typed before it exists go into its first cell.
    follow = { ref: added, delta: 0, col: 0 };
    selected = new Set();
    render();
    startEditOn(added, 0, '');
  }

  /** Once a row being added exists (or is known to be gone), selection and editor go to it. */
  function settle() {
    if (follow && follow.ref.pending === undefined) {
      const { ref: r, delta, col } = follow;
      follow = null;
      if (r.line >= 0) {
        rebuildView();
        const at = view.indexOf(r.line);
        if (at >= 0) move(at + delta, col, false);
      }
    }
    if (editing && editing.row.pending === undefined) {
      if (editing.row.line < 0) { editing = null; editor.hidden = true; grid.focus(); }
      else placeEditor();
    }
  }

  function sendEdit(row, col, value) {
    request({
      refs: [row],
      message: () => (row.line < 0 ? null : { type: 'edit', line: row.line, column: col, value }),
    });
  }

  function matches(line, text) {
    const t = text.toLowerCase();
    return cellsOf(line).some((c) => c.toLowerCase().includes(t));
  }

  function rebuildView(movedActiveLine) {
    const f = filterBox.value.trim();
    const activeLine = movedActiveLine !== undefined ? movedActiveLine : view[active.row];
    view = [];
    const keep = new Set([editing?.row.line, follow?.ref.line]);
    const n = rowCount();
    for (let i = 0; i < n; i++) if (!f || matches(i, f) || keep.has(i)) view.push(i);
    if (sort.column >= 0) {
      const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
      const k = sort.column;
      view.sort((a, b) => {
        const x = cellsOf(a)[k] ?? '';
        const y = cellsOf(b)[k] ?? '';
        return (sort.descending ? -1 : 1) * collator.compare(x, y) || a - b;
      });
    }
    const at = activeLine === undefined ? -1 : view.indexOf(activeLine);
    active.row = at >= 0 ? at : Math.min(active.row, Math.max(0, view.length - 1));
    spacer.style.height = `${view.length * ROW_H}px`;
    renderHead();
    renderSummary();
    render();
  }

  function renderHead() {
    head.textContent = '';
    const num = document.createElement('div');
    num.className = 'num';
    num.textContent = '#';
    head.appendChild(num);
    names().forEach((name, c) => {
      const h = document.createElement('div');
      h.className = 'cell';
      h.setAttribute('role', 'columnheader');
      h.dataset.col = String(c);
      const mark = sort.column === c ? (sort.descending ? ' ▼' : ' ▲') : '';
      h.textContent = name + mark;
      h.title = say('sortHint', 'Sort the view by this column (the file keeps its order)');
      h.tabIndex = 0; // Tab reaches each header; Enter or Space sorts by it
      h.setAttribute('aria-sort', sort.column === c ? (sort.descending ? 'descending' : 'ascending') : 'none');
      head.appendChild(h);
    });
    applySort.hidden = sort.column < 0;
  }

  function problemCount() {
    let n = 0;
    let errors = 0;
    let fixable = 0;
    for (const list of findings.values()) {
      for (const f of list) {
        if (f.severity !== 'info') n++;
        if (f.severity === 'error') errors++;
        if (f.fixable) fixable++;
      }
    }
    return { n, errors, fixable };
  }

  function renderSummary() {
    const total = rowCount();
    const shown = view.length === total ? '' : ` (${say('shown', '{0} shown').replace('{0}', view.length.toLocaleString('en-US'))})`;
    summary.textContent = `${count(total, 'rowsOne', 'rowsOther')}${shown}${loading ? ` (${say('loading', 'loading…')})` : ''}`;
    const { n, errors, fixable } = problemCount();
    nextBtn.textContent = '';
    nextBtn.appendChild(icon(n ? (errors ? 'error' : 'warning') : 'ok'));
    nextBtn.appendChild(document.createTextNode(n ? ` ${count(n, 'problemsOne', 'problemsOther')} — ${say('next', 'next')}` : ` ${say('noProblems', 'No problems')}`));
    nextBtn.classList.toggle('has-problems', n > 0);
    nextBtn.classList.toggle('has-errors', errors > 0);
    fixAllBtn.disabled = fixable === 0;
    grid.setAttribute('aria-rowcount', String(view.length + 1));
  }

  // Icons as inline SVG (no resource to load, so the Content-Security-Policy stays strict), coloured by the theme.
  const ICONS = {
    error: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.2a5.8 5.8 0 1 1 0 11.6A5.8 5.8 0 0 1 8 2.2zM5.6 4.8 4.8 5.6 7.2 8l-2.4 2.4.8.8L8 8.8l2.4 2.4.8-.8L8.8 8l2.4-2.4-.8-.8L8 7.2z',
    warning: 'M7.1 1.6a1 1 0 0 1 1.8 0l6.5 12.2a1 1 0 0 1-.9 1.5H1.5a1 1 0 0 1-.9-1.5zM8 2.6 1.9 14.1h12.2zM7.4 6h1.2v4.4H7.4zm0 5.4h1.2v1.2H7.4z',
    info: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.2a5.8 5.8 0 1 1 0 11.6A5.8 5.8 0 0 1 8 2.2zM7.4 7h1.2v4.6H7.4zm0-2.4h1.2v1.2H7.4z',
    ok: 'M6.3 11.3 2.9 7.9l.8-.8 2.6 2.6 6-6 .8.8z',
    bulb: 'M8 1a4.5 4.5 0 0 0-2.6 8.2c.4.3.6.7.6 1.2V11h4v-.6c0-.5.2-.9.6-1.2A4.5 4.5 0 0 0 8 1zm2 7.4c-.6.4-1 1.1-1.1 1.8H7.1C7 9.5 6.6 8.8 6 8.4a3.3 3.3 0 1 1 4 0zM6 12h4v1.2H6zm1 2h2v1H7z',
  };
  function icon(kind) {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('class', `svg-icon ${kind}`);
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', ICONS[kind]);
    path.setAttribute('fill-rule', 'evenodd');
    svg.appendChild(path);
    return svg;
  }

  /** A cell's text with its leading and trailing whitespace made visible (· for a space, → for a tab, ␣ other). */
  function fillText(el, value) {
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(value);
    const mark = (ws, kind) => {
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

  function render() {
    const top = viewport.scrollTop;
    const height = viewport.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / ROW_H) - OVERSCAN);
    const last = Math.min(view.length, Math.ceil((top + height) / ROW_H) + OVERSCAN);
    rowsEl.style.transform = `translateY(${first * ROW_H}px)`;
    const frag = document.createDocumentFragment();
    for (let r = first; r < last; r++) {
      const line = view[r];
      const cells = cellsOf(line);
      const el = document.createElement('div');
      el.className = 'row';
      el.setAttribute('role', 'row');
      el.setAttribute('aria-rowindex', String(r + 2));
      el.dataset.row = String(r);
      if (selected.has(line)) el.classList.add('selected');
      const list = findings.get(line) || [];
      const num = document.createElement('div');
      num.className = 'num';
      num.textContent = String(line + 1);
      num.title = say('lineHint', 'Double-click: show this line in the text editor');
      if (list.length) {
        num.classList.add(worst(list));
        num.title = list.map((f) => `${f.code}: ${f.message}`).join('\n') + `\n(${num.title})`;
      }
      el.appendChild(num);
      for (let c = 0; c < columns; c++) {
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.dataset.col = String(c);
        const value = cells[c] ?? '';
        const text = document.createElement('span');
        text.className = 'text';
        fillText(text, value);
        const here = list.filter((f) => f.column === c);
        if (here.length) {
          const w = worst(here);
          const mark = document.createElement('span');
          mark.className = `icon ${w}`;
          mark.setAttribute('role', 'img');
          mark.setAttribute('aria-label', say(w, w));
          mark.appendChild(icon(w));
          cell.title = here.map((f) => `${f.code}: ${f.message}`).join('\n');
          cell.classList.add(w);
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
        const q = findBox.value.trim().toLowerCase();
        if (q && value.toLowerCase().includes(q)) cell.classList.add('match');
        if (r === active.row && c === active.col) {
          cell.classList.add('active');
          cell.id = 'active-cell';
        }
        cell.appendChild(text);
        el.appendChild(cell);
      }
      frag.appendChild(el);
    }
    rowsEl.textContent = '';
    rowsEl.appendChild(frag);
    grid.setAttribute('aria-activedescendant', 'active-cell');
  }

  function worst(list) {
    return list.some((f) => f.severity === 'error') ? 'error' : list.some((f) => f.severity === 'warning') ? 'warning' : 'info';
  }

  function scrollIntoView(r) {
    const top = r * ROW_H;
    if (top < viewport.scrollTop) viewport.scrollTop = top;
    else if (top + ROW_H > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_H - viewport.clientHeight;
  }

  function move(row, col, extend) {
    if (!view.length) return;
    const r = Math.max(0, Math.min(view.length - 1, row));
    const c = Math.max(0, Math.min(columns - 1, col));
    if (extend) {
      if (anchor < 0) anchor = active.row;
      selected = new Set();
      for (let i = Math.min(anchor, r); i <= Math.max(anchor, r); i++) selected.add(view[i]);
    } else {
      anchor = -1;
      selected = new Set([view[r]]);
    }
    active = { row: r, col: c };
    scrollIntoView(r);
    render();
  }

  function startEdit(initial) {
    const line = view[active.row];
    if (line === undefined) return;
    startEditOn(ref(line), active.col, initial);
  }

  /** Opens the editor on a row (a RowRef, perhaps of a row still being added) and column. */
  function startEditOn(row, col, initial) {
    editing = { row, col };
    editor.hidden = false;
    editor.value = initial !== undefined ? initial : (cellsOf(row.line)[col] ?? '');
    placeEditor();
    editor.focus();
    if (initial === undefined) editor.select();
  }

  /** Puts the editor over its cell; over the row below the active one while a new row has no line yet. */
  function placeEditor() {
    if (!editing) return;
    let box;
    const at = editing.row.line >= 0 ? view.indexOf(editing.row.line) : -1;
    if (at >= 0) {
      if (active.row !== at || active.col !== editing.col) { active = { row: at, col: editing.col }; selected = new Set([editing.row.line]); scrollIntoView(at); render(); }
      const cell = rowsEl.querySelector('#active-cell');
      box = cell && cell.getBoundingClientRect();
    } else {
      const cell = rowsEl.querySelector(`.row[data-row="${active.row}"] .cell[data-col="${editing.col}"]`) || rowsEl.querySelector('.row .cell');
      const b = cell ? cell.getBoundingClientRect() : { left: 0, top: viewport.getBoundingClientRect().top - ROW_H, width: 200, height: ROW_H };
      box = { left: b.left, top: b.top + ROW_H, width: b.width, height: b.height };
    }
    if (!box) return;
    editor.style.left = `${box.left}px`;
    editor.style.top = `${box.top}px`;
    editor.style.width = `${box.width}px`;
    editor.style.height = `${box.height}px`;
  }

  /** Closes the editor; a commit queues the edit of that row (which follows its row until it is sent). */
  function endEdit(commit) {
    if (!editing) return null;
    const { row, col } = editing;
    editing = null;
    const value = editor.value;
    editor.hidden = true;
    grid.focus();
    const changed = row.pending !== undefined ? value !== '' : row.line >= 0 && value !== (cellsOf(row.line)[col] ?? '');
    if (commit && changed) sendEdit(row, col, value);
    return { row, col };
  }

  function nextProblem() {
    const lines = [...findings.entries()].filter(([, l]) => l.some((f) => f.severity !== 'info')).map(([line]) => line);
    if (!lines.length) return;
    const positions = lines.map((l) => view.indexOf(l)).filter((p) => p >= 0).sort((a, b) => a - b);
    if (!positions.length) return;
    const next = positions.find((p) => p > active.row) ?? positions[0];
    const list = findings.get(view[next]) || [];
    move(next, list[0] ? list[0].column : 0, false);
    const cell = rowsEl.querySelector('#active-cell');
    if (cell && cell instanceof HTMLElement) findStatus.textContent = cell.title || '';
  }

  function findNext(backwards) {
    const q = findBox.value.trim().toLowerCase();
    if (!q) { findStatus.textContent = ''; render(); return; }
    let total = 0;
    for (const line of view) if (cellsOf(line).some((c) => c.toLowerCase().includes(q))) total++;
    const n = view.length;
    for (let k = 1; k <= n; k++) {
      const r = (active.row + (backwards ? -k : k) + n * 2) % n;
      const c = cellsOf(view[r]).findIndex((x) => x.toLowerCase().includes(q));
      if (c >= 0) {
        move(r, c, false);
        findStatus.textContent = count(total, 'matchesOne', 'matchesOther');
        return;
      }
    }
    findStatus.textContent = say('noMatch', 'no match');
    render();
  }

  /** Renders at 60 positions spread over the whole table, as a fast scroll would, and reports the cost of each
   * frame's work (a frame has 16.7 ms at 60 Hz). */
  function measureScroll() {
    const times = [];
    const max = Math.max(0, view.length * ROW_H - viewport.clientHeight);
    for (let i = 0; i < 60; i++) {
      viewport.scrollTop = Math.round((max * ((i * 37) % 60)) / 59);
      const t0 = performance.now();
      render();
      void rowsEl.offsetHeight; // include layout
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    vscode.postMessage({ type: 'scrollMeasured', frames: times.length, medianMs: times[30], maxMs: times[times.length - 1] });
  }

  /** Rows from text lines: split at the separator, except the lines whose cells the extension parsed. */
  function fill(start, text, quoted, fmt) {
    const sep = fmt === 'csv' ? ',' : '\t';
    const lines = text.split(/\r\n|\r|\n/);
    if (start === 0 && lines[0] && lines[0].charCodeAt(0) === 0xfeff) lines[0] = lines[0].slice(1);
    for (let i = 0; i < lines.length && start + i < rows.length; i++) rows[start + i] = lines[i] === '' ? [] : lines[i].split(sep);
    for (const [line, cells] of quoted) rows[line] = cells;
  }

  // ---- events -----------------------------------------------------------------------------------------------

  viewport.addEventListener('scroll', () => requestAnimationFrame(render));
  window.addEventListener('resize', () => requestAnimationFrame(render));

  rowsEl.addEventListener('mousedown', (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (editing) endEdit(true);
    const rowEl = target.closest('.row');
    const cellEl = target.closest('.cell');
    if (!rowEl) return;
    const r = Number(/** @type {HTMLElement} */ (rowEl).dataset.row);
    const c = cellEl ? Number(/** @type {HTMLElement} */ (cellEl).dataset.col) : active.col;
    if (e.ctrlKey || e.metaKey) {
      const line = view[r];
      if (selected.has(line)) selected.delete(line); else selected.add(line);
      active = { row: r, col: c };
      render();
    } else move(r, c, e.shiftKey);
    grid.focus();
    e.preventDefault();
    if (target.closest('.fix')) showFixes();
  });
  rowsEl.addEventListener('dblclick', (e) => {
    const num = /** @type {HTMLElement} */ (e.target).closest('.num');
    if (num) vscode.postMessage({ type: 'openText', line: view[active.row], version: docVersion }); // the line in the text editor, beside
    else startEdit();
  });

  function sortBy(c) {
    if (sort.column !== c) sort = { column: c, descending: false };
    else if (!sort.descending) sort = { column: c, descending: true };
    else sort = { column: -1, descending: false };
    rebuildView();
    /** @type {HTMLElement | null} */ (head.querySelector(`.cell[data-col="${c}"]`))?.focus();
  }
  head.addEventListener('click', (e) => {
    const h = /** @type {HTMLElement} */ (e.target).closest('.cell');
    if (h) sortBy(Number(/** @type {HTMLElement} */ (h).dataset.col));
  });
  head.addEventListener('keydown', (e) => {
    const h = /** @type {HTMLElement} */ (e.target).closest('.cell');
    if (!h || (e.key !== 'Enter' && e.key !== ' ')) return;
    sortBy(Number(/** @type {HTMLElement} */ (h).dataset.col));
    e.preventDefault();
    e.stopPropagation(); // not the grid's Enter (edit)
  });

  grid.addEventListener('keydown', (e) => {
    if (editing || head.contains(/** @type {Node} */ (e.target))) return;
    if (follow && follow.ref.pending !== undefined) {
      // A row is being added and has no line yet: it is the selected row, so typing goes into it, never elsewhere.
      const k = e.key;
      if (k.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) startEditOn(follow.ref, follow.col, k);
      else if (k === 'Enter' || k === 'F2') startEditOn(follow.ref, follow.col, '');
      if (k !== 'F8' && !(e.ctrlKey && k.toLowerCase() === 'f') && !(e.ctrlKey && k.toLowerCase() === 's')) e.preventDefault();
      return;
    }
    const page = Math.max(1, Math.floor(viewport.clientHeight / ROW_H) - 1);
    const k = e.key;
    let handled = true;
    if (k === 'ArrowDown') move(active.row + 1, active.col, e.shiftKey);
    else if (k === 'ArrowUp') move(active.row - 1, active.col, e.shiftKey);
    else if (k === 'ArrowRight') move(active.row, active.col + 1, false);
    else if (k === 'ArrowLeft') move(active.row, active.col - 1, false);
    else if (k === 'PageDown') move(active.row + page, active.col, e.shiftKey);
    else if (k === 'PageUp') move(active.row - page, active.col, e.shiftKey);
    else if (k === 'Home') move(e.ctrlKey ? 0 : active.row, 0, false);
    else if (k === 'End') move(e.ctrlKey ? view.length - 1 : active.row, columns - 1, false);
    else if (k === 'Tab') {
      if (e.shiftKey) move(active.col > 0 ? active.row : active.row - 1, active.col > 0 ? active.col - 1 : columns - 1, false);
      else move(active.col < columns - 1 ? active.row : active.row + 1, active.col < columns - 1 ? active.col + 1 : 0, false);
    } else if (k === 'Enter' && (e.ctrlKey || e.metaKey)) addRow();
    else if (k === '.' && (e.ctrlKey || e.metaKey)) showFixes();
    else if (k === 'Enter' || k === 'F2') startEdit();
    else if (k === 'Delete') deleteSelected();
    // F8 and Ctrl+F are VS Code keybindings (terminology.table.nextProblem / .find), which reach this webview as
    // commands; handling them here too would run them twice.
    else if (k === 'Escape') { selected = new Set([view[active.row]]); render(); }
    else if (k.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) startEdit(k);
    else handled = false;
    if (handled) e.preventDefault();
  });

  /** Where the selection goes after the edit of `row` at `col`: a row still being added is followed. */
  function moveAfterEdit(row, col, delta, nextCol) {
    if (row.pending !== undefined) { follow = { ref: row, delta, col: nextCol }; return false; }
    const at = view.indexOf(row.line);
    move((at >= 0 ? at : active.row) + delta, nextCol, false);
    return true;
  }

  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { endEdit(true); addRow(); e.preventDefault(); }
    else if (e.key === 'Enter') {
      const was = endEdit(true);
      if (was) moveAfterEdit(was.row, was.col, 1, was.col);
      e.preventDefault();
    } else if (e.key === 'Escape') { endEdit(false); e.preventDefault(); }
    else if (e.key === 'Tab') {
      const was = endEdit(true);
      e.preventDefault();
      if (!was) return;
      const back = e.shiftKey;
      const sameRow = back ? was.col > 0 : was.col < columns - 1;
      const nextCol = back ? (sameRow ? was.col - 1 : columns - 1) : (sameRow ? was.col + 1 : 0);
      if (was.row.pending !== undefined && sameRow) {
        // Still being added: keep typing into its next cell; the edits wait for its line.
        follow = { ref: was.row, delta: 0, col: nextCol };
        startEditOn(was.row, nextCol, '');
        return;
      }
      if (moveAfterEdit(was.row, was.col, sameRow ? 0 : back ? -1 : 1, nextCol)) startEdit();
    }
  });
  editor.addEventListener('blur', () => { if (!editor.hidden) endEdit(true); });

  /** The fixes of the active cell's findings (a quick pick from the extension). */
  function showFixes() {
    const line = view[active.row];
    if (line === undefined) return;
    const row = ref(line);
    const col = active.col;
    request({ refs: [row], message: () => (row.line < 0 ? null : { type: 'fixes', line: row.line, column: col }) });
  }

  function deleteSelected() {
    const lines = selected.size ? [...selected] : [view[active.row]];
    if (!lines.length || lines[0] === undefined) return;
    const rs = lines.map(ref);
    request({ refs: rs, message: () => ({ type: 'deleteRows', lines: rs.map((r) => r.line).filter((l) => l >= 0) }) });
  }

  $('add').addEventListener('click', () => addRow());
  fixAllBtn.addEventListener('click', () => request({ message: () => ({ type: 'fixAll' }) }));
  $('delete').addEventListener('click', deleteSelected);
  nextBtn.addEventListener('click', nextProblem);
  applySort.addEventListener('click', () => { const { column, descending } = sort; request({ message: () => ({ type: 'sortDocument', column, descending }) }); });
  filterBox.addEventListener('input', () => rebuildView());
  findBox.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { findNext(e.shiftKey); e.preventDefault(); }
    else if (e.key === 'Escape') { findBox.value = ''; findStatus.textContent = ''; grid.focus(); render(); e.preventDefault(); }
  });
  findBox.addEventListener('input', () => render());

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (m.type === 'init') {
      // The first screen of rows comes at once; the rest follows in a 'rows' message.
      const t0 = performance.now();
      columns = m.columns;
      docVersion = m.version;
      S = m.strings || {};
      languages = m.languages || null;
      rows = new Array(m.total);
      fill(0, m.text, m.quoted, m.format);
      loading = m.total > 0 && m.complete === false;
      findings = new Map(m.findings);
      rebuildView();
      grid.focus();
      vscode.postMessage({ type: 'rendered', rows: m.total, ms: performance.now() - t0 });
    } else if (m.type === 'rows') {
      const t0 = performance.now();
      fill(m.start, typeof m.text === 'string' ? m.text : new TextDecoder().decode(m.text), m.quoted, m.format);
      loading = false;
      if (filterBox.value.trim() || sort.column >= 0) rebuildView(); else { renderSummary(); render(); }
      vscode.postMessage({ type: 'loaded', rows: rows.length, ms: performance.now() - t0 });
    } else if (m.type === 'splice') {
      columns = m.columns;
      docVersion = m.version;
      const activeLine = view[active.row] === undefined ? undefined : shiftLine(view[active.row], m);
      const anchorLine = anchor >= 0 && view[anchor] !== undefined ? shiftLine(view[anchor], m) : -1;
      if (m.rows.length < 10000) rows.splice(m.start, m.deleteCount, ...m.rows);
      else rows = rows.slice(0, m.start).concat(m.rows, rows.slice(m.start + m.deleteCount));
      // Everything that names a line follows its row: requests waiting to be sent, the cell being edited, the
      // selection, and the findings until the next lint arrives.
      for (const r of liveRefs()) if (r.pending === undefined) r.line = shiftLine(r.line, m);
      selected = new Set([...selected].map((l) => shiftLine(l, m)).filter((l) => l >= 0));
      if (m.rows.length !== m.deleteCount) {
        const moved = new Map();
        for (const [line, list] of findings) {
          const to = shiftLine(line, m);
          if (to >= 0 && (line < m.start || line >= m.start + m.deleteCount)) moved.set(to, list);
        }
        findings = moved;
      }
      rebuildView(activeLine !== undefined && activeLine >= 0 ? activeLine : undefined);
      anchor = anchorLine >= 0 ? view.indexOf(anchorLine) : -1;
      if (editing && editing.row.pending === undefined) {
        if (editing.row.line < 0) { editing = null; editor.hidden = true; grid.focus(); } else placeEditor();
      }
    } else if (m.type === 'done') {
      answered(m);
    } else if (m.type === 'findings') {
      findings = new Map(m.findings);
      renderSummary();
      render();
    } else if (m.type === 'command') {
      if (m.name === 'nextProblem') nextProblem();
      if (m.name === 'find') { findBox.focus(); findBox.select(); }
      if (m.name === 'measureScroll') measureScroll();
      if (m.name === 'fixes') showFixes();
    }
  });

  vscode.postMessage({ type: 'ready' });
})();
