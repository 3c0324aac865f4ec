// The analysis board: the position of the analysis page (variant, position text or game
// record, the decisions played after it) drawn by the variant's renderer (POST
// /api/positions); a move made on it is added to the decisions, "Back" takes the last one off.
// Decisions that move no piece (5D's submit, Die Chess's pass or king claim) are buttons;
// where chance acts, each outcome is a button with its probability, and "Roll" lets chance
// pick by those probabilities. A record read in the position's field is imported: its start
// becomes the position, its moves the decisions. Nothing is stored.

/** @typedef {import('./protocol.js').PositionShown} PositionShown */

import { request } from './api.js';
import { h, showMessage } from './ui.js';
import { RENDERERS } from './renderers.js';
import { Interaction } from './interaction.js';
import { chooseMove } from './dialogs.js';
import { learnNames, pieceElement } from './pieces.js';

export class AnalysisBoard {
  /**
   * @param {{variant: () => import('./protocol.js').VariantInfo|undefined, position: () => string,
   *   after: () => string[], setAfter: (after: string[]) => void,
   *   imported: (start: string, after: string[]) => void, shown?: () => void}} source
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
    this.choices = h('div.buttons.analysis-choices#analysis-choices');
    // The board editor (variants whose `editable`): a piece or the eraser, then a square.
    this.editing = false;
    this.tool = null;
    this.editButton = h('button.secondary', { type: 'button', dataset: { action: 'edit' }, text: '✎ Edit the board', hidden: true, onclick: () => this.toggleEditing() });
    this.palette = h('div.editor-palette#editor-palette', { hidden: true });
    this.boardEl.addEventListener('pointerdown', (e) => this.editAt(e), true);
    this.element = h('section.panel.analysis-board-panel', {},
      h('h2', { text: 'Board' }), this.statusEl, h('section.board-area', {}, this.boardEl), this.movesEl,
      this.choices, this.palette, h('div.buttons', {}, this.back, this.editButton));
  }

  /** Draws the position the page's fields say. */
  async refresh() {
    const variant = this.source.variant();
    if (!variant) return;
    const asked = ++this.asked;
    /** @type {PositionShown} */
    let shown;
    try {
      // The position's field may hold a record: the server reads it as one, or as a position.
      shown = await request('POST', '/api/positions', { variant: variant.name, record: this.source.position(), after: this.source.after() });
    } catch (e) {
      if (asked === this.asked) this.statusEl.textContent = `The position cannot be shown: ${e.message}`;
      return;
    }
    if (asked !== this.asked) return;
    this.shown = shown;
    if ((shown.start || '') !== this.source.position().trim() || shown.after.join(' ') !== this.source.after().join(' ')) {
      this.source.imported(shown.start || '', shown.after);
    }
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
    if (!shown.editable) this.editing = false;
    this.interaction.setView(shown.view, {
      canMove: canMove && !this.editing,
      reason: this.editing ? 'Editing the board: pick a piece, then a square.' : shown.outcome ? 'The game is over.' : 'Chance acts now: pick its outcome or roll.',
      mover,
    });
    this.renderer.render(shown.view, { flipped: false, last: shown.view.last || [], names: variant.players, marks: variant.marks });
    this.boardEl.dataset.position = shown.position;
    this.boardEl.dataset.ply = String(this.source.after().length);
    const names = variant.players || ['white', 'black'];
    this.statusEl.textContent = shown.outcome ? shown.outcome.text : mover != null ? `${names[mover]} to move` : 'Chance acts';
    this.movesEl.textContent = shown.moves.join(' ');
    this.back.disabled = !this.source.after().length;
    this.renderChoices(shown);
    this.renderEditor(shown, variant);
    if (this.source.shown) this.source.shown();
  }

  toggleEditing() {
    this.editing = !this.editing;
    if (this.editing && !this.tool) this.tool = { piece: null };
    this.refresh();
  }

  /** The editor's palette: each piece of the variant, the eraser, who is to move. */
  renderEditor(shown, variant) {
    this.editButton.hidden = !shown.editable;
    this.editButton.textContent = this.editing ? '✓ Done editing' : '✎ Edit the board';
    this.palette.hidden = !this.editing;
    if (!this.editing) return;
    const names = variant.players || ['white', 'black'];
    const chosen = (piece) => this.tool && (piece ? this.tool.piece && this.tool.piece.player === piece.player && this.tool.piece.kind === piece.kind : !this.tool.piece);
    const toolButton = (piece) => {
      const b = h(`button.tool.editor-piece${chosen(piece) ? '.chosen' : ''}`, {
        type: 'button', dataset: { piece: piece ? `${piece.player}:${piece.kind}` : 'empty' },
        title: piece ? `${names[piece.player]} ${piece.name}` : 'empty a square', 'aria-pressed': String(!!chosen(piece)),
        onclick: () => { this.tool = { piece }; this.renderEditor(shown, variant); },
      }, piece ? pieceElement(piece, 30) : '✕');
      return b;
    };
    const toMove = h('select#editor-to-move', { 'aria-label': 'to move' },
      names.map((name, i) => h('option', { value: String(i), text: `${name} to move`, selected: shown.turn_index === i })));
    toMove.addEventListener('change', () => this.edit([], Number(toMove.value)));
    this.palette.replaceChildren(
      h('div.editor-row', {}, ...shown.palette.filter((p) => p.player === 0).map(toolButton)),
      h('div.editor-row', {}, ...shown.palette.filter((p) => p.player === 1).map(toolButton), toolButton(null)),
      toMove);
  }

  /** While editing, a press on a square puts the chosen piece there (or empties it). */
  editAt(e) {
    if (!this.editing || !this.tool) return;
    const sq = e.target.closest && e.target.closest('[data-cell]');
    if (!sq) return;
    e.stopPropagation();
    e.preventDefault();
    const [board, square] = sq.dataset.cell.split(':').map(Number);
    const piece = this.tool.piece ? { player: this.tool.piece.player, kind: this.tool.piece.kind } : null;
    this.edit([{ board, square, piece }], null);
  }

  async edit(edits, toMove) {
    const variant = this.source.variant();
    if (!variant) return;
    try {
      const shown = await request('POST', '/api/positions', {
        variant: variant.name, record: this.source.position(), after: this.source.after(), edits,
        to_move: toMove ?? this.shown?.turn_index ?? null,
      });
      this.source.imported(shown.start || '', shown.after);
      this.refresh();
    } catch (e) {
      showMessage(e.message, 'error');
    }
  }

  /** The decisions off the boards, or chance's outcomes and a roll. */
  renderChoices(shown) {
    const add = (text) => this.playText(text);
    const buttons = (shown.view.moves || []).filter((m) => !m.from && !m.to).map((m) => h(`button.${m.turn_end ? 'primary' : 'secondary'}`, {
      type: 'button', dataset: { action: m.kind && m.kind !== 'move' ? m.kind : 'decision', decision: m.text }, text: m.label || m.text, onclick: () => add(m.text),
    }));
    if (shown.chance.length) {
      buttons.push(h('button.primary', { type: 'button', dataset: { action: 'roll-chance' }, text: '🎲 Roll', title: 'Chance picks an outcome by its probabilities', onclick: () => add(pick(shown.chance)) }));
      for (const outcome of shown.chance) {
        buttons.push(h('button.secondary', {
          type: 'button', dataset: { action: 'chance', decision: outcome.text }, text: `${outcome.text} ${Math.round(outcome.probability * 100)} %`, onclick: () => add(outcome.text),
        }));
      }
    }
    this.choices.replaceChildren(...buttons);
    this.choices.hidden = !buttons.length;
  }

  playText(text) {
    this.source.setAfter([...this.source.after(), text]);
    this.refresh();
  }

  async play(candidates) {
    let move = candidates[0];
    if (candidates.length > 1) {
      move = await chooseMove(candidates, this.shown ? this.shown.to_act_index ?? 0 : 0);
      if (!move) { this.refresh(); return; }
    }
    this.playText(move.text);
  }

  takeBack() {
    this.source.setAfter(this.source.after().slice(0, -1));
    this.refresh();
  }
}

/** An outcome of `chance` picked by its probabilities. */
export function pick(chance, random = Math.random()) {
  let left = random;
  for (const outcome of chance) {
    left -= outcome.probability;
    if (left < 0) return outcome.text;
  }
  return chance[chance.length - 1].text;
}
