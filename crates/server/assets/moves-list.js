// The move list (snapshot.moves, as the variant writes them): numbered by turn, the first
// player's turn and the second's on one row. The snapshot says which turn each decision
// belongs to (`turns`): one move, or Die Chess's roll and the move it allows, or every move of
// a 5D turn up to its submit.

// The snapshot's type is protocol.js's.
/** @typedef {import('./protocol.js').Snapshot} Snapshot */

/**
 * The turns of `game`'s move list: `[{text, index, open}]`, `index` the last move of the
 * turn, `open` while the turn is not finished.
 * @param {Snapshot} game
 */
export function turns(game) {
  const moves = game.moves || [];
  const numbers = game.turns || [];
  const out = [];
  moves.forEach((text, index) => {
    const last = out[out.length - 1];
    if (last && last.turn === numbers[index]) {
      last.texts.push(text);
      last.index = index;
    } else out.push({ turn: numbers[index], texts: [text], index });
  });
  return out.map((t, i) => {
    const open = i === out.length - 1 && !game.outcome && t.turn === game.turn;
    return { text: open ? `${t.texts.join(' ')} …` : t.texts.join(' '), index: t.index, open };
  });
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
  const moves = game.moves || [];
  list.replaceChildren();
  list.classList.add('paired');
  if (!moves.length) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = 'No moves yet.';
    list.append(li);
    return;
  }
  const rowsOfTurns = turns(game);
  const moveEl = (turn) => {
    const span = document.createElement('span');
    span.className = 'move';
    span.dataset.index = turn.index;
    span.textContent = turn.text;
    if (turn.index === moves.length - 1) span.classList.add('current');
    if (turn.open) span.classList.add('open');
    return span;
  };
  const offset = secondMovesFirst(game.start) ? 1 : 0;
  const first = firstNumber(game.start);
  const rows = Math.ceil((rowsOfTurns.length + offset) / 2);
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
      } else if (i < rowsOfTurns.length) {
        li.append(moveEl(rowsOfTurns[i]));
      }
    }
    list.append(li);
  }
  const scroller = list.parentElement;
  if (scroller) scroller.scrollTop = scroller.scrollHeight;
}
