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

  /** @type {string[][]} */ let rows = [];
  /** @type {Map<number, {code:string, severity:string, message:string, column:number}[]>} */ let findings = new Map();
  let columns = 2;
  /** Document line of each visible row, in view order. */ let view = [];
  let sort = { column: -1, descending: false };
  let active = { row: 0, col: 0 }; // row = index into view
  /** @type {Set<number>} */ let selected = new Set(); // document lines
  let anchor = -1;
  let editing = null; // { line, col }

  const EMPTY = [];
  /** Cells of a line; a line not received yet (rows stream in after the first screen) has none. */
  const cellsOf = (line) => rows[line] || EMPTY;
  let loading = false;

  const names = () => (columns === 4 ? ['Source', 'Target', 'Source language', 'Target language'] : ['Source', 'Target']);

  function matches(line, text) {
    const t = text.toLowerCase();
    return cellsOf(line).some((c) => c.toLowerCase().includes(t));
  }

  function rebuildView() {
    const f = filterBox.value.trim();
    const activeLine = view[active.row];
    view = [];
    for (let i = 0; i < rows.length; i++) if (!f || matches(i, f)) view.push(i);
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
      h.title = 'Sort the view by this column (the file keeps its order)';
      h.setAttribute('aria-sort', sort.column === c ? (sort.descending ? 'descending' : 'ascending') : 'none');
      head.appendChild(h);
    });
    applySort.hidden = sort.column < 0;
  }

  function problemCount() {
    let n = 0;
    for (const list of findings.values()) n += list.filter((f) => f.severity !== 'info').length;
    return n;
  }

  function renderSummary() {
    const shown = view.length === rows.length ? '' : ` (${view.length} shown)`;
    summary.textContent = `${rows.length.toLocaleString('en-US')} rows${shown}${loading ? ' (loading…)' : ''}`;
    const n = problemCount();
    nextBtn.textContent = n ? `⚠ ${n} problem${n === 1 ? '' : 's'} — next` : '✓ no problems';
    nextBtn.classList.toggle('has-problems', n > 0);
    grid.setAttribute('aria-rowcount', String(view.length + 1));
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
      num.title = 'Double-click: show this line in the text editor';
      if (list.length) {
        num.classList.add(worst(list));
        num.title = list.map((f) => `${f.code}: ${f.message}`).join('\n') + '\n(double-click: show in the text editor)';
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
        text.textContent = value;
        const here = list.filter((f) => f.column === c);
        if (here.length) {
          const icon = document.createElement('span');
          const w = worst(here);
          icon.className = `icon ${w}`;
          icon.textContent = w === 'error' ? '✖' : w === 'warning' ? '⚠' : 'ℹ';
          icon.setAttribute('aria-label', w);
          cell.title = here.map((f) => `${f.code}: ${f.message}`).join('\n');
          cell.classList.add(w);
          cell.appendChild(icon);
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
    const cell = rowsEl.querySelector('#active-cell');
    if (!cell) return;
    const box = cell.getBoundingClientRect();
    editing = { line, col: active.col };
    editor.hidden = false;
    editor.style.left = `${box.left}px`;
    editor.style.top = `${box.top}px`;
    editor.style.width = `${box.width}px`;
    editor.style.height = `${box.height}px`;
    editor.value = initial !== undefined ? initial : (cellsOf(line)[active.col] ?? '');
    editor.focus();
    if (initial === undefined) editor.select();
  }

  function endEdit(commit) {
    if (!editing) return;
    const { line, col } = editing;
    editing = null;
    const value = editor.value;
    editor.hidden = true;
    grid.focus();
    if (commit && value !== (cellsOf(line)[col] ?? '')) vscode.postMessage({ type: 'edit', line, column: col, value });
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
        findStatus.textContent = `${total} match${total === 1 ? '' : 'es'}`;
        return;
      }
    }
    findStatus.textContent = 'no match';
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
  });
  rowsEl.addEventListener('dblclick', (e) => {
    const num = /** @type {HTMLElement} */ (e.target).closest('.num');
    if (num) vscode.postMessage({ type: 'openText', line: view[active.row] }); // the line in the text editor, beside
    else startEdit();
  });

  head.addEventListener('click', (e) => {
    const h = /** @type {HTMLElement} */ (e.target).closest('.cell');
    if (!h) return;
    const c = Number(/** @type {HTMLElement} */ (h).dataset.col);
    if (sort.column !== c) sort = { column: c, descending: false };
    else if (!sort.descending) sort = { column: c, descending: true };
    else sort = { column: -1, descending: false };
    rebuildView();
  });

  grid.addEventListener('keydown', (e) => {
    if (editing) return;
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
    } else if (k === 'Enter' && (e.ctrlKey || e.metaKey)) vscode.postMessage({ type: 'addRow', after: view[active.row] ?? rows.length - 1 });
    else if (k === 'Enter' || k === 'F2') startEdit();
    else if (k === 'Delete') deleteSelected();
    // F8 and Ctrl+F are VS Code keybindings (terminology.table.nextProblem / .find), which reach this webview as
    // commands; handling them here too would run them twice.
    else if (k === 'Escape') { selected = new Set([view[active.row]]); render(); }
    else if (k.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) startEdit(k);
    else handled = false;
    if (handled) e.preventDefault();
  });

  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { endEdit(true); move(active.row + 1, active.col, false); e.preventDefault(); }
    else if (e.key === 'Escape') { endEdit(false); e.preventDefault(); }
    else if (e.key === 'Tab') {
      endEdit(true);
      if (e.shiftKey) move(active.col > 0 ? active.row : active.row - 1, active.col > 0 ? active.col - 1 : columns - 1, false);
      else move(active.col < columns - 1 ? active.row : active.row + 1, active.col < columns - 1 ? active.col + 1 : 0, false);
      startEdit();
      e.preventDefault();
    }
  });
  editor.addEventListener('blur', () => endEdit(true));

  function deleteSelected() {
    const lines = selected.size ? [...selected] : [view[active.row]];
    if (lines.length && lines[0] !== undefined) vscode.postMessage({ type: 'deleteRows', lines });
  }

  $('add').addEventListener('click', () => vscode.postMessage({ type: 'addRow', after: view[active.row] ?? rows.length - 1 }));
  $('delete').addEventListener('click', deleteSelected);
  nextBtn.addEventListener('click', nextProblem);
  applySort.addEventListener('click', () => vscode.postMessage({ type: 'sortDocument', column: sort.column, descending: sort.descending }));
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
      rows = new Array(m.total);
      fill(0, m.text, m.quoted, m.format);
      loading = m.total > 0 && m.complete === false;
      findings = new Map(m.findings);
      rebuildView();
      grid.focus();
      vscode.postMessage({ type: 'rendered', rows: m.total, ms: performance.now() - t0 });
    } else if (m.type === 'rows') {
      const t0 = performance.now();
      fill(m.start, m.text, m.quoted, m.format);
      loading = false;
      if (filterBox.value.trim() || sort.column >= 0) rebuildView(); else { renderSummary(); render(); }
      vscode.postMessage({ type: 'loaded', rows: rows.length, ms: performance.now() - t0 });
    } else if (m.type === 'splice') {
      columns = m.columns;
      if (m.rows.length < 10000) rows.splice(m.start, m.deleteCount, ...m.rows);
      else rows = rows.slice(0, m.start).concat(m.rows, rows.slice(m.start + m.deleteCount));
      // Findings follow their lines until the next lint arrives.
      const shift = m.rows.length - m.deleteCount;
      if (shift) {
        const moved = new Map();
        for (const [line, list] of findings) {
          if (line < m.start) moved.set(line, list);
          else if (line >= m.start + m.deleteCount) moved.set(line + shift, list);
        }
        findings = moved;
        selected = new Set([...selected].filter((l) => l < rows.length));
      }
      rebuildView();
    } else if (m.type === 'findings') {
      findings = new Map(m.findings);
      renderSummary();
      render();
    } else if (m.type === 'command') {
      if (m.name === 'nextProblem') nextProblem();
      if (m.name === 'find') { findBox.focus(); findBox.select(); }
      if (m.name === 'measureScroll') measureScroll();
    }
  });

  vscode.postMessage({ type: 'ready' });
})();
