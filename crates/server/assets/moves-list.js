// The move list (snapshot.moves, as the variant writes them): numbered by turn, the first
// player's turn and the second's on one row. The snapshot says which turn each decision
// belongs to (`turns`): one move, or Die Chess's roll and the move it allows, or every move of
// a 5D turn up to its submit, or a QEC move and the forced reply it calls for; who made each
// (`actors`); which only close their turn (`turn_ends`); and where the numbering starts
// (`first_move_number`, `first_mover`).

// The snapshot's type is protocol.js's.
/** @typedef {import('./protocol.js').Snapshot} Snapshot */

/**
 * The turns of `game`'s move list: `[{text, index, open}]`, `index` the last move of the
 * turn, `open` while the turn is not finished. A decision made in another seat's turn
 * (`actors`: QEC's forced reply) shows as a reply, `[↔ b5]`, in the turn it answers; the
 * decision that only closes a turn of several moves (`turn_ends`: 5D's `submit`) is not listed
 * where the turn has moves.
 * @param {Snapshot} game
 */
export function turns(game) {
  const moves = game.moves || [];
  const numbers = game.turns || [];
  const actors = game.actors || [];
  const ends = game.turn_ends || [];
  const out = [];
  moves.forEach((text, index) => {
    let last = out[out.length - 1];
    if (!last || last.turn !== numbers[index]) {
      last = { turn: numbers[index], texts: [], index, owner: null };
      out.push(last);
    }
    last.index = index;
    const actor = actors[index] ?? null;
    if (last.owner == null) last.owner = actor;
    if (actor != null && last.owner != null && actor !== last.owner) last.texts.push(`[↔ ${text}]`);
    else if (!(ends[index] && last.texts.length)) last.texts.push(text);
  });
  return out.map((t, i) => {
    const open = i === out.length - 1 && !game.outcome && t.turn === game.turn;
    const text = t.texts.join(' ');
    return { text: open ? `${text} …` : text, index: t.index, open };
  });
}

/**
 * Fills `list` (an <ol id="move-list">) with the moves of `game`; the turn ending at ply
 * `viewed` (a position a player steps back to) marked `viewed`, and scrolled to.
 * @param {HTMLElement} list
 * @param {Snapshot} game
 * @param {number|null} [viewed]
 */
export function renderMoves(list, game, viewed = null) {
  const moves = game.moves || [];
  list.replaceChildren();
  if (!moves.length) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = 'No moves yet.';
    list.append(li);
    return;
  }
  const rowsOfTurns = turns(game);
  // Turns of several moves (those a submit closes) read as their record writes them, a row a
  // turn number: `1. (0T1)Nf3 / (0T1)Nf6`, the row as wide as the list.
  const turnRows = (game.turn_ends || []).some(Boolean);
  list.classList.toggle('turn-rows', turnRows);
  list.classList.toggle('paired', !turnRows);
  const moveEl = (turn) => {
    const span = document.createElement('span');
    span.className = 'move';
    span.dataset.index = turn.index;
    // Each move whole: a line may break between moves, never inside one (`[↔ b5]` is one).
    (turn.text.match(/\[[^\]]*\]|\S+/g) || []).forEach((token, i) => {
      if (i) span.append(' ');
      const t = document.createElement('span');
      t.className = 'token';
      t.textContent = token;
      span.append(t);
    });
    if (turn.index === moves.length - 1) span.classList.add('current');
    if (turn.open) span.classList.add('open');
    if (viewed != null && turn.index + 1 === viewed) span.classList.add('viewed');
    return span;
  };
  // The start's turn is the second seat's: its row begins with the first seat's place blank.
  const offset = game.first_mover === 1 ? 1 : 0;
  const first = Number.isInteger(game.first_move_number) && game.first_move_number > 0 ? game.first_move_number : 1;
  const rows = Math.ceil((rowsOfTurns.length + offset) / 2);
  for (let r = 0; r < rows; r++) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${first + r}.`;
    li.append(num);
    const pair = turnRows ? document.createElement('span') : li;
    if (turnRows) { pair.className = 'turn-pair'; li.append(pair); }
    for (let c = 0; c < 2; c++) {
      const i = r * 2 + c - offset;
      if (turnRows && c === 1 && i < rowsOfTurns.length) pair.append(' / ');
      if (i < 0) {
        const dots = document.createElement('span');
        dots.className = 'move blank';
        dots.textContent = '…';
        pair.append(dots);
      } else if (i < rowsOfTurns.length) {
        pair.append(moveEl(rowsOfTurns[i]));
      }
    }
    list.append(li);
  }
  const scroller = list.parentElement;
  const shown = viewed != null && list.querySelector('.move.viewed');
  if (shown) shown.scrollIntoView({ block: 'nearest' });
  else if (scroller && viewed == null) scroller.scrollTop = scroller.scrollHeight;
}
