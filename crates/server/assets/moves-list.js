// The move list (snapshot.moves, as the variant writes them): numbered by turn, one white
// and one black move a row, for the variants whose turns alternate one move each; otherwise
// one numbered entry a line.

const PAIRED = new Set(['classic', 'qec', 'realms', 'dmchess']);

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

/** Fills `list` (an <ol id="move-list">) with the moves of `game`. */
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
  const moveEl = (text, index) => {
    const span = document.createElement('span');
    span.className = 'move';
    span.dataset.index = index;
    span.textContent = text;
    if (index === moves.length - 1) span.classList.add('current');
    return span;
  };
  if (paired) {
    const offset = secondMovesFirst(game.start) ? 1 : 0;
    const first = firstNumber(game.start);
    const rows = Math.ceil((moves.length + offset) / 2);
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
        } else if (i < moves.length) {
          li.append(moveEl(moves[i], i));
        }
      }
      list.append(li);
    }
  } else {
    moves.forEach((text, i) => {
      const li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${i + 1}.`;
      li.append(num, moveEl(text, i));
      list.append(li);
    });
  }
  const scroller = list.parentElement;
  if (scroller) scroller.scrollTop = scroller.scrollHeight;
}
