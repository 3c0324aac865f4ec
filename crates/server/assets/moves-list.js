// The move list (snapshot.moves, as the variant writes them): numbered by turn, the first
// player's turn and the second's on one row. A turn is one move, except in Die Chess (the
// roll `[N]` and the move it allows) and 5D (every move up to `submit`).

// The snapshot's type is protocol.js's.
/** @typedef {import('./protocol.js').Snapshot} Snapshot */

const PAIRED = new Set(['classic', 'qec', 'realms', 'dmchess', 'dice', 'multiverse']);

/** The turns of `moves`: `[{text, index}]`, `index` the last move of the turn. */
export function turns(variant, moves) {
  const out = [];
  if (variant === 'multiverse') {
    let current = [];
    moves.forEach((m, i) => {
      if (/^submit$/i.test(m)) {
        out.push({ text: current.join(' ') || '(no move)', index: i });
        current = [];
      } else current.push(m);
    });
    if (current.length) out.push({ text: `${current.join(' ')} …`, index: moves.length - 1, open: true });
    return out;
  }
  if (variant === 'dice') {
    let prefix = [];
    moves.forEach((m, i) => {
      if (/^\[.*\]$/.test(m)) prefix.push(m);
      else { out.push({ text: [...prefix, m].join(' '), index: i }); prefix = []; }
    });
    if (prefix.length) out.push({ text: `${prefix.join(' ')} …`, index: moves.length - 1, open: true });
    return out;
  }
  return moves.map((text, index) => ({ text, index }));
}

/** Does the start position say the second player moves first (a FEN's ` b ` field)? */
function secondMovesFirst(start) {
  if (!start || typeof start !== 'string') return false;
  const fields = start.trim().split(/\s+/);
  return fields.length >= 2 && fields[1] === 'b' && /\//.test(fields[0]);
}

function firstNumber(start) {
  if (!start || typeof start !== 'string') return 1;
  const fields = start.trim().split(/\s+/);
  const n = Number(fields[5]);
  return /\//.test(fields[0]) && Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * Fills `list` (an <ol id="move-list">) with the moves of `game`.
 * @param {HTMLElement} list
 * @param {Snapshot} game
 */
export function renderMoves(list, game) {
  const moves = game.moves || game.history || [];
  list.replaceChildren();
  const paired = PAIRED.has(game.variant);
  list.classList.toggle('paired', paired);
  if (!moves.length) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = 'No moves yet.';
    list.append(li);
    return;
  }
  const list2 = paired ? turns(game.variant, moves) : moves.map((text, index) => ({ text, index }));
  const moveEl = (turn) => {
    const span = document.createElement('span');
    span.className = 'move';
    span.dataset.index = turn.index;
    span.textContent = turn.text;
    if (turn.index === moves.length - 1) span.classList.add('current');
    if (turn.open) span.classList.add('open');
    return span;
  };
  if (paired) {
    const offset = secondMovesFirst(game.start) ? 1 : 0;
    const first = firstNumber(game.start);
    const rows = Math.ceil((list2.length + offset) / 2);
    for (let r = 0; r < rows; r++) {
      const li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${first + r}.`;
      li.append(num);
      for (let c = 0; c < 2; c++) {
        const i = r * 2 + c - offset;
        if (i < 0) {
          const dots = document.createElement('span');
          dots.className = 'move blank';
          dots.textContent = '…';
          li.append(dots);
        } else if (i < list2.length) {
          li.append(moveEl(list2[i]));
        }
      }
      list.append(li);
    }
  } else {
    list2.forEach((turn, i) => {
      const li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${i + 1}.`;
      li.append(num, moveEl(turn));
      list.append(li);
    });
  }
  const scroller = list.parentElement;
  if (scroller) scroller.scrollTop = scroller.scrollHeight;
}
