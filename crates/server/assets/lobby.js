// The home page: choose a variant (and 5D's named start), a time control, then play the
// engine, create a game for a friend (both links shown, with copy buttons) or post a seek that
// anyone in the lobby may accept (the page polls it until then). A record or position text
// may be imported to start from. Below: the open seeks, the games being played, your games
// (lobby-lists.js).

/** @typedef {import('./protocol.js').VariantInfo} VariantInfo */
/** @typedef {import('./protocol.js').TimeControl} TimeControl */
/** @typedef {import('./protocol.js').CreateGame} CreateGame */

import { variants, variantTitle, createGame, saveSeat, request } from './api.js';
import { h, showMessage, clearMessage, title, capitalise } from './ui.js';
import { copyText } from './dialogs.js';
import { lobbyLists, enterGame, clockWords } from './lobby-lists.js';

/** How often a waiting seeker polls its seek (the seek's heartbeat; the server drops it after 90 s). */
const SEEK_POLL_MS = 2000;

/**
 * The players' names of a variant.
 * @param {VariantInfo} variant
 * @returns {string[]}
 */
export function playerNames(variant) {
  return variant.players;
}

/** @param {TimeControl} tc */
function describeControl(tc) {
  if (tc.label) return tc.label;
  if (tc.per_move_ms) return `${tc.per_move_ms / 1000} s a move`;
  return `${(tc.base_ms || 0) / 60000} min + ${(tc.increment_ms || 0) / 1000} s`;
}

export async function showLobby(app) {
  title('');
  const list = await variants();
  const params = new URLSearchParams(location.search);

  const variantSelect = h('select#variant', { name: 'variant' },
    list.map((v) => h('option', { value: v.name, text: variantLabel(v.name) })));
  const description = h('p.variant-description.muted');
  const startSelect = h('select#start', { name: 'start' });
  const startRow = h('label.field#start-row', {}, h('span', { text: 'Start position' }), startSelect);
  const tcSelect = h('select#time-control', { name: 'time-control' });
  const baseInput = h('input#base-minutes', { type: 'number', min: '0', step: 'any', value: '5', inputmode: 'decimal' });
  const incInput = h('input#increment-seconds', { type: 'number', min: '0', step: 'any', value: '3', inputmode: 'decimal' });
  const customRow = h('div.field-row#custom-clock', {},
    h('label.field', {}, h('span', { text: 'Minutes' }), baseInput),
    h('label.field', {}, h('span', { text: 'Increment (s)' }), incInput));
  const casual = h('input#casual', { type: 'checkbox', checked: true });
  const levelSelect = h('select#engine-level', { name: 'engine-level' },
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => h('option', { value: String(n), text: `Level ${n}`, selected: n === 3 })));
  const colourSelect = h('select#colour', { name: 'colour' });
  const importText = h('textarea#import-text', { rows: 4, placeholder: 'Paste a record (PGN, 5DPGN, …) or a position (FEN, …)', spellcheck: false });
  const importKind = h('select#import-kind', {},
    h('option', { value: 'record', text: 'a record: continue the game' }),
    h('option', { value: 'position', text: 'a position: start from it' }));
  const importBox = h('details.import#import', {},
    h('summary', { text: 'Import a record or position' }),
    h('label.field', {}, h('span', { text: 'The text is' }), importKind),
    importText);
  const playEngine = h('button#play-engine.primary', { type: 'button', dataset: { action: 'play-engine' }, text: 'Play the engine' });
  const createFriend = h('button#create-game.primary', { type: 'button', dataset: { action: 'create-game' }, text: 'Create a game to play a friend' });
  const postSeek = h('button#post-seek.primary', { type: 'button', dataset: { action: 'post-seek' }, text: 'Post a seek' });
  const invite = h('section.panel.invite#invite', { hidden: true });
  const waiting = h('section.panel.invite#seek-waiting', { hidden: true });
  /** This page's own open seeks: not offered to accept. */
  const ownSeeks = new Set();

  const selected = () => list.find((v) => v.name === variantSelect.value) || list[0];

  function refreshVariant() {
    const v = selected();
    description.textContent = v.description || '';
    const starts = v.starts || [];
    startSelect.replaceChildren(...starts.map((s, i) => h('option', { value: String(i), text: s.name })));
    startRow.hidden = starts.length < 2;
    const current = tcSelect.value;
    tcSelect.replaceChildren(
      h('option', { value: 'none', text: 'No clock' }),
      ...(v.time_controls || []).map((tc, i) => h('option', { value: `tc:${i}`, text: capitalise(describeControl(tc)) })),
      h('option', { value: 'custom', text: 'Custom…' }));
    if ([...tcSelect.options].some((o) => o.value === current)) tcSelect.value = current;
    customRow.hidden = tcSelect.value !== 'custom';
    const names = playerNames(v);
    const colour = colourSelect.value || '0';
    colourSelect.replaceChildren(
      h('option', { value: '0', text: capitalise(names[0]) }),
      h('option', { value: '1', text: capitalise(names[1]) }),
      h('option', { value: 'random', text: 'Random' }));
    colourSelect.value = colour;
  }

  function clockBody() {
    const v = selected();
    if (tcSelect.value === 'none') return null;
    if (tcSelect.value === 'custom') {
      const base = Number(baseInput.value); const inc = Number(incInput.value);
      if (!(base > 0) || inc < 0 || Number.isNaN(inc)) throw new Error('A custom clock needs minutes above 0 and an increment of 0 or more seconds.');
      return { base_ms: Math.round(base * 60000), increment_ms: Math.round(inc * 1000) };
    }
    const tc = (v.time_controls || [])[Number(tcSelect.value.slice(3))];
    if (!tc) return null;
    const body = { base_ms: tc.base_ms || 0, increment_ms: tc.increment_ms || 0, per_move_ms: tc.per_move_ms || 0 };
    if (tc.period) body.period = tc.period;
    return body;
  }

  /** The chosen named start's position, if one other than the standard start. */
  function startPosition(v) {
    if (startRow.hidden || !v.starts) return null;
    const start = v.starts[Number(startSelect.value)];
    return start && start.position ? start.position : null;
  }

  async function create(withEngine) {
    clearMessage();
    const v = selected();
    let body;
    try {
      body = { variant: v.name, casual: casual.checked, clock: clockBody() };
    } catch (e) {
      showMessage(e.message, 'error');
      return;
    }
    const text = importText.value.trim();
    if (text) body[importKind.value] = text;
    else if (startPosition(v)) body.position = startPosition(v);
    const seat = colourSelect.value === 'random' ? Math.round(Math.random()) : Number(colourSelect.value);
    body.engine = withEngine ? { level: Number(levelSelect.value), seat: 1 - seat } : null;
    for (const b of [playEngine, createFriend]) b.disabled = true;
    try {
      const answer = await createGame(body);
      const tokens = answer.tokens || {};
      const mine = seat === 0 ? tokens.white : tokens.black;
      const theirs = seat === 0 ? tokens.black : tokens.white;
      saveSeat(answer.id, mine, seat, { variant: v.name, engine: withEngine ? body.engine.level : null });
      if (withEngine) {
        location.assign(`/game/${encodeURIComponent(answer.id)}`);
        return;
      }
      showInvite(answer.id, mine, theirs, v);
    } catch (e) {
      showMessage(`The game could not be created: ${e.message}`, 'error');
    } finally {
      for (const b of [playEngine, createFriend]) b.disabled = false;
    }
  }

  /** Posts a seek of the chosen variant, start, clock and side; then waits for an opponent. */
  async function seek() {
    clearMessage();
    const v = selected();
    let body;
    try {
      body = { variant: v.name, casual: casual.checked, clock: clockBody(), position: startPosition(v) };
    } catch (e) {
      showMessage(e.message, 'error');
      return;
    }
    if (importText.value.trim()) {
      showMessage('A seek starts from the variant’s start or a named one: an imported record or position is for a game against the engine or a friend.', 'error');
      return;
    }
    body.seat = colourSelect.value === 'random' ? null : Number(colourSelect.value);
    postSeek.disabled = true;
    try {
      const made = await request('POST', '/api/seeks', body);
      ownSeeks.add(made.id);
      showWaiting(made.id, made.token, v, body.clock);
      lists.refresh();
    } catch (e) {
      showMessage(`The seek could not be posted: ${e.message}`, 'error');
      postSeek.disabled = false;
    }
  }

  /** The waiting panel of seek `id`: polls it until accepted (then into the game) or cancelled. */
  function showWaiting(id, token, v, clock) {
    let timer = null;
    let finished = false;
    const path = (what) => `/api/seeks/${encodeURIComponent(id)}/${what}`;
    const done = () => {
      finished = true;
      clearTimeout(timer);
      ownSeeks.delete(id);
      waiting.hidden = true;
      postSeek.disabled = false;
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

  function showInvite(id, mine, theirs, v) {
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

  variantSelect.addEventListener('change', refreshVariant);
  tcSelect.addEventListener('change', () => { customRow.hidden = tcSelect.value !== 'custom'; });
  playEngine.addEventListener('click', () => create(true));
  createFriend.addEventListener('click', () => create(false));
  postSeek.addEventListener('click', seek);

  const form = h('section.panel.new-game', {},
    h('h1', { text: 'Play' }),
    h('label.field', {}, h('span', { text: 'Variant' }), variantSelect),
    description,
    startRow,
    h('label.field', {}, h('span', { text: 'Time control' }), tcSelect),
    customRow,
    h('label.check', {}, casual, h('span', { text: 'Casual (takebacks allowed)' })),
    h('label.field', {}, h('span', { text: 'Your side' }), colourSelect),
    importBox,
    h('div.choices-row', {},
      h('div.choice-card', {},
        h('label.field', {}, h('span', { text: 'Engine strength' }), levelSelect),
        playEngine),
      h('div.choice-card', {},
        h('p.muted', { text: 'Get two links: yours and your friend’s.' }),
        createFriend),
      h('div.choice-card', {},
        h('p.muted', { text: 'List it in the lobby: anyone may accept.' }),
        postSeek)));

  const names = new Map(list.map((v) => [v.name, playerNames(v)]));
  const lists = lobbyLists({
    mine: () => ownSeeks,
    playerNames: (name) => names.get(name) || ['first player', 'second player'],
  });

  app.replaceChildren(h('div.lobby', {},
    h('div.lobby-main', {}, form, waiting, invite),
    h('div.lobby-side', {}, ...lists.panels)));
  const wanted = params.get('variant');
  if (wanted && list.some((v) => v.name === wanted)) variantSelect.value = wanted;
  refreshVariant();
}

/** The title of variant `name`, as the server lists it (see `variantTitle`). */
export const variantLabel = variantTitle;
