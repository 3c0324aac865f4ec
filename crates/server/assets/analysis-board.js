// The analysis board: the position of the analysis page (variant, position text, the
// decisions played after it) drawn by the variant's renderer (POST /api/positions); a move
// made on it is added to the decisions, "Back" takes the last one off. Nothing is stored.

/** @typedef {import('./protocol.js').PositionShown} PositionShown */

import { request } from './api.js';
import { h, showMessage } from './ui.js';
import { RENDERERS } from './renderers.js';
import { Interaction } from './interaction.js';
import { chooseMove } from './dialogs.js';
import { learnNames } from './pieces.js';

export class AnalysisBoard {
  /**
   * @param {{variant: () => import('./protocol.js').VariantInfo|undefined, position: () => string,
   *   after: () => string[], setAfter: (after: string[]) => void}} source
   */
  constructor(source) {
    this.source = source;
    this.shown = null;
    this.renderer = null;
    this.layout = null;
    this.asked = 0;
    this.boardEl = h('div.board-wrap#analysis-board');
    this.statusEl = h('p.muted#analysis-board-status', { text: '' });
    this.movesEl = h('p.analysis-moves#analysis-moves');
    this.back = h('button.secondary', { type: 'button', dataset: { action: 'back' }, text: '◀ Back', onclick: () => this.takeBack() });
    this.interaction = new Interaction({
      onMove: (candidates) => this.play(candidates),
      onMessage: (text) => showMessage(text, 'error'),
      onChange: () => this.renderer && this.renderer.highlight(),
    });
    this.element = h('section.panel.analysis-board-panel', {},
      h('h2', { text: 'Board' }), this.statusEl, h('section.board-area', {}, this.boardEl), this.movesEl,
      h('div.buttons', {}, this.back));
  }

  /** Draws the position the page's fields say. */
  async refresh() {
    const variant = this.source.variant();
    if (!variant) return;
    const asked = ++this.asked;
    /** @type {PositionShown} */
    let shown;
    try {
      shown = await request('POST', '/api/positions', { variant: variant.name, position: this.source.position(), after: this.source.after() });
    } catch (e) {
      if (asked === this.asked) this.statusEl.textContent = `The position cannot be shown: ${e.message}`;
      return;
    }
    if (asked !== this.asked) return;
    this.shown = shown;
    const Renderer = RENDERERS[variant.layout];
    if (!Renderer) return;
    if (this.layout !== variant.layout) {
      this.boardEl.replaceChildren();
      this.renderer = new Renderer(this.boardEl, this.interaction, null);
      this.layout = variant.layout;
    }
    learnNames(shown.view);
    const mover = shown.to_act_index;
    const canMove = !shown.outcome && mover != null;
    this.interaction.setView(shown.view, { canMove, reason: shown.outcome ? 'The game is over.' : 'Chance acts now: type its decision.', mover });
    this.renderer.render(shown.view, { flipped: false, last: shown.view.last || [], names: variant.players, marks: variant.marks });
    this.boardEl.dataset.position = shown.position;
    this.boardEl.dataset.ply = String(this.source.after().length);
    const names = variant.players || ['white', 'black'];
    this.statusEl.textContent = shown.outcome ? shown.outcome.text : mover != null ? `${names[mover]} to move` : 'Chance acts';
    this.movesEl.textContent = shown.moves.join(' ');
    this.back.disabled = !this.source.after().length;
  }

  async play(candidates) {
    let move = candidates[0];
    if (candidates.length > 1) {
      move = await chooseMove(candidates, this.shown ? this.shown.to_act_index ?? 0 : 0);
      if (!move) { this.refresh(); return; }
    }
    this.source.setAfter([...this.source.after(), move.text]);
    this.refresh();
  }

  takeBack() {
    this.source.setAfter(this.source.after().slice(0, -1));
    this.refresh();
  }
}
