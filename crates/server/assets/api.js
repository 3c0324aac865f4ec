// The server's HTTP API and the game WebSocket (docs/PROTOCOL.md, version 1; the messages'
// types are protocol.js).

import { applyPatch } from './patch.js';

/** @typedef {import('./protocol.js').VariantInfo} VariantInfo */
/** @typedef {import('./protocol.js').CreateGame} CreateGame */
/** @typedef {import('./protocol.js').Created} Created */
/** @typedef {import('./protocol.js').Snapshot} Snapshot */
/** @typedef {import('./protocol.js').MakeDecision} MakeDecision */
/** @typedef {import('./protocol.js').ClientMessage} ClientMessage */
/** @typedef {import('./protocol.js').ServerMessage} ServerMessage */
/** @typedef {import('./protocol.js').ServerWelcome} ServerWelcome */
/** @typedef {import('./protocol.js').GameEvent} GameEvent */

/** An error answered by the server: `status` and its `{"error"}` text. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A JSON request; resolves to the parsed body (or text), rejects with an ApiError. */
export async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'The server cannot be reached.');
  }
  const text = await response.text();
  let data = text;
  if ((response.headers.get('content-type') || '').includes('json')) {
    try { data = JSON.parse(text); } catch { /* keep the text */ }
  }
  if (!response.ok) {
    const message = data && typeof data === 'object' && data.error
      ? data.error
      : (typeof data === 'string' && data.trim() ? data.trim() : `${response.status} ${response.statusText}`);
    throw new ApiError(response.status, message);
  }
  return data;
}

let variantsPromise = null;
/** Each variant's title by its name, once `variants` has answered. */
const titles = new Map();

/**
 * The variants (GET /api/variants). Rejects with an ApiError that says the server did not
 * list them (the next call asks again).
 * @returns {Promise<VariantInfo[]>}
 */
export function variants() {
  if (!variantsPromise) {
    variantsPromise = request('GET', '/api/variants')
      .then((list) => {
        if (!Array.isArray(list) || !list.length) throw new ApiError(0, 'the answer is no list of variants');
        for (const v of list) titles.set(v.name, v.title || v.name);
        return list;
      })
      .catch((e) => {
        variantsPromise = null;
        throw new ApiError(e.status || 0, `The server did not list its variants (${e.message}). Reload the page to try again.`);
      });
  }
  return variantsPromise;
}

/**
 * The title players know variant `name` by, as GET /api/variants lists it; the name itself
 * before the list has come.
 * @param {string} name
 * @returns {string}
 */
export function variantTitle(name) {
  return titles.get(name) || name;
}

/**
 * The variant `name` as GET /api/variants lists it; rejects as `variants` does, or when the
 * server does not list it.
 * @param {string} name
 * @returns {Promise<VariantInfo>}
 */
export async function variant(name) {
  const found = (await variants()).find((v) => v.name === name);
  if (!found) throw new ApiError(0, `The server does not list the variant ${name}.`);
  return found;
}

// --- seats: the tokens this browser holds, by game id ---------------------------------------

const SEAT_KEY = (id) => `omnichess:seat:${id}`;
const GAMES_KEY = 'omnichess:games';

/** `{token, seat}` for game `id` (seat null when not known yet), or null. */
export function seatOf(id) {
  try {
    const raw = localStorage.getItem(SEAT_KEY(id));
    if (!raw) return null;
    if (raw.startsWith('{')) return JSON.parse(raw);
    return { token: raw, seat: null };
  } catch {
    return null;
  }
}

export function saveSeat(id, token, seat = null, extra = {}) {
  try {
    const old = seatOf(id);
    const keepSeat = seat ?? (old && old.token === token ? old.seat : null);
    localStorage.setItem(SEAT_KEY(id), JSON.stringify({ token, seat: keepSeat }));
    const games = recentGames().filter((g) => g.id !== id);
    const prev = recentGames().find((g) => g.id === id) || {};
    games.unshift({ ...prev, ...extra, id, seat: keepSeat, at: prev.at || Date.now() });
    localStorage.setItem(GAMES_KEY, JSON.stringify(games.slice(0, 30)));
  } catch { /* private mode: the token lives only in the address */ }
}

/** The games this browser holds a seat in, newest first. */
export function recentGames() {
  try {
    return JSON.parse(localStorage.getItem(GAMES_KEY) || '[]');
  } catch {
    return [];
  }
}

export function forgetGame(id) {
  try {
    localStorage.setItem(GAMES_KEY, JSON.stringify(recentGames().filter((g) => g.id !== id)));
  } catch { /* ignore */ }
}

// --- games ------------------------------------------------------------------------------------

/**
 * POST /api/games.
 * @param {CreateGame} body
 * @returns {Promise<Created>}
 */
export function createGame(body) {
  return request('POST', '/api/games', body);
}

/**
 * GET /api/games/{id}.
 * @param {string} id
 * @returns {Promise<Snapshot>}
 */
export function getGame(id) {
  return request('GET', `/api/games/${encodeURIComponent(id)}`);
}

export function getRecord(id) {
  return request('GET', `/api/games/${encodeURIComponent(id)}/record`);
}

/** The version a snapshot is at (older servers numbered decisions as `ply`). */
export function versionOf(game) {
  if (!game) return -1;
  return game.version ?? game.ply ?? (game.history ? game.history.length : -1);
}

/**
 * Plays `decision`; resolves to the new snapshot. Where `game` has a version, the server is
 * asked for what changed since it (a `DecisionPatch`), which is applied to `game`.
 * @returns {Promise<Snapshot>}
 */
export async function postDecision(id, token, decision, game) {
  /** @type {MakeDecision} */
  const body = { token, decision };
  if (game && game.version != null) {
    body.version = game.version;
    body.patch = true;
  } else if (game && game.ply != null) body.ply = game.ply;
  const answer = await request('POST', `/api/games/${encodeURIComponent(id)}/decisions`, body);
  if (answer && answer.patch && answer.from != null) {
    try {
      if (versionOf(game) === answer.from) return applyPatch(game, answer.patch);
    } catch { /* the whole snapshot instead */ }
    return getGame(id);
  }
  return answer && answer.game ? answer.game : answer;
}

/** Sends action `action`; resolves to the new snapshot. */
export async function postAction(id, token, action) {
  const answer = await request('POST', `/api/games/${encodeURIComponent(id)}/actions`, { token, action });
  return answer && answer.game ? answer : { game: answer };
}

function wsUrl(path) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}

/**
 * The live link to a game: the WebSocket when the server has it (reconnecting with `since`,
 * the last version seen), and polling GET /api/games/{id} every 2 s while it is down.
 * `onGame(snapshot, info)` gets every newer snapshot; `onStatus(text)` the link's state
 * (`live`, `polling`, `connecting`); `onError(message)` errors the socket reports.
 */
export class GameLink {
  constructor(id, token, { onGame, onStatus, onError, onWelcome } = {}) {
    this.id = id;
    this.token = token;
    this.onGame = onGame || (() => {});
    this.onStatus = onStatus || (() => {});
    this.onError = onError || (() => {});
    this.onWelcome = onWelcome || (() => {});
    this.version = -1;
    this.lastJson = '';
    /** @type {Snapshot|null} the last snapshot kept, which patches apply to */
    this.game = null;
    this.ws = null;
    this.failures = 0;
    this.pollTimer = null;
    this.retryTimer = null;
    this.pingTimer = null;
    this.closed = false;
    this.status = 'connecting';
  }

  start() {
    this.connect();
    return this;
  }

  stop() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pollTimer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
  }

  setStatus(status) {
    if (status !== this.status) {
      this.status = status;
      this.onStatus(status);
    }
  }

  /**
   * A snapshot from anywhere (socket, poll, or an HTTP answer): kept if it is not older.
   * @param {Snapshot} game
   * @param {{missed?: GameEvent[], events?: GameEvent[], welcome?: boolean}} [info]
   */
  accept(game, info = {}) {
    if (!game || typeof game !== 'object') return;
    const v = versionOf(game);
    const json = JSON.stringify(game);
    if (v < this.version || json === this.lastJson) return;
    this.version = v;
    this.lastJson = json;
    this.game = game;
    this.onGame(game, info);
  }

  connect() {
    if (this.closed || typeof WebSocket === 'undefined') {
      this.startPolling();
      return;
    }
    let opened = false;
    let ws;
    try {
      ws = new WebSocket(wsUrl(`/api/games/${encodeURIComponent(this.id)}/ws`));
    } catch {
      this.startPolling();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      opened = true;
      const hello = { v: 1, type: 'hello', patches: true };
      if (this.token) hello.token = this.token;
      if (this.version >= 0) hello.since = this.version;
      ws.send(JSON.stringify(hello));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (event) => {
      /** @type {ServerMessage} */
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type === 'welcome') {
        this.failures = 0;
        this.stopPolling();
        this.setStatus('live');
        this.onWelcome(message);
        // A reconnect gets the snapshot even when nothing was missed.
        this.lastJson = '';
        this.accept(message.game, { missed: message.missed || [], welcome: true });
      } else if (message.type === 'update') {
        const events = message.events || (message.event ? [message.event] : []);
        this.accept(message.game, { events });
      } else if (message.type === 'patch') {
        // A patch from the version held; else (or if it does not fit) the whole snapshot.
        let game = null;
        try {
          if (this.game && versionOf(this.game) === message.from) game = applyPatch(this.game, message.patch);
        } catch { game = null; }
        if (game) this.accept(game, { events: message.events || [] });
        else this.poll();
      } else if (message.type === 'error') {
        this.onError(message);
      }
    };
    ws.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.ws === ws) this.ws = null;
      if (this.closed) return;
      this.failures += opened ? 0 : 1;
      this.startPolling();
      // Keep trying the socket, more slowly after every failure to open it.
      const delay = Math.min(30000, 1000 * 2 ** Math.min(this.failures, 5));
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  /**
   * Sends a client message (its `v` added).
   * @param {Omit<ClientMessage, 'v'>} message
   */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ v: 1, ...message }));
      return true;
    }
    return false;
  }

  startPolling() {
    this.setStatus('polling');
    if (this.pollTimer) return;
    this.poll();
    this.pollTimer = setInterval(() => this.poll(), 2000);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  async poll() {
    try {
      this.accept(await getGame(this.id));
    } catch (e) {
      if (e.status === 404) this.onError({ status: 404, error: e.message });
    }
  }
}
