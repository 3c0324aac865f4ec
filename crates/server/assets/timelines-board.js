// The timelines layout (5D chess's multiverse): a <canvas> renderer of the View. Timelines are
// rows, turns columns (each board at its `column`, `row`), every board drawn, the playable
// (active) boards outlined, arrows for time travel. Drag to pan (a drag that starts on a movable
// piece moves it), wheel / pinch / buttons to zoom; clicks are hit-tested through the transform.
// Only each board turns for the second player; the timelines and turns keep their places.
//
// The present is a band behind its column; a minimap in the corner shows the whole
// multiverse and the part on screen while some board is off it (a tap there goes to that
// part); the time travels of earlier turns come on demand (each turn's view, by its label).
// Boards too small on screen to read are drawn as plain tiles, so a multiverse of a hundred
// timelines pans and zooms at the frame rate.
//
// For tests: window.omnichess.multiverse = { cellAt(x, y), pointOf(board, square), fit,
// transform, boardsShown(), paintMs(frames) } in page coordinates, and the legal destinations
// of the selected piece in a hidden <ul id="dest-list">.

import { pieceUrl } from './pieces.js';
import { cellKey, cellName } from './interaction.js';
import { markStyles, styleOf, lightSquares } from './board-grid.js';
import { h } from './ui.js';
import { request } from './api.js';
import { stepPlies } from './step-through.js';
import { squareColours } from './themes.js';

const S = 40;          // a square, in world units
const GAP_X = 0.9 * S; // between turns
const GAP_Y = 1.1 * S; // between timelines
const LABEL = 0.6 * S;

/** Screen sizes (CSS pixels) of the texts drawn over the boards. */
const LABEL_PX = [12, 16];   // a board's name: at least, at most
const COORD_PX = [11, 14];   // coordinates
const COORD_MIN_SQUARE = 30; // squares smaller than this on screen show no coordinates

/** Boards smaller than this on screen (CSS pixels) are drawn as plain tiles. */
const TILE_BELOW_PX = 48;
/** The minimap's longer side, in CSS pixels, and its margin from the canvas's corner. */
const MINIMAP_PX = 150;
const MINIMAP_MARGIN = 8;

/** The squares' colours, of the board theme (themes.js) at each paint. */
let [LIGHT, DARK] = ['#f0d9b5', '#b58863'];

export class TimelinesBoard {
  constructor(container, interaction, page) {
    this.container = container;
    this.interaction = interaction;
    this.page = page;
    /** Earlier turns' time travels, by board label: shown on demand. */
    this.pastArrows = null;
    this.view = { boards: [] };
    this.options = {};
    this.styles = markStyles();
    this.scale = 1; this.tx = 0; this.ty = 0;
    this.userMoved = false;
    this.images = new Map();
    this.pointers = new Map();
    this.gesture = null;
    this.hover = null;

    this.canvas = h('canvas.mv-canvas', { tabindex: '0', 'aria-label': '5D board: drag to pan, wheel to zoom' });
    this.destList = h('ul#dest-list', { hidden: true });
    const zoomButton = (action, label, titleText, fn) => {
      const b = h('button.tool', { type: 'button', dataset: { action }, text: label, title: titleText });
      b.addEventListener('click', fn);
      return b;
    };
    this.toolbar = h('div.mv-toolbar', {},
      zoomButton('zoom-in', '+', 'Zoom in', () => this.zoomAt(1.25)),
      zoomButton('zoom-out', '−', 'Zoom out', () => this.zoomAt(0.8)),
      zoomButton('fit', '⤢', 'Show every board', () => { this.userMoved = true; this.fit(false, { every: true }); this.draw(); }),
      zoomButton('fit-active', '◎', 'Show the playable boards', () => { this.userMoved = true; this.fit(true); this.draw(); }),
      zoomButton('past-arrows', '↶', 'Show the time travels of earlier turns', () => this.togglePastArrows()));
    this.wrap = h('div.mv-wrap', {}, this.canvas, this.toolbar, this.destList);
    container.replaceChildren(this.wrap);
    const area = container.closest('.board-area');
    if (area) area.classList.add('wide');

    this.canvas.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.canvas.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.canvas.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.canvas.addEventListener('pointercancel', (e) => this.pointerUp(e, true));
    this.canvas.addEventListener('pointerleave', () => { if (!this.pointers.size && this.hover) { this.hover = null; this.draw(); } });
    this.canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      const [x, y] = this.local(e);
      this.zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), x, y);
    }, { passive: false });
    this.canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.wrap);

    window.omnichess = window.omnichess || {};
    window.omnichess.multiverse = {
      cellAt: (x, y) => this.cellAtClient(x - window.scrollX, y - window.scrollY),
      pointOf: (board, square) => this.pointOf(board, square),
      fit: (activeOnly, every) => { this.fit(!!activeOnly, { every: !!every }); this.draw(); },
      boardsShown: () => this.boardsShown(),
      paintMs: (frames) => this.paintMs(frames),
      minimap: () => this.minimapRect(),
      get transform() { return null; },
    };
    Object.defineProperty(window.omnichess.multiverse, 'transform', { get: () => ({ scale: this.scale, tx: this.tx, ty: this.ty }) });
  }

  // --- layout -------------------------------------------------------------------------------

  layout() {
    const boards = this.view.boards || [];
    const maxW = Math.max(S, ...boards.map((b) => b.files.length * S));
    const maxH = Math.max(S, ...boards.map((b) => b.ranks.length * S));
    const minC = Math.min(0, ...boards.map((b) => b.column | 0));
    const minR = Math.min(0, ...boards.map((b) => b.row | 0));
    this.places = boards.map((b) => ({
      x: ((b.column | 0) - minC) * (maxW + GAP_X),
      y: ((b.row | 0) - minR) * (maxH + GAP_Y + LABEL) + LABEL,
      w: b.files.length * S,
      h: b.ranks.length * S,
    }));
  }

  bounds(activeOnly) {
    let places = this.places.filter((_, i) => !activeOnly || this.view.boards[i].active);
    if (!places.length) places = this.places;
    if (!places.length) return { x0: 0, y0: 0, x1: 8 * S, y1: 8 * S };
    return {
      x0: Math.min(...places.map((p) => p.x)) - S * 0.3,
      y0: Math.min(...places.map((p) => p.y)) - LABEL - S * 0.2,
      x1: Math.max(...places.map((p) => p.x + p.w)) + S * 0.3,
      y1: Math.max(...places.map((p) => p.y + p.h)) + S * 0.3,
    };
  }

  /**
   * Fits every board (or the playable ones) in the canvas. Unless `every` (the "show every
   * board" button), a multiverse too large to read whole shows its playable boards.
   */
  fit(activeOnly, { every = false } = {}) {
    const { width, height } = this.size();
    if (!width || !height) return;
    let b = this.bounds(activeOnly);
    let scale = Math.min(width / (b.x1 - b.x0), height / (b.y1 - b.y0));
    if (!activeOnly && !every && scale * S < 14) {
      b = this.bounds(true);
      scale = Math.min(width / (b.x1 - b.x0), height / (b.y1 - b.y0));
    }
    scale = Math.min(scale, 1.6);
    this.scale = scale;
    this.tx = (width - (b.x1 - b.x0) * scale) / 2 - b.x0 * scale;
    this.ty = (height - (b.y1 - b.y0) * scale) / 2 - b.y0 * scale;
  }

  size() {
    return { width: this.canvas.clientWidth, height: this.canvas.clientHeight };
  }

  resize() {
    const dpr = window.devicePixelRatio || 1;
    const { width, height } = this.size();
    if (!width || !height) return;
    if (this.canvas.width !== Math.round(width * dpr) || this.canvas.height !== Math.round(height * dpr)) {
      this.canvas.width = Math.round(width * dpr);
      this.canvas.height = Math.round(height * dpr);
      if (!this.userMoved) this.fit(false);
      this.draw();
    }
  }

  /** The top-left of `square` inside its board, in world units. */
  squareOrigin(boardIndex, square) {
    const board = this.view.boards[boardIndex];
    const files = board.files.length; const ranks = board.ranks.length;
    const file = square % files; const rank = Math.floor(square / files);
    const flipped = !!this.options.flipped;
    const col = flipped ? files - 1 - file : file;
    const row = flipped ? rank : ranks - 1 - rank;
    const place = this.places[boardIndex];
    return [place.x + col * S, place.y + row * S];
  }

  // --- coordinates ------------------------------------------------------------------------------

  local(e) {
    const rect = this.canvas.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  }

  /** The cell under client point (x, y), or null. */
  cellAtClient(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    const x = clientX - rect.left; const y = clientY - rect.top;
    if (x < 0 || y < 0 || x > rect.width || y > rect.height) return null;
    return this.cellAtLocal(x, y);
  }

  cellAtLocal(x, y) {
    const wx = (x - this.tx) / this.scale; const wy = (y - this.ty) / this.scale;
    for (let i = 0; i < this.places.length; i++) {
      const p = this.places[i];
      if (wx >= p.x && wx < p.x + p.w && wy >= p.y && wy < p.y + p.h) {
        const board = this.view.boards[i];
        const files = board.files.length; const ranks = board.ranks.length;
        const col = Math.floor((wx - p.x) / S); const row = Math.floor((wy - p.y) / S);
        const flipped = !!this.options.flipped;
        const file = flipped ? files - 1 - col : col;
        const rank = flipped ? row : ranks - 1 - row;
        return { board: i, square: rank * files + file };
      }
    }
    return null;
  }

  /** The centre of a cell in page coordinates (and client ones), or null if off the canvas. */
  pointOf(board, square) {
    if (!this.view.boards[board]) return null;
    const [wx, wy] = this.squareOrigin(board, square);
    const rect = this.canvas.getBoundingClientRect();
    const clientX = rect.left + (wx + S / 2) * this.scale + this.tx;
    const clientY = rect.top + (wy + S / 2) * this.scale + this.ty;
    const visible = clientX >= rect.left && clientX <= rect.right && clientY >= rect.top && clientY <= rect.bottom;
    return { x: clientX + window.scrollX, y: clientY + window.scrollY, clientX, clientY, visible };
  }

  zoomAt(factor, x, y) {
    const { width, height } = this.size();
    const cx = x ?? width / 2; const cy = y ?? height / 2;
    const scale = Math.max(0.005, Math.min(4, this.scale * factor));
    const f = scale / this.scale;
    this.tx = cx - (cx - this.tx) * f;
    this.ty = cy - (cy - this.ty) * f;
    this.scale = scale;
    this.userMoved = true;
    this.draw();
  }

  // --- pointer --------------------------------------------------------------------------------

  pointerDown(e) {
    this.canvas.setPointerCapture(e.pointerId);
    const [x, y] = this.local(e);
    this.pointers.set(e.pointerId, { x, y });
    if (this.pointers.size === 2) {
      // Pinch: forget any press in progress.
      this.interaction.cancel();
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: 'pinch', dist: Math.hypot(a.x - b.x, a.y - b.y), mid: [(a.x + b.x) / 2, (a.y + b.y) / 2] };
      return;
    }
    if (e.button !== undefined && e.button !== 0) return;
    if (this.minimapGo(x, y)) return;
    const cell = this.cellAtLocal(x, y);
    let drag = false;
    // A press on a movable piece or a destination counts now; any other press may still
    // become a pan, so it counts only when released without moving.
    const state = this.interaction.state();
    const now = cell && (state.movable.has(cellKey(cell)) || this.interaction.isDest(cell));
    if (now) drag = this.interaction.press(cell);
    this.gesture = { kind: drag ? 'piece' : 'press', start: [x, y], last: [x, y], cell, moved: false, deferred: !!cell && !now };
    this.highlight();
  }

  pointerMove(e) {
    const [x, y] = this.local(e);
    if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, { x, y });
    const g = this.gesture;
    if (!g) {
      const cell = this.cellAtLocal(x, y);
      const key = cell ? cellKey(cell) : null;
      if (key !== this.hover) { this.hover = key; this.draw(); }
      return;
    }
    if (g.kind === 'pinch' && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = [(a.x + b.x) / 2, (a.y + b.y) / 2];
      this.tx += mid[0] - g.mid[0]; this.ty += mid[1] - g.mid[1];
      if (g.dist > 0) this.zoomAt(dist / g.dist, mid[0], mid[1]);
      g.dist = dist; g.mid = mid;
      this.userMoved = true;
      this.draw();
      return;
    }
    if (!g.moved && Math.hypot(x - g.start[0], y - g.start[1]) > 5) {
      g.moved = true;
      if (g.kind === 'press') this.interaction.cancel();
    }
    if (!g.moved) return;
    if (g.kind === 'press') {
      this.tx += x - g.last[0]; this.ty += y - g.last[1];
      this.userMoved = true;
      this.canvas.classList.add('panning');
    } else if (g.kind === 'piece') {
      g.pointer = [x, y];
    }
    g.last = [x, y];
    this.draw();
  }

  pointerUp(e, cancelled = false) {
    const [x, y] = this.local(e);
    this.pointers.delete(e.pointerId);
    const g = this.gesture;
    this.canvas.classList.remove('panning');
    if (!g) return;
    if (g.kind === 'pinch') {
      if (!this.pointers.size) this.gesture = null;
      return;
    }
    this.gesture = null;
    if (cancelled) { this.interaction.cancel(); this.draw(); return; }
    const cell = this.cellAtLocal(x, y);
    if (g.kind === 'piece') {
      if (cell) this.interaction.release(cell, g.moved);
      else this.interaction.cancel();
    } else if (!g.moved && cell && g.cell && cellKey(cell) === cellKey(g.cell)) {
      if (g.deferred) this.interaction.press(cell);
      this.interaction.release(cell, false);
    }
    this.highlight();
  }

  // --- drawing --------------------------------------------------------------------------------

  /** @param {import('./protocol.js').GameView} view */
  render(view, options = {}) {
    const firstBoards = !this.view.boards || !this.view.boards.length;
    const oldCount = (this.view.boards || []).length;
    this.view = view;
    this.options = options;
    this.styles = markStyles(options.marks);
    // The marks drawn on squares, each with its style (the canvas tints every kind but
    // `light`, which colours the squares).
    this.marksBySquare = (view.boards || []).map((board) => {
      const marks = new Map();
      for (const m of board.marks || []) {
        const style = styleOf(this.styles, m);
        if (style.draw === 'light') continue;
        if (!marks.has(m.square)) marks.set(m.square, []);
        marks.get(m.square).push(style);
      }
      return marks;
    });
    this.layout();
    this.resize();
    if (!this.userMoved || firstBoards || view.boards.length !== oldCount) {
      if (!this.userMoved) this.fit(false);
    }
    this.highlight();
  }

  image(piece) {
    const key = `${piece.player}${piece.kind}${piece.tag || ''}`;
    let entry = this.images.get(key);
    if (!entry) {
      const img = new Image();
      entry = { img, ready: false };
      // Drawn once into a bitmap: an SVG image is rasterised again at every drawImage.
      img.onload = () => {
        const bitmap = document.createElement('canvas');
        bitmap.width = 90; bitmap.height = 90;
        bitmap.getContext('2d').drawImage(img, 0, 0, 90, 90);
        entry.img = bitmap;
        entry.ready = true;
        this.draw();
      };
      img.src = pieceUrl(piece, 90);
      this.images.set(key, entry);
    }
    return entry.ready ? entry.img : null;
  }

  highlight() {
    const state = this.interaction.state();
    this.state = state;
    this.destList.replaceChildren(...state.dests.map((c) => h('li', { dataset: { cell: cellKey(c) }, text: cellName(this.view, c) })));
    this.destList.dataset.selected = state.selected ? cellKey(state.selected) : '';
    this.draw();
  }

  draw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = null; this.paint(); });
  }

  paint() {
    const ctx = this.canvas.getContext('2d');
    const dpr = window.devicePixelRatio || 1;
    const { width, height } = this.size();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#ece9e4';
    ctx.fillRect(0, 0, width, height);
    if (!this.places) return;
    ctx.setTransform(dpr * this.scale, 0, 0, dpr * this.scale, dpr * this.tx, dpr * this.ty);
    [LIGHT, DARK] = squareColours();
    const state = this.state || { dests: [], selected: null, movable: new Set() };
    const dests = new Set(state.dests.map(cellKey));
    const selected = state.selected ? cellKey(state.selected) : null;
    const last = new Set((this.options.last || []).map(cellKey));
    const checks = new Set((this.view.checks || []).map(cellKey));
    const dragging = this.gesture && this.gesture.kind === 'piece' && this.gesture.moved ? cellKey(this.gesture.cell) : null;
    // Visible world rectangle, to skip boards off screen.
    const vx0 = -this.tx / this.scale; const vy0 = -this.ty / this.scale;
    const vx1 = vx0 + width / this.scale; const vy1 = vy0 + height / this.scale;

    // The present: a band behind the column of the earliest playable board.
    const present = this.presentColumn();
    if (present != null) {
      const xs = this.places.filter((_, i) => (this.view.boards[i].column | 0) === present);
      if (xs.length) {
        const x0 = Math.min(...xs.map((p) => p.x)) - GAP_X * 0.35;
        const x1 = Math.max(...xs.map((p) => p.x + p.w)) + GAP_X * 0.35;
        ctx.fillStyle = 'rgba(24, 160, 251, 0.13)';
        ctx.fillRect(x0, vy0, x1 - x0, vy1 - vy0);
        ctx.strokeStyle = 'rgba(24, 160, 251, 0.8)';
        ctx.lineWidth = 2 / this.scale;
        ctx.setLineDash([8 / this.scale, 6 / this.scale]);
        ctx.beginPath();
        ctx.moveTo(x0, vy0); ctx.lineTo(x0, vy1);
        ctx.moveTo(x1, vy0); ctx.lineTo(x1, vy1);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }

    const shown = [];
    this.shownCount = 0;
    const tiles = S * 8 * this.scale < TILE_BELOW_PX;
    this.view.boards.forEach((board, b) => {
      const p = this.places[b];
      if (p.x > vx1 || p.y - LABEL > vy1 || p.x + p.w < vx0 || p.y + p.h < vy0) return;
      this.shownCount += 1;
      if (tiles) {
        // Too small to read: one tile, blue while playable.
        ctx.fillStyle = board.active ? '#18a0fb' : '#b58863';
        ctx.fillRect(p.x, p.y, p.w, p.h);
        return;
      }
      const blackToMove = /(^|\s)(b|black|dark)$/i.test(board.label.trim());
      // Frame: the colour of the side to move on this board; playable boards glow.
      ctx.fillStyle = blackToMove ? '#3a3a3a' : '#fafafa';
      roundRect(ctx, p.x - 5, p.y - 5, p.w + 10, p.h + 10, 6);
      ctx.fill();
      if (board.active) {
        ctx.save();
        ctx.shadowColor = 'rgba(0, 170, 255, 0.9)';
        ctx.shadowBlur = 14;
        ctx.strokeStyle = '#18a0fb';
        ctx.lineWidth = 4;
        roundRect(ctx, p.x - 6, p.y - 6, p.w + 12, p.h + 12, 7);
        ctx.stroke();
        ctx.restore();
      } else {
        ctx.strokeStyle = 'rgba(0,0,0,0.25)';
        ctx.lineWidth = 1;
        roundRect(ctx, p.x - 5, p.y - 5, p.w + 10, p.h + 10, 6);
        ctx.stroke();
      }
      shown.push(b);

      const files = board.files.length; const ranks = board.ranks.length;
      const lights = lightSquares(board, this.styles);
      for (let sq = 0; sq < files * ranks; sq++) {
        const [x, y] = this.squareOrigin(b, sq);
        const file = sq % files; const rank = Math.floor(sq / files);
        const key = `${b}:${sq}`;
        ctx.fillStyle = (lights ? lights.has(sq) : (file + rank) % 2 === 1) ? LIGHT : DARK;
        ctx.fillRect(x, y, S, S);
        if (last.has(key)) { ctx.fillStyle = 'rgba(155, 199, 0, 0.41)'; ctx.fillRect(x, y, S, S); }
        if (key === selected) { ctx.fillStyle = 'rgba(20, 85, 30, 0.5)'; ctx.fillRect(x, y, S, S); }
        if (key === this.hover && (state.movable.has(key) || dests.has(key))) { ctx.fillStyle = 'rgba(255, 255, 255, 0.25)'; ctx.fillRect(x, y, S, S); }
        for (const style of (this.marksBySquare[b] && this.marksBySquare[b].get(sq)) || []) {
          ctx.fillStyle = hexAlpha(style.colour, 0.3);
          ctx.fillRect(x + 2, y + 2, S - 4, S - 4);
          ctx.strokeStyle = style.colour;
          ctx.lineWidth = 2;
          ctx.strokeRect(x + 2, y + 2, S - 4, S - 4);
        }
        if (checks.has(key)) {
          const grad = ctx.createRadialGradient(x + S / 2, y + S / 2, 0, x + S / 2, y + S / 2, S * 0.62);
          grad.addColorStop(0, 'rgba(255,0,0,1)'); grad.addColorStop(0.25, 'rgba(231,0,0,1)'); grad.addColorStop(0.9, 'rgba(169,0,0,0)');
          ctx.fillStyle = grad;
          ctx.fillRect(x, y, S, S);
        }
        const piece = board.squares[sq];
        if (piece && key !== dragging) {
          const img = this.image(piece);
          if (img) ctx.drawImage(img, x, y, S, S);
        }
        if (dests.has(key)) {
          ctx.fillStyle = 'rgba(20, 85, 30, 0.5)';
          ctx.beginPath();
          if (piece) {
            ctx.arc(x + S / 2, y + S / 2, S * 0.47, 0, Math.PI * 2);
            ctx.arc(x + S / 2, y + S / 2, S * 0.38, 0, Math.PI * 2, true);
          } else {
            ctx.arc(x + S / 2, y + S / 2, S * 0.16, 0, Math.PI * 2);
          }
          ctx.fill();
        }
      }
    });

    // Arrows: time travel and the moves of this turn (and earlier turns', when asked).
    for (const arrow of [...(this.view.arrows || []), ...this.pastArrowCells()]) {
      if (!this.places[arrow.from.board] || !this.places[arrow.to.board]) continue;
      const [ax, ay] = this.squareOrigin(arrow.from.board, arrow.from.square);
      const [zx, zy] = this.squareOrigin(arrow.to.board, arrow.to.square);
      const colour = arrow.suggested ? 'rgba(31, 95, 191, 0.8)' : arrow.from.board === arrow.to.board ? 'rgba(21,120,27,0.75)' : 'rgba(130, 60, 200, 0.75)';
      drawArrow(ctx, ax + S / 2, ay + S / 2, zx + S / 2, zy + S / 2, colour);
    }

    // Board names and coordinates in screen pixels, readable at any zoom.
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (!tiles) this.paintLabels(ctx, shown);
    if (present != null) this.paintPresentLabel(ctx, present);
    this.paintMinimap(ctx);

    // A dragged piece follows the pointer.
    if (dragging && this.gesture.pointer) {
      const cell = this.gesture.cell;
      const piece = this.view.boards[cell.board].squares[cell.square];
      const img = piece && this.image(piece);
      if (img) {
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
        const size = Math.max(S * this.scale * 1.1, 36);
        ctx.drawImage(img, this.gesture.pointer[0] - size / 2, this.gesture.pointer[1] - size / 2, size, size);
      }
    }
  }

  /** The present's column: that of the earliest playable board; null when none is. */
  presentColumn() {
    const active = (this.view.boards || []).filter((b) => b.active).map((b) => b.column | 0);
    return active.length ? Math.min(...active) : null;
  }

  /** "present" over the present's band, in screen pixels. */
  paintPresentLabel(ctx, column) {
    const places = this.places.filter((_, i) => (this.view.boards[i].column | 0) === column);
    if (!places.length) return;
    const x = this.tx + (Math.min(...places.map((p) => p.x)) - GAP_X * 0.35) * this.scale;
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillStyle = '#0b6fb8';
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText('present', Math.max(2, x + 4), 4);
  }

  /** The boards wholly or partly on screen. */
  boardsShown() {
    const { width, height } = this.size();
    const vx0 = -this.tx / this.scale; const vy0 = -this.ty / this.scale;
    const vx1 = vx0 + width / this.scale; const vy1 = vy0 + height / this.scale;
    return this.places.filter((p) => !(p.x > vx1 || p.y > vy1 || p.x + p.w < vx0 || p.y + p.h < vy0)).length;
  }

  /** The average time of `frames` paints, in milliseconds. */
  paintMs(frames = 20) {
    const start = performance.now();
    for (let i = 0; i < frames; i++) this.paint();
    return (performance.now() - start) / frames;
  }

  /**
   * The minimap's rectangle on the canvas and its scale, while some board is off screen
   * (else null).
   */
  minimapRect() {
    if (!this.places || !this.places.length) return null;
    const { width, height } = this.size();
    const all = this.bounds(false);
    const sx0 = this.tx + all.x0 * this.scale; const sy0 = this.ty + all.y0 * this.scale;
    const sx1 = this.tx + all.x1 * this.scale; const sy1 = this.ty + all.y1 * this.scale;
    if (sx0 >= -1 && sy0 >= -1 && sx1 <= width + 1 && sy1 <= height + 1) return null;
    const w = all.x1 - all.x0; const hgt = all.y1 - all.y0;
    const k = Math.min(MINIMAP_PX / w, MINIMAP_PX / hgt, (width * 0.4) / w, (height * 0.4) / hgt);
    const mw = w * k; const mh = hgt * k;
    return { x: MINIMAP_MARGIN, y: height - mh - MINIMAP_MARGIN, w: mw, h: mh, k, all };
  }

  /** The minimap: every board as a tile, the part on screen framed. */
  paintMinimap(ctx) {
    const m = this.minimapRect();
    this.minimap = m;
    if (!m) return;
    ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.fillRect(m.x - 3, m.y - 3, m.w + 6, m.h + 6);
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.3)';
    ctx.lineWidth = 1;
    ctx.strokeRect(m.x - 3, m.y - 3, m.w + 6, m.h + 6);
    this.places.forEach((p, i) => {
      ctx.fillStyle = this.view.boards[i].active ? '#18a0fb' : '#b58863';
      ctx.fillRect(m.x + (p.x - m.all.x0) * m.k, m.y + (p.y - m.all.y0) * m.k, Math.max(1, p.w * m.k), Math.max(1, p.h * m.k));
    });
    const { width, height } = this.size();
    const vx0 = -this.tx / this.scale; const vy0 = -this.ty / this.scale;
    ctx.strokeStyle = '#d11';
    ctx.lineWidth = 2;
    const rx = m.x + (vx0 - m.all.x0) * m.k; const ry = m.y + (vy0 - m.all.y0) * m.k;
    const rw = (width / this.scale) * m.k; const rh = (height / this.scale) * m.k;
    ctx.save();
    ctx.beginPath();
    ctx.rect(m.x - 3, m.y - 3, m.w + 6, m.h + 6);
    ctx.clip();
    ctx.strokeRect(rx, ry, rw, rh);
    ctx.restore();
  }

  /** A press on the minimap centres the view there; true when it was on it. */
  minimapGo(x, y) {
    const m = this.minimap;
    if (!m || x < m.x - 3 || y < m.y - 3 || x > m.x + m.w + 3 || y > m.y + m.h + 3) return false;
    const wx = m.all.x0 + (x - m.x) / m.k; const wy = m.all.y0 + (y - m.y) / m.k;
    const { width, height } = this.size();
    this.tx = width / 2 - wx * this.scale;
    this.ty = height / 2 - wy * this.scale;
    this.userMoved = true;
    this.gesture = null;
    this.draw();
    return true;
  }

  /** Shows or hides the time travels of earlier turns (fetched once per turn's view). */
  async togglePastArrows() {
    const button = this.toolbar.querySelector('[data-action="past-arrows"]');
    if (this.pastArrows) {
      this.pastArrows = null;
      button.classList.remove('on');
      this.draw();
      return;
    }
    const game = this.page && this.page.game;
    if (!game) return;
    button.classList.add('on');
    const found = [];
    const plies = stepPlies(game).filter((p) => p > 0 && p < (game.history || []).length);
    for (const ply of plies) {
      let view;
      try {
        view = await request('GET', `/api/games/${encodeURIComponent(game.id)}/views/${ply}`);
      } catch {
        continue;
      }
      for (const a of view.arrows || []) {
        const from = view.boards[a.from.board]; const to = view.boards[a.to.board];
        if (from && to) found.push({ from: [from.label, a.from.square], to: [to.label, a.to.square] });
      }
    }
    const seen = new Set();
    this.pastArrows = found.filter((a) => {
      const k = JSON.stringify(a);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    this.draw();
  }

  /** The earlier turns' arrows on the boards of the view now. */
  pastArrowCells() {
    if (!this.pastArrows) return [];
    const index = new Map((this.view.boards || []).map((b, i) => [b.label, i]));
    const mine = new Set((this.view.arrows || []).map((a) => `${a.from.board}:${a.from.square}>${a.to.board}:${a.to.square}`));
    return this.pastArrows
      .map((a) => ({ from: { board: index.get(a.from[0]), square: a.from[1] }, to: { board: index.get(a.to[0]), square: a.to[1] } }))
      .filter((a) => a.from.board != null && a.to.board != null && !mine.has(`${a.from.board}:${a.from.square}>${a.to.board}:${a.to.square}`));
  }

  /** Board names and coordinates, drawn in screen pixels (a transform of `dpr` only). */
  paintLabels(ctx, shown) {
    const scale = this.scale;
    const sq = S * scale;
    const flipped = !!this.options.flipped;
    const font = 'system-ui, sans-serif';
    const toScreen = (wx, wy) => [this.tx + wx * scale, this.ty + wy * scale];
    for (const b of shown) {
      const board = this.view.boards[b];
      const p = this.places[b];
      const boardPx = p.w * scale;
      // The board's name above its frame, on a pale tab when it would run into the board above.
      if (boardPx >= 36) {
        const px = Math.round(Math.max(LABEL_PX[0], Math.min(LABEL_PX[1], S * 0.38 * scale)));
        ctx.font = `${board.active ? 600 : 500} ${px}px ${font}`;
        const [left, y] = toScreen(p.x - 5, p.y - 6);
        const room = (GAP_Y + LABEL - 12) * scale;
        const textW = Math.min(ctx.measureText(board.label).width, boardPx + (GAP_X - 12) * scale);
        // A board cut by the canvas's left edge keeps its name in view.
        const x = Math.max(left, Math.min(4, left + boardPx - textW));
        if (room < px + 4) {
          ctx.fillStyle = 'rgba(236, 233, 228, 0.88)';
          roundRect(ctx, x - 2, y - px - 4, textW + 6, px + 4, 3);
          ctx.fill();
        }
        ctx.fillStyle = board.active ? '#0d6efd' : '#444';
        ctx.textBaseline = 'bottom';
        ctx.textAlign = 'left';
        ctx.fillText(board.label, x + 1, y - 2, textW);
      }
      if (sq < COORD_MIN_SQUARE) continue;
      // Rank numbers in the left column's squares (top left), file letters in the bottom row's
      // (bottom right), as the viewer sees the board.
      const files = board.files.length; const ranks = board.ranks.length;
      const lights = lightSquares(board, this.styles);
      const isLight = (square) => (lights ? lights.has(square) : ((square % files) + Math.floor(square / files)) % 2 === 1);
      const px = Math.round(Math.max(COORD_PX[0], Math.min(COORD_PX[1], sq * 0.24)));
      ctx.font = `600 ${px}px ${font}`;
      const inset = Math.max(2, sq * 0.05);
      const leftFile = flipped ? files - 1 : 0;
      const bottomRank = flipped ? ranks - 1 : 0;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      for (let r = 0; r < ranks; r++) {
        const square = r * files + leftFile;
        const [x, y] = toScreen(...this.squareOrigin(b, square));
        ctx.fillStyle = isLight(square) ? DARK : LIGHT;
        ctx.fillText(board.ranks[r] ?? '', x + inset, y + inset * 0.6);
      }
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      for (let f = 0; f < files; f++) {
        const square = bottomRank * files + f;
        const [x, y] = toScreen(...this.squareOrigin(b, square));
        ctx.fillStyle = isLight(square) ? DARK : LIGHT;
        ctx.fillText(board.files[f] ?? '', x + sq - inset, y + sq - inset * 0.4);
      }
    }
    ctx.textAlign = 'left';
  }
}

function roundRect(ctx, x, y, w, hgt, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + hgt, r);
  ctx.arcTo(x + w, y + hgt, x, y + hgt, r);
  ctx.arcTo(x, y + hgt, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function hexAlpha(hex, alpha) {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function drawArrow(ctx, x0, y0, x1, y1, colour) {
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len < 1) return;
  const head = S * 0.45;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = S * 0.16;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1 - Math.cos(angle) * head * 0.8, y1 - Math.sin(angle) * head * 0.8);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - Math.cos(angle - 0.45) * head, y1 - Math.sin(angle - 0.45) * head);
  ctx.lineTo(x1 - Math.cos(angle + 0.45) * head, y1 - Math.sin(angle + 0.45) * head);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}
