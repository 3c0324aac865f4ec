// The lobby's three lists (docs/PROTOCOL.md, "The lobby"): the open seeks, each with Accept;
// the games being played now, to watch; and this browser's own games, those where it is its
// turn first (one POST /api/games/turns for all of them). The seeks and the games being
// played refresh every few seconds while the page is shown.

/** @typedef {import('./protocol.js').SeekItem} SeekItem */
/** @typedef {import('./protocol.js').PlayingGame} PlayingGame */
/** @typedef {import('./protocol.js').TurnItem} TurnItem */
/** @typedef {import('./protocol.js').ClockSpec} ClockSpec */

import { request, recentGames, forgetGame, saveSeat, variantTitle } from './api.js';
import { h, showMessage } from './ui.js';

/** `n moves`, `1 move`. */
const movesWords = (n) => `${n} move${n === 1 ? '' : 's'}`;

/** How often the seeks and the games being played are asked for again. */
const REFRESH_MS = 4000;
/** Games of this browser the lobby asks about (the server's limit). */
const MAX_TURNS = 30;

/**
 * A time control in words: `5+3`, `30 s a move`, `3 days a move`, `no clock`.
 * @param {ClockSpec|null} clock
 */
export function clockWords(clock) {
  if (!clock) return 'no clock';
  const day = 24 * 3600000;
  if (clock.per_move_ms && !clock.base_ms) {
    if (clock.per_move_ms >= day) {
      const days = Math.round(clock.per_move_ms / day);
      return `${days} day${days === 1 ? '' : 's'} a move`;
    }
    return `${clock.per_move_ms / 1000} s a move`;
  }
  return `${(clock.base_ms || 0) / 60000}+${(clock.increment_ms || 0) / 1000}`;
}

/** Goes to game `id` with seat `seat` and token `token`, remembered in this browser. */
export function enterGame(id, token, seat, variant) {
  saveSeat(id, token, seat, { variant });
  location.assign(`/game/${encodeURIComponent(id)}`);
}

/**
 * The three lists, as panels; `mine()` the ids of this page's own seeks (not accepted by
 * itself). Returns `{panels, stop}`.
 * @param {{mine: () => Set<string>, playerNames: (variant: string) => string[]}} options
 */
export function lobbyLists({ mine, playerNames }) {
  const seeksList = h('ul.lobby-list#seeks', {});
  const playingList = h('ul.lobby-list#playing', {});
  const yoursList = h('ul.lobby-list#your-games', {});
  const seeksPanel = h('section.panel.lobby-panel#seeks-panel', {},
    h('h2', { text: 'Open seeks' }), seeksList);
  const playingPanel = h('section.panel.lobby-panel#playing-panel', {},
    h('h2', { text: 'Games being played' }), playingList);
  const yoursPanel = h('section.panel.lobby-panel#your-games-panel', { hidden: true },
    h('h2', { text: 'Your games' }), yoursList);
  let timer = null;
  let stopped = false;

  const empty = (text) => h('li.empty.muted', { text });

  /** @param {SeekItem} seek */
  function seekRow(seek) {
    const names = playerNames(seek.variant);
    const side = seek.seat == null ? 'random sides' : `they play ${names[seek.seat] || `seat ${seek.seat}`}`;
    const own = mine().has(seek.id);
    const button = own
      ? h('span.tag.muted', { text: 'your seek' })
      : h('button.primary.small', { type: 'button', dataset: { action: 'accept', seek: seek.id }, text: 'Accept' });
    if (!own) button.addEventListener('click', () => accept(seek, button));
    return h('li', { dataset: { seek: seek.id } },
      h('span.lobby-what', {},
        h('strong', { text: variantTitle(seek.variant) }),
        h('span.muted', { text: ` · ${clockWords(seek.clock)} · ${side}${seek.casual ? '' : ' · rated'}${seek.rating_range ? ` · ratings ${seek.rating_range[0]}–${seek.rating_range[1]}` : ''}` })),
      button);
  }

  /** @param {SeekItem} seek */
  async function accept(seek, button) {
    button.disabled = true;
    try {
      const answer = await request('POST', `/api/seeks/${encodeURIComponent(seek.id)}/accept`);
      enterGame(answer.game, answer.game_token, answer.seat, seek.variant);
    } catch (e) {
      showMessage(`The seek could not be accepted: ${e.message}`, 'error');
      button.disabled = false;
      refresh();
    }
  }

  /** @param {PlayingGame} game */
  function playingRow(game) {
    const who = game.engine
      ? `vs engine level ${game.engine.level}`
      : 'two players';
    const toAct = game.to_act_index == null ? '' : ` · ${game.player_names[game.to_act_index]} to move`;
    return h('li', { dataset: { game: game.id } },
      h('a.lobby-what', { href: `/game/${encodeURIComponent(game.id)}`, dataset: { action: 'watch' } },
        h('strong', { text: variantTitle(game.variant) }),
        h('span.muted', { text: ` · ${who} · ${clockWords(game.clock)} · ${movesWords(game.moves)}${toAct}` })),
      h('a.button.secondary.small', { href: `/game/${encodeURIComponent(game.id)}`, text: 'Watch' }));
  }

  async function refresh() {
    if (stopped) return;
    clearTimeout(timer);
    try {
      const [seeks, playing] = await Promise.all([
        request('GET', '/api/seeks'),
        request('GET', '/api/games?status=playing&limit=12'),
      ]);
      seeksList.replaceChildren(...(seeks.length ? seeks.map(seekRow) : [empty('No open seeks: post one above.')]));
      playingList.replaceChildren(...(playing.length ? playing.map(playingRow) : [empty('No game is being played.')]));
    } catch (e) {
      seeksList.replaceChildren(empty(`The lobby cannot be reached (${e.message}).`));
    }
    if (!stopped) timer = setTimeout(refresh, REFRESH_MS);
  }

  async function refreshYours() {
    const recent = recentGames().slice(0, MAX_TURNS);
    if (!recent.length) return;
    let turns = [];
    try {
      turns = await request('POST', '/api/games/turns', {
        games: recent.map((g) => ({ id: g.id, seat: g.seat ?? null })),
      });
    } catch {
      turns = recent.map((g) => ({ id: g.id, found: true, over: false, your_turn: false, moves: 0 }));
    }
    const known = new Map(recent.map((g) => [g.id, g]));
    /** @type {TurnItem[]} */
    const games = turns.filter((t) => t.found);
    const rank = (t) => (t.your_turn ? 0 : t.over ? 2 : 1);
    games.sort((a, b) => rank(a) - rank(b));
    yoursList.replaceChildren(...games.map((t) => {
      const g = known.get(t.id) || {};
      const state = t.your_turn ? 'Your turn' : t.over ? 'Over' : 'Their turn';
      const remove = h('button.link-button', { type: 'button', title: 'Forget this game', text: '×' });
      const li = h('li', { dataset: { game: t.id, yourTurn: String(t.your_turn) } },
        h('a.lobby-what', { href: `/game/${encodeURIComponent(t.id)}` },
          h(`span.turn-badge${t.your_turn ? '.yours' : ''}`, { text: state }),
          h('strong', { text: ` ${variantTitle(t.variant || g.variant || '')}` }),
          h('span.muted', { text: `${t.opponent ? ` · vs ${t.opponent}` : g.engine ? ` · vs engine ${g.engine}` : ''} · ${movesWords(t.moves)}${t.result ? ` · ${t.result}` : ''}` })),
        remove);
      remove.addEventListener('click', () => { forgetGame(t.id); li.remove(); });
      return li;
    }));
    yoursPanel.hidden = games.length === 0;
  }

  refresh();
  refreshYours();
  return {
    panels: [seeksPanel, playingPanel, yoursPanel],
    refresh,
    stop() { stopped = true; clearTimeout(timer); },
  };
}
