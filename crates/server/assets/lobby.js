// The home page: choose a variant (and 5D's named start), a time control, then play the
// engine (offered for a variant the engine plays: its `has_engine`), create a game for a
// friend (both links shown, with copy buttons) or post a seek that anyone in the lobby may
// accept (the page polls it until then). A record or position text may be imported to start
// from (lobby-form.js). Below: the open seeks, the games being played, your games
// (lobby-lists.js).

/** @typedef {import('./protocol.js').VariantInfo} VariantInfo */
/** @typedef {import('./protocol.js').CreateGame} CreateGame */
/** @typedef {ReturnType<typeof gameFields>} GameFields */

import { variants, variantTitle, createGame, saveSeat, request } from './api.js';
import { h, showMessage, clearMessage, title } from './ui.js';
import { copyText } from './dialogs.js';
import { lobbyLists, enterGame, clockWords } from './lobby-lists.js';
import { gameFields, playerNames } from './lobby-form.js';

export { playerNames };

/** How often a waiting seeker polls its seek (the seek's heartbeat; the server drops it after 90 s). */
const SEEK_POLL_MS = 2000;

export async function showLobby(app) {
  title('');
  const list = await variants();
  const fields = gameFields(list);
  const engine = engineChoice();
  const friend = choice('create-game', 'Create a game to play a friend', 'Get two links: yours and your friend’s.');
  const seek = choice('post-seek', 'Post a seek', 'List it in the lobby: anyone may accept.');
  // An optional rating range: only accounts rated within it (1500 before their first rated
  // game in the variant and speed) may accept.
  const ratingLow = h('input#seek-rating-low', { type: 'number', min: '0', max: '4000', step: '50', placeholder: 'any', inputmode: 'numeric' });
  const ratingHigh = h('input#seek-rating-high', { type: 'number', min: '0', max: '4000', step: '50', placeholder: 'any', inputmode: 'numeric' });
  seek.card.insertBefore(h('div.rating-range', {},
    h('label.field', {}, h('span', { text: 'Ratings from' }), ratingLow),
    h('label.field', {}, h('span', { text: 'to' }), ratingHigh)), seek.button);
  const ratingRange = () => (ratingLow.value === '' && ratingHigh.value === ''
    ? null
    : [ratingLow.value === '' ? 0 : Number(ratingLow.value), ratingHigh.value === '' ? 4000 : Number(ratingHigh.value)]);
  const invite = h('section.panel.invite#invite', { hidden: true });
  const waiting = h('section.panel.invite#seek-waiting', { hidden: true });
  /** This page's own open seeks: not offered to accept. */
  const ownSeeks = new Set();
  const names = new Map(list.map((v) => [v.name, playerNames(v)]));
  const lists = lobbyLists({
    mine: () => ownSeeks,
    playerNames: (name) => names.get(name) || ['first player', 'second player'],
  });

  const refresh = () => {
    fields.refresh();
    engine.offerFor(fields.selected());
  };
  const creating = [engine.button, friend.button];
  fields.variantSelect.addEventListener('change', refresh);
  engine.button.addEventListener('click', () => startGame(fields, engine.level(), creating, invite));
  friend.button.addEventListener('click', () => startGame(fields, null, creating, invite));
  seek.button.addEventListener('click', () => postSeek(fields, { button: seek.button, waiting, ownSeeks, lists, ratingRange }));

  const form = h('section.panel.new-game', {},
    h('h1', { text: 'Play' }),
    ...fields.rows,
    h('div.choices-row', {}, engine.card, friend.card, seek.card));
  app.replaceChildren(h('div.lobby', {},
    h('div.lobby-main', {}, form, waiting, invite),
    h('div.lobby-side', {}, ...lists.panels)));
  const wanted = new URLSearchParams(location.search).get('variant');
  if (wanted && list.some((v) => v.name === wanted)) fields.variantSelect.value = wanted;
  refresh();
}

/** A choice of the form: a card with a line about it and its button `#id`. */
function choice(id, label, about) {
  const button = h(`button#${id}.primary`, { type: 'button', dataset: { action: id }, text: label });
  return { button, card: h('div.choice-card', {}, h('p.muted', { text: about }), button) };
}

/**
 * The engine's card: its strength and "Play the engine", offered (`offerFor`) only for a
 * variant the engine plays.
 */
function engineChoice() {
  const levelSelect = h('select#engine-level', { name: 'engine-level' },
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: String(n), text: `Level ${n}`, selected: n === 3 })));
  const button = h('button#play-engine.primary', { type: 'button', dataset: { action: 'play-engine' }, text: 'Play the engine' });
  const card = h('div.choice-card#engine-choice', {},
    h('label.field', {}, h('span', { text: 'Engine strength' }), levelSelect),
    button);
  return {
    card,
    button,
    level: () => Number(levelSelect.value),
    /** @param {VariantInfo} v */
    offerFor: (v) => { card.hidden = !v.has_engine; },
  };
}

/** The seat chosen in `fields`: 0 or 1, `random` drawn now. */
function chosenSeat(fields) {
  return fields.colour() === 'random' ? Math.round(Math.random()) : Number(fields.colour());
}

/**
 * Creates the game `fields` describe: against the engine at `level`, then into the game; or,
 * with `level` null, for a friend, then the invitation with both links. `buttons` are disabled
 * meanwhile.
 * @param {GameFields} fields
 * @param {number|null} level
 * @param {HTMLButtonElement[]} buttons
 * @param {HTMLElement} invite
 */
async function startGame(fields, level, buttons, invite) {
  clearMessage();
  const v = fields.selected();
  /** @type {CreateGame} */
  let body;
  try {
    body = { variant: v.name, casual: fields.casual(), clock: fields.clock() };
  } catch (e) {
    showMessage(e.message, 'error');
    return;
  }
  const imported = fields.imported();
  if (imported.text) body[imported.kind] = imported.text;
  else if (fields.startPosition(v)) body.position = fields.startPosition(v);
  const seat = chosenSeat(fields);
  body.engine = level != null ? { level, seat: 1 - seat } : null;
  for (const b of buttons) b.disabled = true;
  try {
    const answer = await createGame(body);
    const tokens = answer.tokens || {};
    const mine = seat === 0 ? tokens.white : tokens.black;
    const theirs = seat === 0 ? tokens.black : tokens.white;
    saveSeat(answer.id, mine, seat, { variant: v.name, engine: level });
    if (level != null) {
      location.assign(`/game/${encodeURIComponent(answer.id)}`);
      return;
    }
    showInvite(invite, answer.id, mine, theirs, v);
  } catch (e) {
    showMessage(`The game could not be created: ${e.message}`, 'error');
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

/**
 * What seeking touches: the seek's `button`, the `waiting` panel, this page's `ownSeeks` and
 * the lobby's `lists`.
 * @typedef {{button: HTMLButtonElement, waiting: HTMLElement, ownSeeks: Set<string>, lists: {refresh: () => void}, ratingRange: () => ([number, number]|null)}} Seeking
 */

/**
 * Posts a seek of the variant, start, clock and side `fields` describe; then waits for an
 * opponent.
 * @param {GameFields} fields
 * @param {Seeking} seeking
 */
async function postSeek(fields, seeking) {
  clearMessage();
  const v = fields.selected();
  let body;
  try {
    body = { variant: v.name, casual: fields.casual(), clock: fields.clock(), position: fields.startPosition(v) };
  } catch (e) {
    showMessage(e.message, 'error');
    return;
  }
  if (fields.imported().text) {
    showMessage('A seek starts from the variant’s start or a named one: an imported record or position is for a game against the engine or a friend.', 'error');
    return;
  }
  body.seat = fields.colour() === 'random' ? null : Number(fields.colour());
  body.rating_range = seeking.ratingRange();
  seeking.button.disabled = true;
  try {
    const made = await request('POST', '/api/seeks', body);
    seeking.ownSeeks.add(made.id);
    showWaiting(seeking, made.id, made.token, v, body.clock);
    seeking.lists.refresh();
  } catch (e) {
    showMessage(`The seek could not be posted: ${e.message}`, 'error');
    seeking.button.disabled = false;
  }
}

/**
 * The waiting panel of seek `id`: polls it until accepted (then into the game) or cancelled.
 * @param {Seeking} seeking
 */
function showWaiting(seeking, id, token, v, clock) {
  const { waiting, ownSeeks, lists } = seeking;
  let timer = null;
  let finished = false;
  const path = (what) => `/api/seeks/${encodeURIComponent(id)}/${what}`;
  const done = () => {
    finished = true;
    clearTimeout(timer);
    ownSeeks.delete(id);
    waiting.hidden = true;
    seeking.button.disabled = false;
  };
  const cancel = h('button.secondary#cancel-seek', { type: 'button', dataset: { action: 'cancel-seek' }, text: 'Cancel' });
  cancel.addEventListener('click', async () => {
    try {
      await request('POST', path('cancel'), { token });
    } catch (e) {
      if (e.status !== 404) showMessage(`The seek could not be cancelled: ${e.message}`, 'error');
    }
    done();
    lists.refresh();
  });
  const poll = async () => {
    try {
      const status = await request('POST', path('poll'), { token });
      if (finished) return;
      if (status.game) {
        done();
        enterGame(status.game, status.game_token, status.seat, v.name);
        return;
      }
    } catch (e) {
      if (finished) return;
      if (e.status === 404 || e.status === 403) {
        done();
        showMessage('Your seek is gone (the server restarted, or it waited too long unseen). Post it again.', 'error');
        return;
      }
    }
    timer = setTimeout(poll, SEEK_POLL_MS);
  };
  waiting.replaceChildren(
    h('h2', { text: 'Waiting for an opponent…' }),
    h('p.muted', { text: `${variantLabel(v.name)} · ${clockWords(clock)}. Your seek is listed under Open seeks; keep this page open: the game starts when someone accepts.` }),
    h('div.buttons', {}, cancel));
  waiting.hidden = false;
  timer = setTimeout(poll, SEEK_POLL_MS);
}

/** The `invite` panel of game `id` for a friend: both links, with copy buttons. */
function showInvite(invite, id, mine, theirs, v) {
  const base = `${location.origin}/game/${encodeURIComponent(id)}`;
  const myLink = `${base}#${mine}`;
  const friendLink = `${base}#${theirs}`;
  const linkRow = (label, link, idName, action) => {
    const input = h(`input#${idName}`, { type: 'text', readonly: true, value: link });
    input.addEventListener('focus', () => input.select());
    const button = h('button.secondary', { type: 'button', dataset: { action }, text: 'Copy' });
    button.addEventListener('click', async () => {
      button.textContent = (await copyText(link)) ? 'Copied' : 'Select and copy';
      setTimeout(() => { button.textContent = 'Copy'; }, 1500);
    });
    return h('div.link-row', {}, h('span.link-label', { text: label }), h('div.link-box', {}, input, button));
  };
  invite.replaceChildren(
    h('h2', { text: `Game created: ${variantLabel(v.name)}` }),
    h('p.muted', { text: 'Send the friend link to your opponent. Keep your own link: it is your seat (this browser remembers it).' }),
    linkRow('Friend’s link', friendLink, 'friend-link', 'copy-friend'),
    linkRow('Your link', myLink, 'my-link', 'copy-mine'),
    h('div.buttons', {}, h('a.button.primary#go-to-game', { href: `/game/${encodeURIComponent(id)}`, dataset: { action: 'go' }, text: 'Go to the game' })));
  invite.hidden = false;
  invite.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

/** The title of variant `name`, as the server lists it (see `variantTitle`). */
export const variantLabel = variantTitle;
