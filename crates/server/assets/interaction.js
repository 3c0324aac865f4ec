// What a press on a square means: select a piece (its legal destinations light up), move it
// (click a destination, or drop it there), or say why not. Both renderers (the SVG grid and the
// 5D canvas) report presses and releases here; the game page gets the chosen decisions.
// In a timed game, while the opponent moves, a player may premove: a press on an own piece,
// then on the square to go to; the game page plays it when the turn comes, if it is legal.

export function cellKey(cell) {
  return `${cell.board}:${cell.square}`;
}

/** A square's name as a player reads it (`e4`, or `heavens e4` when there are several boards). */
export function cellName(view, cell) {
  const board = view && view.boards && view.boards[cell.board];
  if (!board) return cellKey(cell);
  const files = board.files.length;
  const name = `${board.files[cell.square % files] ?? '?'}${board.ranks[Math.floor(cell.square / files)] ?? '?'}`;
  return view.boards.length > 1 ? `${board.label} ${name}` : name;
}

export class Interaction {
  /**
   * `onMove(candidates)`: the moves (from `view.moves`) going from the selected square to the
   * chosen one: one, or several when they differ by promotion. `onMessage(text)`: why a press
   * did nothing. `onChange()`: the selection changed.
   */
  constructor({ onMove, onMessage, onChange, onPremove } = {}) {
    this.onPremove = onPremove || (() => {});
    /** The seat that may premove now (null: none), its premove `{from, to}` and its start. */
    this.premoveSeat = null;
    this.premove = null;
    this.preFrom = null;
    this.onMove = onMove || (() => {});
    this.onMessage = onMessage || (() => {});
    this.onChange = onChange || (() => {});
    this.view = { boards: [], moves: [] };
    this.canMove = false;
    this.reason = '';
    this.mover = null;
    this.selected = null;
    this.pending = null;
    this.toggleOff = false;
    this.byFrom = new Map();
  }

  /**
   * A new view. `canMove`: this viewer may play now; otherwise `reason` says why not.
   * `mover`: the index of the player whose pieces move. A new view keeps the selection only
   * if the same piece still has moves.
   * @param {import('./protocol.js').GameView|null} view
   */
  setView(view, { canMove, reason, mover, premoveSeat = null } = {}) {
    this.premoveSeat = premoveSeat;
    if (premoveSeat == null) this.preFrom = null;
    this.view = view || { boards: [], moves: [] };
    this.canMove = !!canMove;
    this.reason = reason || '';
    this.mover = mover ?? null;
    this.byFrom = new Map();
    for (const move of this.view.moves || []) {
      if (!move.from || !move.to) continue;
      const key = cellKey(move.from);
      if (!this.byFrom.has(key)) this.byFrom.set(key, []);
      this.byFrom.get(key).push(move);
    }
    if (this.selected && !(this.canMove && this.byFrom.has(cellKey(this.selected)))) this.selected = null;
    this.pending = null;
  }

  /** `{selected, dests, movable}`: what to highlight. */
  state() {
    const dests = [];
    if (this.selected) {
      const seen = new Set();
      for (const move of this.byFrom.get(cellKey(this.selected)) || []) {
        const key = cellKey(move.to);
        if (!seen.has(key)) { seen.add(key); dests.push(move.to); }
      }
    }
    return {
      selected: this.selected || this.preFrom,
      dests,
      movable: this.canMove ? new Set(this.byFrom.keys()) : new Set(),
      premove: this.premove ? [this.premove.from, this.premove.to] : [],
    };
  }

  pieceAt(cell) {
    const board = this.view.boards && this.view.boards[cell.board];
    return board ? board.squares[cell.square] : null;
  }

  isDest(cell) {
    if (!this.selected) return false;
    const key = cellKey(cell);
    return (this.byFrom.get(cellKey(this.selected)) || []).some((m) => cellKey(m.to) === key);
  }

  select(cell) {
    this.selected = cell;
    this.onChange();
  }

  clear() {
    if (this.selected || this.pending) {
      this.selected = null;
      this.pending = null;
      this.onChange();
    }
  }

  cancel() {
    this.pending = null;
  }

  /** A press (pointer down) on `cell`; true when a piece drag may start from it. */
  press(cell) {
    const key = cellKey(cell);
    this.toggleOff = false;
    this.pending = null;
    if (this.selected && this.isDest(cell)) {
      this.pending = key;
      return false;
    }
    if (this.canMove && this.byFrom.has(key)) {
      this.toggleOff = !!this.selected && cellKey(this.selected) === key;
      this.select(cell);
      return true;
    }
    const piece = this.pieceAt(cell);
    if (!this.canMove && this.premoveSeat != null) {
      this.pressPremove(cell, piece);
      return false;
    }
    if (!this.canMove) {
      if (piece || this.selected) this.onMessage(this.reason || 'You cannot move now.');
      this.clear();
      return false;
    }
    if (this.selected) {
      const from = this.selected;
      const mine = piece && this.mover != null && piece.player === this.mover;
      if (mine) {
        this.onMessage(`That ${piece.name || 'piece'} on ${cellName(this.view, cell)} has no legal move.`);
      } else {
        const moving = this.pieceAt(from);
        this.onMessage(`${moving ? `The ${moving.name || 'piece'} on ${cellName(this.view, from)}` : cellName(this.view, from)} cannot go to ${cellName(this.view, cell)}: not a legal move.`);
      }
      this.clear();
      return false;
    }
    if (piece) {
      if (this.mover != null && piece.player !== this.mover) this.onMessage('That piece is not the one to move.');
      else this.onMessage(`That ${piece.name || 'piece'} on ${cellName(this.view, cell)} has no legal move.`);
    }
    return false;
  }

  /**
   * A press while the opponent moves: an own piece starts a premove, the next square ends it;
   * a press on the start again, or anywhere without a start, drops the premove.
   */
  pressPremove(cell, piece) {
    const own = piece && piece.player === this.premoveSeat;
    if (this.preFrom && cellKey(this.preFrom) !== cellKey(cell)) {
      this.premove = { from: this.preFrom, to: cell };
      this.preFrom = null;
    } else if (!this.preFrom && own) {
      this.preFrom = cell;
      this.premove = null;
    } else {
      this.preFrom = null;
      this.premove = null;
    }
    this.onPremove(this.premove);
    this.onChange();
  }

  /** Takes the premove (to play it now); null when there is none. */
  takePremove() {
    const premove = this.premove;
    this.premove = null;
    this.preFrom = null;
    return premove;
  }

  /** A release on `cell`: `dragged` when a piece was dragged there. */
  release(cell, dragged) {
    const key = cellKey(cell);
    if (this.pending) {
      const pending = this.pending;
      this.pending = null;
      if (pending === key && this.selected) this.play(this.selected, cell);
      return;
    }
    if (!this.selected) return;
    const selectedKey = cellKey(this.selected);
    if (dragged) {
      if (key === selectedKey) return;
      if (this.isDest(cell)) {
        this.play(this.selected, cell);
      } else {
        const moving = this.pieceAt(this.selected);
        this.onMessage(`${moving ? `The ${moving.name || 'piece'} on ${cellName(this.view, this.selected)}` : cellName(this.view, this.selected)} cannot go to ${cellName(this.view, cell)}: not a legal move.`);
        this.clear();
      }
      return;
    }
    if (key === selectedKey && this.toggleOff) this.clear();
  }

  play(from, to) {
    const fromKey = cellKey(from); const toKey = cellKey(to);
    const candidates = (this.byFrom.get(fromKey) || []).filter((m) => cellKey(m.to) === toKey);
    this.selected = null;
    this.onChange();
    if (candidates.length) this.onMove(candidates);
  }
}
