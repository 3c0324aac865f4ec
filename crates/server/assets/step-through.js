// Stepping through a game: the positions a player can look at (the start and the end of each
// turn of the move list, and the live position), the one looked at now, and the boards of an
// earlier one (GET /api/games/{id}/views/{ply}). While a player looks back, new moves do not
// move them: they return with "back to live" (or by stepping past the last turn).

/** @typedef {import('./protocol.js').Snapshot} Snapshot */
/** @typedef {import('./protocol.js').GameView} GameView */

import { request } from './api.js';
import { turns } from './moves-list.js';

/**
 * The plies a player steps between in `game`: 0 (the start), the end of each turn of the move
 * list, and the live ply (a 5D turn in progress ends there).
 * @param {Snapshot} game
 * @returns {number[]}
 */
export function stepPlies(game) {
  const plies = new Set([0, ...turns(game).map((t) => t.index + 1), (game.history || []).length]);
  return [...plies].sort((a, b) => a - b);
}

export class StepThrough {
  /**
   * @param {string} id the game's id
   * @param {{onChange: () => void, onError: (e: Error) => void}} hooks
   */
  constructor(id, { onChange, onError }) {
    this.id = id;
    this.onChange = onChange;
    this.onError = onError;
    /** The ply looked at; `null`: the live position. */
    this.ply = null;
    /** @type {GameView|null} the boards at `ply`, once they have come */
    this.view = null;
    this.game = null;
    /** Views already fetched, by the decisions before them. */
    this.cache = new Map();
    this.asked = 0;
  }

  /** Is the player looking at an earlier position? */
  get looking() {
    return this.ply != null;
  }

  /** Takes a newer snapshot: a player looking back stays where they are, unless the
   *  position they look at is gone (a takeback). */
  update(game) {
    this.game = game;
    if (this.ply != null && this.ply > (game.history || []).length) this.live();
  }

  /** Goes back to the live position. */
  live() {
    if (this.ply == null) return;
    this.ply = null;
    this.view = null;
    this.onChange();
  }

  /** Shows the position after `ply` decisions (the live one when it is the last). */
  async show(ply) {
    const game = this.game;
    if (!game) return;
    const length = (game.history || []).length;
    if (ply >= length) { this.live(); return; }
    const target = Math.max(0, ply);
    const key = `${target}:${(game.history || []).slice(0, target).join(' ')}`;
    this.ply = target;
    const asked = ++this.asked;
    let view = this.cache.get(key);
    if (!view) {
      try {
        view = await request('GET', `/api/games/${encodeURIComponent(this.id)}/views/${target}`);
      } catch (e) {
        if (asked === this.asked) { this.ply = null; this.view = null; this.onChange(); }
        this.onError(e);
        return;
      }
      this.cache.set(key, view);
    }
    if (asked !== this.asked) return;
    this.view = view;
    this.onChange();
  }

  /** The ply shown: the one looked at, or the live one. */
  shownPly() {
    return this.ply ?? (this.game ? (this.game.history || []).length : 0);
  }

  /** Steps `by` positions (−1 back, +1 forward) among `stepPlies`. */
  step(by) {
    if (!this.game) return;
    const plies = stepPlies(this.game);
    const now = this.shownPly();
    const next = by < 0
      ? plies.filter((p) => p < now).pop()
      : plies.find((p) => p > now);
    if (next == null) return;
    this.show(next);
  }

  /** The start. */
  first() {
    this.show(0);
  }

  /** The live position. */
  last() {
    this.live();
  }
}
