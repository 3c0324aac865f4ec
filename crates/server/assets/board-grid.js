// An SVG renderer of a View whose boards sit on a layout grid (classic, QEC, dice, Three
// Realms' three boards, DMChess's eight). Every square is a <g data-cell="BOARD:SQUARE">,
// with data-piece="PLAYER:KIND" when occupied; legal destinations get the class `dest`.
// Presses and drags are reported to an Interaction (interaction.js), which decides.

import { pieceMarkup, pieceSvg } from './pieces.js';
import { cellKey } from './interaction.js';

const S = 45;            // a square, in SVG units (the piece box)
const GAP = 0.7 * S;     // between boards
const LABEL = 0.55 * S;  // a board's name above it, when there are several boards

const NS = 'http://www.w3.org/2000/svg';

function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

/** The smallest square, in CSS pixels, a layout may draw: a finger's tap. */
export const MIN_SQUARE_PX = 30;

/** The number of grid columns a layout has (its boards' columns, first to last). */
export function layoutColumns(view) {
  const cols = (view.boards || []).map((b) => b.column | 0);
  return cols.length ? Math.max(...cols) - Math.min(...cols) + 1 : 0;
}

/**
 * The most grid columns that fit `widthPx` with squares of at least MIN_SQUARE_PX (at least
 * one): on a phone, a row of boards (Three Realms' three, DMChess's four) reflows.
 */
export function columnsThatFit(view, widthPx) {
  const boards = view.boards || [];
  const columns = layoutColumns(view);
  if (!boards.length || !(widthPx > 0)) return columns;
  const files = Math.max(...boards.map((b) => b.files.length));
  for (let k = columns; k > 1; k--) {
    const units = k * files * S + (k - 1) * GAP + 8;
    if ((widthPx / units) * S >= MIN_SQUARE_PX) return k;
  }
  return 1;
}

/**
 * Where each board goes: `{x, y, w, h}` in SVG units, and the whole size. With `turned`
 * (the second player's side and a view whose layout turns) grid columns and rows reverse.
 * With `maxColumns` under the layout's columns, the boards keep their reading order (row by
 * row, left to right) and wrap onto more rows of at most `maxColumns`.
 * @param {import('./protocol.js').GameView} view
 * @param {boolean} turned
 * @param {number} [maxColumns]
 */
export function layoutBoards(view, turned, maxColumns = Infinity) {
  const boards = view.boards || [];
  const labelled = boards.length > 1;
  if (!boards.length) return { places: [], width: 0, height: 0 };
  const cols = boards.map((b) => b.column | 0);
  const rows = boards.map((b) => b.row | 0);
  const minC = Math.min(...cols); const maxC = Math.max(...cols);
  const minR = Math.min(...rows); const maxR = Math.max(...rows);
  const gridCol = (b) => (turned ? maxC - (b.column | 0) : (b.column | 0) - minC);
  const gridRow = (b) => (turned ? maxR - (b.row | 0) : (b.row | 0) - minR);
  let nC = maxC - minC + 1; let nR = maxR - minR + 1;
  const slot = new Map(boards.map((b) => [b, [gridCol(b), gridRow(b)]]));
  if (maxColumns < nC) {
    const order = [...boards].sort((a, b) => (gridRow(a) * nC + gridCol(a)) - (gridRow(b) * nC + gridCol(b)));
    const wrap = Math.max(1, maxColumns);
    order.forEach((b, i) => slot.set(b, [i % wrap, Math.floor(i / wrap)]));
    nC = Math.min(wrap, boards.length);
    nR = Math.ceil(boards.length / wrap);
  }
  const colOf = (b) => slot.get(b)[0];
  const rowOf = (b) => slot.get(b)[1];
  const colW = new Array(nC).fill(0); const rowH = new Array(nR).fill(0);
  for (const b of boards) {
    colW[colOf(b)] = Math.max(colW[colOf(b)], b.files.length * S);
    rowH[rowOf(b)] = Math.max(rowH[rowOf(b)], b.ranks.length * S + (labelled ? LABEL : 0));
  }
  const colX = []; let x = 0;
  for (let c = 0; c < nC; c++) { colX.push(x); x += colW[c] + (colW[c] ? GAP : 0); }
  const rowY = []; let y = 0;
  for (let r = 0; r < nR; r++) { rowY.push(y); y += rowH[r] + (rowH[r] ? GAP : 0); }
  const places = boards.map((b) => {
    const w = b.files.length * S; const h = b.ranks.length * S;
    const c = colOf(b); const r = rowOf(b);
    return {
      x: colX[c] + (colW[c] - w) / 2,
      y: rowY[r] + (labelled ? LABEL : 0) + (rowH[r] - (labelled ? LABEL : 0) - h) / 2,
      w, h,
    };
  });
  return { places, width: Math.max(0, x - GAP), height: Math.max(0, y - GAP), labelled };
}

/** The top-left corner of `square` on a board of `files` × `ranks`, inside its board. */
export function squareOrigin(square, files, ranks, flipped) {
  const file = square % files;
  const rank = Math.floor(square / files);
  const col = flipped ? files - 1 - file : file;
  const row = flipped ? rank : ranks - 1 - rank;
  return [col * S, row * S];
}

/** The style of a mark whose kind the variant's guide does not style: a green ring. */
const UNSTYLED = { draw: 'ring', colour: '#6c8f3c', ink: '#fff' };

/**
 * The styles of a variant's marks by kind (`VariantInfo.marks`, the variant's guide): how each
 * kind is drawn (`ring`, `tab`, `gauge`, `tint` or `light`) and in which colours.
 * @param {import('./protocol.js').MarkStyle[]|undefined} marks
 * @returns {Map<string, import('./protocol.js').MarkStyle>}
 */
export function markStyles(marks) {
  return new Map((marks || []).map((style) => [style.kind, style]));
}

/** The style of `mark` among `styles` (from markStyles). */
export function styleOf(styles, mark) {
  return styles.get(mark.kind) || { ...UNSTYLED, kind: mark.kind };
}

/**
 * For each board, the set of light squares when its marks say which (the marks drawn `light`:
 * Three Realms' realms colour their own squares), else null.
 */
export function lightSquares(board, styles) {
  const marks = (board.marks || []).filter((m) => styleOf(styles, m).draw === 'light');
  return marks.length ? new Set(marks.map((m) => m.square)) : null;
}

/** The text a mark shows on its square: its short `label`, else its `text`. */
function shownText(mark) {
  return String(mark.label ?? mark.text ?? '');
}

/**
 * A level mark (a `gauge`: DMChess's DEL) on a piece: as many pips as the level up the
 * square's right edge and the level in a badge in the top-right corner (where a piece's tag
 * goes: the mark says it).
 */
export function markGauge(mark, style) {
  const colour = escapeXml(style.colour);
  const text = shownText(mark);
  const level = Math.max(0, Math.min(9, parseInt(text, 10) || 0));
  let out = `<g class="mark-gauge mark-${escapeXml(mark.kind)}">`;
  for (let i = 0; i < level; i++) {
    out += `<rect x="40" y="${S - 4.5 - (i + 1) * 3.6}" width="3.6" height="2.8" rx="0.6" fill="${colour}" stroke="rgba(0,0,0,0.55)" stroke-width="0.5"/>`;
  }
  out += `<circle cx="37" cy="8" r="6.5" fill="${colour}" stroke="#fff" stroke-width="1.2"/>`
    + `<text x="37" y="8.5" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" font-weight="bold" font-size="${text.length > 1 ? 7 : 9}" fill="${escapeXml(style.ink)}">${escapeXml(text)}</text></g>`;
  return out;
}

/**
 * The `i`-th tab of a square: a coloured tab in the lower-left corner (the second above it)
 * with the mark's short text (a portal's board number, an energy square's `E`).
 */
function markTab(mark, i, style) {
  const text = shownText(mark);
  const h = 16; const w = Math.max(h, 6 + 7.8 * text.length);
  const y = S - h - i * (h + 2);
  return `<g class="mark-tab mark-${escapeXml(mark.kind)}" transform="translate(0 ${y})">`
    + `<path d="M0 0 H${w - 4} Q${w} 0 ${w} 4 V${h} H0 Z" fill="${escapeXml(style.colour)}" stroke="rgba(255,255,255,0.85)" stroke-width="1"/>`
    + `<text x="${w / 2}" y="${h / 2 + 0.5}" text-anchor="middle" dominant-baseline="central" fill="${escapeXml(style.ink)}">${escapeXml(text)}</text></g>`;
}

/** The `i`-th ring of a square: a circle inside it, in the mark's colour. */
function markRing(mark, i, style) {
  return `<circle class="mark mark-${escapeXml(mark.kind)}" cx="${S / 2}" cy="${S / 2}" r="${S * 0.42 - i * 3.5}" fill="none" stroke="${escapeXml(style.colour)}" stroke-width="2.2"/>`;
}

/** A tint of the square in the mark's colour, framed. */
function markTint(mark, style) {
  const colour = escapeXml(style.colour);
  return `<rect class="mark mark-${escapeXml(mark.kind)}" x="2" y="2" width="${S - 4}" height="${S - 4}" fill="${colour}" fill-opacity="0.3" stroke="${colour}" stroke-width="2"/>`;
}

export class BoardGrid {
  /**
   * `container`: the element the SVG goes in; `interaction`: the Interaction that gets presses.
   */
  constructor(container, interaction) {
    this.container = container;
    this.interaction = interaction;
    this.svg = null;
    this.cells = new Map();
    this.drag = null;
    this.onPointerMove = (e) => this.pointerMove(e);
    this.onPointerUp = (e) => this.pointerUp(e);
    // A narrower page (a phone turned, the side panel moved) may fit fewer boards a row; then
    // a bar of the boards' names brings each into sight.
    this.columns = null;
    this.nav = document.createElement('nav');
    this.nav.className = 'board-nav';
    this.nav.id = 'board-nav';
    this.nav.setAttribute('aria-label', 'boards');
    this.nav.hidden = true;
    this.nav.addEventListener('click', (e) => {
      const button = e.target.closest && e.target.closest('button[data-board]');
      const board = button && this.svg && this.svg.querySelector(`g.board[data-board="${button.dataset.board}"]`);
      if (board) board.scrollIntoView({ block: 'center', inline: 'nearest' });
    });
    container.before(this.nav);
    if (typeof ResizeObserver === 'function') {
      this.resized = new ResizeObserver(() => {
        if (this.view && columnsThatFit(this.view, this.container.clientWidth) !== this.columns) {
          this.render(this.view, this.options);
        }
      });
      this.resized.observe(container);
    }
  }

  /**
   * Draws `view`. `options`: `flipped` (the second player's side at the bottom),
   * `last` (cells of the last decision), `names` (the players'), `marks` (the variant's
   * `MarkStyle`s, which say how each kind of mark is drawn).
   * @param {import('./protocol.js').GameView} view
   */
  render(view, options = {}) {
    this.view = view;
    this.options = options;
    const flipped = !!options.flipped;
    const turned = flipped && view.layout_turns !== false;
    this.columns = columnsThatFit(view, this.container.clientWidth);
    const layout = layoutBoards(view, turned, this.columns);
    this.layout = layout;
    const last = new Set((options.last || []).map(cellKey));
    const checks = new Set((view.checks || []).map(cellKey));
    const styles = markStyles(options.marks);
    const parts = [];
    const pad = 4;
    // Many boards side by side (Three Realms' 3, DMChess's 2 × 4) make small squares: the page
    // gives the boards its whole width (the side panel goes below them); on DMChess's the
    // tags and coordinates switch to a denser style.
    const across = layout.width / S;
    // The side panel goes below by the layout's own width, before any reflow to the page's.
    const stacked = layoutBoards(view, turned).width / S > 20;
    const dense = across > 30;
    const width = layout.width + 2 * pad; const height = layout.height + 2 * pad;
    parts.push(`<svg xmlns="${NS}" class="board-grid${flipped ? ' flipped' : ''}${dense ? ' dense' : ''}" viewBox="${-pad} ${-pad} ${width} ${height}" role="grid" aria-label="board">`);
    parts.push(`<defs><radialGradient id="check-glow"><stop offset="0%" stop-color="#ff0000" stop-opacity="1"/><stop offset="25%" stop-color="#e70000" stop-opacity="1"/><stop offset="89%" stop-color="#a90000" stop-opacity="0"/><stop offset="100%" stop-color="#9e0000" stop-opacity="0"/></radialGradient></defs>`);
    view.boards.forEach((board, b) => {
      const place = layout.places[b];
      const files = board.files.length; const ranks = board.ranks.length;
      parts.push(`<g class="board${board.active === false ? ' inactive' : ''}" data-board="${b}" transform="translate(${place.x} ${place.y})">`);
      if (layout.labelled) {
        parts.push(`<text class="board-label" x="${place.w / 2}" y="${-0.18 * S}" text-anchor="middle">${escapeXml(board.label)}</text>`);
      }
      parts.push(`<rect class="board-frame" x="-1.5" y="-1.5" width="${place.w + 3}" height="${place.h + 3}" rx="2"/>`);
      const marks = new Map();
      const lights = lightSquares(board, styles);
      for (const mark of (board.marks || []).filter((m) => styleOf(styles, m).draw !== 'light')) {
        if (!marks.has(mark.square)) marks.set(mark.square, []);
        marks.get(mark.square).push(mark);
      }
      for (let sq = 0; sq < files * ranks; sq++) {
        const [x, y] = squareOrigin(sq, files, ranks, flipped);
        const file = sq % files; const rank = Math.floor(sq / files);
        const light = lights ? lights.has(sq) : (file + rank) % 2 === 1;
        const piece = board.squares[sq];
        const key = `${b}:${sq}`;
        const name = `${board.files[file] ?? ''}${board.ranks[rank] ?? ''}`;
        const attrs = [`class="sq ${light ? 'light' : 'dark'}${piece ? ' occupied' : ''}${last.has(key) ? ' last' : ''}${checks.has(key) ? ' check' : ''}"`,
          `data-cell="${key}"`, `data-name="${escapeXml(name)}"`, `transform="translate(${x} ${y})"`];
        if (piece) attrs.push(`data-piece="${piece.player}:${escapeXml(piece.kind)}"`);
        const here = marks.get(sq) || [];
        const tip = [name, piece ? `${(options.names || ['white', 'black'])[piece.player === 1 ? 1 : 0]} ${piece.name || piece.kind}${piece.tag ? ` (${piece.tag})` : ''}` : null,
          ...here.map((m) => `${m.kind}${m.text ? `: ${m.text}` : ''}`)].filter(Boolean).join(' · ');
        parts.push(`<g ${attrs.join(' ')}>`);
        parts.push(`<title>${escapeXml(tip)}</title>`);
        parts.push(`<rect class="bg" width="${S}" height="${S}"/>`);
        parts.push(`<rect class="tint" width="${S}" height="${S}"/>`);
        // Each mark as its variant's style says: a tint of the square; a ring that leaves the
        // square's colour and its corners (the coordinates, a piece's tag) alone; a small
        // coloured tab with its short text in the lower-left corner; a gauge on the piece.
        // The full text is the square's tooltip.
        const drawn = (draw) => here.filter((m) => styleOf(styles, m).draw === draw);
        const gauges = drawn('gauge');
        const tabs = drawn('tab');
        drawn('tint').forEach((mark) => parts.push(markTint(mark, styleOf(styles, mark))));
        drawn('ring').forEach((mark, i) => parts.push(markRing(mark, i, styleOf(styles, mark))));
        if (checks.has(key)) parts.push(`<circle class="check-glow" cx="${S / 2}" cy="${S / 2}" r="${S * 0.62}" fill="url(#check-glow)"/>`);
        if (piece) {
          // A level mark saying the piece's tag draws it instead of the tag's badge.
          const said = gauges.some((m) => m.text != null && String(m.text) === String(piece.tag));
          parts.push(`<g class="piece">${pieceMarkup(said ? { ...piece, tag: null } : piece)}</g>`);
          gauges.forEach((mark) => parts.push(markGauge(mark, styleOf(styles, mark))));
        }
        tabs.slice(0, 2).forEach((mark, i) => parts.push(markTab(mark, i, styleOf(styles, mark))));
        // Coordinates inside the edge squares, as the viewer sees them, above everything.
        const leftEdge = flipped ? file === files - 1 : file === 0;
        const bottomEdge = flipped ? rank === ranks - 1 : rank === 0;
        if (leftEdge) parts.push(`<text class="coord rank-coord" x="2.5" y="${dense ? 11.5 : 10}">${escapeXml(board.ranks[rank] ?? '')}</text>`);
        if (bottomEdge) parts.push(`<text class="coord file-coord" x="${S - 2.5}" y="${S - 3}" text-anchor="end">${escapeXml(board.files[file] ?? '')}</text>`);
        parts.push(`<circle class="dot" cx="${S / 2}" cy="${S / 2}" r="${S * 0.16}"/>`);
        parts.push(`<circle class="ring" cx="${S / 2}" cy="${S / 2}" r="${S * 0.45}"/>`);
        parts.push('</g>');
      }
      parts.push('</g>');
    });
    // Arrows (5D time travel, if a grid view has any), above the squares.
    if ((view.arrows || []).length) {
      // The review's best move (`suggested`) in blue, beside the rules' arrows in green.
      parts.push('<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#15781b"/></marker>'
        + '<marker id="arrowhead-suggested" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#1f5fbf"/></marker></defs>');
      for (const arrow of view.arrows) {
        const a = this.centre(arrow.from); const z = this.centre(arrow.to);
        const kind = arrow.suggested ? ['arrow suggested', 'arrowhead-suggested'] : ['arrow', 'arrowhead'];
        if (a && z) parts.push(`<line class="${kind[0]}" x1="${a[0]}" y1="${a[1]}" x2="${z[0]}" y2="${z[1]}" marker-end="url(#${kind[1]})"/>`);
      }
    }
    parts.push('</svg>');
    this.container.innerHTML = parts.join('');
    this.svg = this.container.firstElementChild;
    this.cells = new Map();
    for (const el of this.svg.querySelectorAll('[data-cell]')) this.cells.set(el.dataset.cell, el);
    // Wide layouts (Three Realms, DMChess) keep tappable squares: at least 30 px each (34 px
    // for the dense style, whose tabs and coordinates then stay near 9 px).
    this.svg.style.setProperty('--min-board-width', across > 9 ? `${Math.round(across * (dense ? 34 : 30))}px` : '0px');
    const area = this.container.closest('.board-area');
    if (area) {
      area.style.setProperty('--aspect', String(width / height));
      area.classList.toggle('wide', across > 9);
    }
    const page = this.container.closest('.game-page');
    if (page) page.classList.toggle('stacked', stacked);
    this.renderNav(view, this.columns < layoutColumns(view));
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('contextmenu', (e) => { if (this.drag) e.preventDefault(); });
    this.highlight();
  }

  /** The bar of the boards' names, shown while the boards wrap onto more rows. */
  renderNav(view, wrapped) {
    this.nav.hidden = !wrapped;
    const labels = wrapped ? view.boards.map((b) => b.label) : [];
    const key = labels.join('\n');
    if (this.nav.dataset.labels === key) return;
    this.nav.dataset.labels = key;
    this.nav.replaceChildren(...labels.map((label, b) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'tool';
      button.dataset.board = String(b);
      button.textContent = label;
      return button;
    }));
  }

  /** The centre of a cell in SVG units. */
  centre(cell) {
    const board = this.view.boards[cell.board];
    const place = this.layout.places[cell.board];
    if (!board || !place) return null;
    const [x, y] = squareOrigin(cell.square, board.files.length, board.ranks.length, !!this.options.flipped);
    return [place.x + x + S / 2, place.y + y + S / 2];
  }

  /** Marks the selected square, the legal destinations and the movable pieces. */
  highlight() {
    if (!this.svg) return;
    const state = this.interaction.state();
    const dests = new Set(state.dests.map(cellKey));
    const selected = state.selected ? cellKey(state.selected) : null;
    const movable = state.movable;
    const premove = new Set((state.premove || []).map(cellKey));
    for (const [key, el] of this.cells) {
      el.classList.toggle('premove', premove.has(key));
      el.classList.toggle('dest', dests.has(key));
      el.classList.toggle('selected', key === selected);
      el.classList.toggle('movable', movable.has(key));
    }
  }

  cellFromEvent(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const sq = el && el.closest && el.closest('[data-cell]');
    if (!sq || !this.svg.contains(sq)) return null;
    const [board, square] = sq.dataset.cell.split(':').map(Number);
    return { board, square };
  }

  pointerDown(e) {
    if (e.button !== undefined && e.button !== 0) return;
    const sq = e.target.closest && e.target.closest('[data-cell]');
    if (!sq) return;
    const [board, square] = sq.dataset.cell.split(':').map(Number);
    const cell = { board, square };
    const startsDrag = this.interaction.press(cell);
    this.highlight();
    if (startsDrag) {
      e.preventDefault();
      this.drag = { cell, el: sq, x: e.clientX, y: e.clientY, ghost: null, pointer: e.pointerId };
      window.addEventListener('pointermove', this.onPointerMove);
      window.addEventListener('pointerup', this.onPointerUp);
      window.addEventListener('pointercancel', this.onPointerUp);
    } else {
      // A click that is not a drag: settle it on release over the same square.
      const up = (ev) => {
        window.removeEventListener('pointerup', up);
        const target = this.cellFromEvent(ev);
        if (target && cellKey(target) === cellKey(cell)) this.interaction.release(cell, false);
        this.highlight();
      };
      window.addEventListener('pointerup', up);
    }
  }

  pointerMove(e) {
    const drag = this.drag;
    if (!drag) return;
    if (!drag.ghost && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 4) {
      const piece = this.view.boards[drag.cell.board].squares[drag.cell.square];
      if (!piece) return;
      const rect = drag.el.getBoundingClientRect();
      const ghost = document.createElement('div');
      ghost.className = 'drag-ghost';
      ghost.style.width = `${rect.width}px`;
      ghost.style.height = `${rect.height}px`;
      ghost.innerHTML = pieceSvg(piece, rect.width);
      document.body.appendChild(ghost);
      drag.ghost = ghost;
      drag.size = rect.width;
      drag.el.classList.add('dragging');
    }
    if (drag.ghost) {
      drag.ghost.style.transform = `translate(${e.clientX - drag.size / 2}px, ${e.clientY - drag.size / 2}px)`;
      const over = this.cellFromEvent(e);
      const key = over ? cellKey(over) : null;
      for (const [k, el] of this.cells) el.classList.toggle('drag-over', k === key && el.classList.contains('dest'));
    }
  }

  pointerUp(e) {
    const drag = this.drag;
    window.removeEventListener('pointermove', this.onPointerMove);
    window.removeEventListener('pointerup', this.onPointerUp);
    window.removeEventListener('pointercancel', this.onPointerUp);
    this.drag = null;
    if (!drag) return;
    if (drag.ghost) drag.ghost.remove();
    drag.el.classList.remove('dragging');
    for (const el of this.cells.values()) el.classList.remove('drag-over');
    const target = e.type === 'pointercancel' ? null : this.cellFromEvent(e);
    if (target) this.interaction.release(target, !!drag.ghost);
    else if (drag.ghost) this.interaction.cancel();
    this.highlight();
  }
}
