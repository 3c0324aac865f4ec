// The game page: the boards, the move list, both clocks, captured pieces, notes, and the
// seat's buttons (draw, takeback, resign, rematch…). A visitor without a seat token watches.

/** @typedef {import('./protocol.js').Snapshot} Snapshot */
/** @typedef {import('./protocol.js').ServerWelcome} ServerWelcome */

import {
  getGame, getRecord, postDecision, postAction, seatOf, saveSeat, GameLink, variant as variantInfo, versionOf,
} from './api.js';
import { h, showMessage, clearMessage, title, capitalise } from './ui.js';
import { markGauge, markStyles, styleOf } from './board-grid.js';
import { RENDERERS } from './renderers.js';
import { Interaction } from './interaction.js';
import { Clocks } from './clock.js';
import { renderMoves } from './moves-list.js';
import { chooseMove, confirmDialog, showTexts } from './dialogs.js';
import { pieceElement, learnNames, kindsOf } from './pieces.js';
import { playerNames, variantLabel } from './lobby.js';
import { StepThrough } from './step-through.js';
import { renderRules, openRules } from './rules-panel.js';
import { play as playSound, soundFor, muted, setMuted } from './sounds.js';
import { THEMES, currentTheme, applyTheme } from './themes.js';
import { Review } from './review.js';


const EVENT_TEXT = {
  'offer-draw': (who) => `${who} offers a draw.`,
  'accept-draw': (who) => `${who} accepts the draw.`,
  'decline-draw': (who) => `${who} declines the draw.`,
  'claim-draw': (who) => `${who} claims a draw.`,
  takeback: (who) => `${who} asks to take back a move.`,
  'accept-takeback': (who) => `${who} accepts the takeback.`,
  'decline-takeback': (who) => `${who} declines the takeback.`,
  resign: (who) => `${who} resigns.`,
  abort: (who) => `${who} aborts the game.`,
  flag: () => 'Time is up.',
  'offer-rematch': (who) => `${who} offers a rematch.`,
  'decline-rematch': (who) => `${who} declines the rematch.`,
  rematch: (who) => `${who} starts the rematch.`,
  undo: (who) => `${who} takes back a move of this turn.`,
};

/** The outcome's text without the score it starts with (shown above it). */
function resultReason(outcome) {
  const text = String(outcome.text || '');
  const score = String(outcome.result || '');
  const rest = score && text.startsWith(score) ? text.slice(score.length).trim() : text;
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : '';
}

export async function showGame(app, id) {
  // A seat token in the address (#token) is stored once and removed from the address bar.
  const hash = location.hash.replace(/^#/, '');
  if (hash && /^[A-Za-z0-9_-]{8,}$/.test(hash)) {
    const old = seatOf(id);
    saveSeat(id, hash, old && old.token === hash ? old.seat : null);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const page = new GamePage(app, id);
  window.omnichess.game = page;
  await page.start();
}

class GamePage {
  constructor(app, id) {
    this.app = app;
    this.id = id;
    const seat = seatOf(id);
    this.token = seat ? seat.token : null;
    this.seat = seat ? seat.seat : null;
    this.userFlip = false;
    this.game = null;
    this.busy = false;
    this.variant = null;
    this.renderer = null;
    this.rendererKind = null;
    this.interaction = new Interaction({
      onMove: (candidates) => this.playCandidates(candidates),
      onMessage: (text) => showMessage(text, 'error'),
      onChange: () => this.renderer && this.renderer.highlight(),
      onPremove: (premove) => { if (premove) showMessage('Premove set: it is played when your turn comes, if legal.', 'info'); },
    });
    this.steps = new StepThrough(id, {
      onChange: () => this.render(),
      onError: (e) => showMessage(`That position cannot be shown: ${e.message}`, 'error'),
    });
    this.review = new Review({
      onGo: (ply) => this.steps.show(ply),
      onChange: () => this.render(),
      names: () => this.names(),
      moveText: (index) => ((this.game && this.game.moves) || [])[index] || '',
    });
    this.build();
  }

  build() {
    applyTheme(currentTheme());
    const clockEl = (player) => h('div.clock', { dataset: { clock: String(player) }, hidden: true }, h('span.time', { text: '–:––' }));
    this.clockEls = [clockEl(0), clockEl(1)];
    const bar = (where) => h(`div.player-bar.${where}`, {},
      h('div.player-info', {}, h('span.player-dot'), h('span.player-name'), h('span.captured')),
      h('div.clock-slot'));
    this.topBar = bar('top');
    this.bottomBar = bar('bottom');
    this.boardEl = h('div.board-wrap#board');
    this.cellFree = h('div.cell-free-moves#cell-free-moves');
    this.statusEl = h('div.status#status', { text: 'Loading…' });
    this.resultEl = h('div.result#result', { hidden: true });
    this.offersEl = h('div.offers#offers', { hidden: true });
    this.notesEl = h('ul.notes#notes', { hidden: true });
    this.moveList = h('ol.move-list#move-list');
    this.moveList.addEventListener('click', (e) => {
      const move = e.target.closest && e.target.closest('.move[data-index]');
      if (move) this.steps.show(Number(move.dataset.index) + 1);
    });
    const stepButton = (step, label, titleText, handler) => h('button.tool', {
      type: 'button', dataset: { step }, text: label, title: titleText, 'aria-label': titleText, onclick: handler,
    });
    this.stepNav = h('div.step-nav#step-nav', {},
      stepButton('first', '|◀', 'The start (Home)', () => this.steps.first()),
      stepButton('back', '◀', 'One turn back (←)', () => this.steps.step(-1)),
      stepButton('forward', '▶', 'One turn forward (→)', () => this.steps.step(1)),
      stepButton('last', '▶|', 'The live position (End)', () => this.steps.last()));
    this.replayText = h('span.replay-text');
    this.replayBar = h('div.replay-bar#replay-bar', { hidden: true }, this.replayText,
      h('button.primary', { type: 'button', dataset: { action: 'live' }, text: 'Back to live', onclick: () => this.steps.live() }));
    this.moveInput = h('input#move-input', { type: 'text', autocomplete: 'off', spellcheck: false, placeholder: 'Type a move', list: 'decision-list', 'aria-label': 'move' });
    this.datalist = h('datalist#decision-list');
    this.moveForm = h('form.move-form#move-form', {}, this.moveInput, this.datalist,
      h('button.secondary', { type: 'submit', dataset: { action: 'play-typed' }, text: 'Play' }));
    this.moveForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.moveInput.value.trim();
      if (text) this.sendDecision(text).then((ok) => { if (ok) this.moveInput.value = ''; });
    });
    this.actionsEl = h('div.actions#actions');
    this.toolsEl = h('div.tools#tools');
    this.linkEl = h('div.link-status#link-status', { text: '' });
    this.seatEl = h('div.seat-info#seat-info');
    this.legendEl = h('details.legend#legend', { hidden: true });
    this.rulesEl = h('details.rules#rules', { hidden: true });
    this.captions = h('div.game-title');
    this.clocks = new Clocks(this.clockEls, { onZero: (player) => this.flag(player) });
    this.app.replaceChildren(h('div.game-page', {},
      // The replay bar sits by the step buttons: looking back never moves the board.
      h('section.board-area', {}, this.topBar, this.boardEl, this.bottomBar, this.cellFree),
      h('aside.side', {},
        this.captions,
        this.statusEl,
        this.resultEl,
        this.offersEl,
        this.notesEl,
        h('div.moves-wrap', {}, this.moveList),
        this.stepNav,
        this.replayBar,
        this.review.element,
        this.moveForm,
        this.actionsEl,
        this.toolsEl,
        this.rulesEl,
        this.legendEl,
        this.seatEl,
        this.linkEl)));
    document.addEventListener('keydown', (e) => {
      if (e.target.closest && e.target.closest('input, textarea, select')) return;
      if (e.key === 'f') this.flip();
      if (e.key === 'Escape') this.interaction.clear();
      const step = { ArrowLeft: () => this.steps.step(-1), ArrowRight: () => this.steps.step(1), Home: () => this.steps.first(), End: () => this.steps.last() }[e.key];
      if (step && !e.altKey && !e.ctrlKey && !e.metaKey) { e.preventDefault(); step(); }
    });
  }

  async start() {
    try {
      const game = await getGame(this.id);
      this.variant = await variantInfo(game.variant);
      this.link = new GameLink(this.id, this.token, {
        onGame: (g, info) => this.update(g, info),
        onStatus: (status) => this.showLink(status),
        onError: (e) => this.linkError(e),
        onWelcome: (welcome) => this.welcome(welcome),
      });
      this.link.accept(game);
      this.link.start();
    } catch (e) {
      this.app.replaceChildren(h('section.panel.not-found', {},
        h('h1', { text: e.status === 404 ? 'No such game' : 'The game cannot be loaded' }),
        h('p', {}, e.message, ' ', h('a', { href: '/', text: 'Start a new game' }), '.')));
    }
  }

  /** @param {ServerWelcome} message */
  welcome(message) {
    if (this.token && message.seat == null) {
      showMessage('This browser’s seat token is not valid for this game: you are watching.', 'error');
      this.token = null;
    } else if (message.seat != null && message.seat !== this.seat) {
      this.seat = message.seat;
      saveSeat(this.id, this.token, this.seat, { variant: message.game && message.game.variant });
    }
  }

  linkError(e) {
    if (e.status === 404) showMessage(e.error || 'This game no longer exists.', 'error');
    else if (e.error) showMessage(e.error, 'error');
  }

  showLink(status) {
    this.linkEl.textContent = status === 'live' ? '● live' : status === 'polling' ? '● updating every 2 s' : '● connecting…';
    this.linkEl.dataset.status = status;
  }

  names() {
    const fromGame = this.game && this.game.player_names;
    return Array.isArray(fromGame) && fromGame.length >= 2 ? fromGame : playerNames(this.variant);
  }

  isSeated() {
    return !!this.token;
  }

  /** The player index at the bottom of the board. */
  bottomPlayer() {
    const own = this.seat === 1 ? 1 : 0;
    return this.userFlip ? 1 - own : own;
  }

  flip() {
    this.userFlip = !this.userFlip;
    this.render();
  }

  canMove() {
    const g = this.game;
    if (!g) return [false, 'Loading…'];
    if (this.steps.looking) return [false, 'You are looking at an earlier position: go back to live to move.'];
    if (g.outcome) return [false, 'The game is over.'];
    if (!this.isSeated()) return [false, 'You are watching this game.'];
    if (g.to_act_index == null && g.to_act && !g.decisions?.length) return [false, 'Nobody can move now.'];
    const actor = g.to_act_index ?? this.actorFromName();
    if (this.seat != null && actor != null && actor !== this.seat) {
      return [false, g.engine && g.engine.seat === actor ? 'The engine is thinking: wait for its move.' : `It is ${this.names()[actor]}’s turn.`];
    }
    if (this.busy) return [false, 'Sending your move…'];
    return [true, ''];
  }

  actorFromName() {
    const g = this.game;
    if (!g || !g.to_act) return null;
    const i = this.names().findIndex((n) => n.toLowerCase() === String(g.to_act).toLowerCase());
    return i >= 0 ? i : null;
  }

  /**
   * Shows a newer snapshot.
   * @param {Snapshot} game
   * @param {{missed?: import('./protocol.js').GameEvent[], events?: import('./protocol.js').GameEvent[]}} [info]
   */
  update(game, info = {}) {
    const previous = this.game;
    this.game = game;
    this.steps.update(game);
    const sound = soundFor(previous, game);
    if (sound) playSound(sound);
    if (!this.variant || this.variant.name !== game.variant) {
      variantInfo(game.variant).then((v) => { this.variant = v; this.render(); }, (e) => showMessage(e.message, 'error'));
    }
    for (const event of (previous && info.events) || []) {
      if (event.kind === 'decision' || event.kind === 'chance') continue;
      const say = EVENT_TEXT[event.kind];
      const who = event.player != null ? capitalise(this.names()[event.player] || 'a player') : 'A player';
      if (say && (event.player == null || event.player !== this.seat)) showMessage(say(who), 'info');
    }
    if (previous && !previous.outcome && game.outcome) showMessage(game.outcome.text, 'info');
    // The rematch this seat offered was accepted: both players go to it.
    if (previous && !previous.rematch && game.rematch && this.isSeated() && (previous.offers || {}).rematch === this.seat) {
      this.goToRematch(game.rematch);
      return;
    }
    this.render();
  }

  /** Shows the snapshot (or the earlier position being looked at) in every part of the page. */
  render() {
    const g = this.game;
    if (!g) return;
    const looking = this.steps.looking && this.steps.view;
    const view = (looking ? this.steps.view : g.view) || { boards: [], moves: [] };
    const [canMove, reason] = this.canMove();
    const actor = g.to_act_index ?? this.actorFromName();
    this.renderCaptions(actor);
    this.renderBoard(view, { canMove, reason, actor, looking });
    this.renderSteps();
    this.renderPlayers(actor);
    this.renderStatus(actor);
    this.renderNotes(view);
    this.renderLegend(view);
    renderMoves(this.moveList, g, this.steps.looking ? this.steps.ply : null);
    this.review.decorate(this.moveList);
    this.review.show(this.steps.shownPly());
    this.renderOffers(this.names());
    this.renderCellFree(view, canMove);
    this.renderActions(canMove);
    this.renderTools();
    this.renderTyping(canMove);
    this.renderSeat();
    if (window.omnichess) window.omnichess.snapshot = g;
  }

  /** The page's title, the Rules panel, and the captions above the status (variant, badges). */
  renderCaptions(actor) {
    const g = this.game;
    const names = this.names();
    title(`${variantLabel(g.variant)}${g.outcome ? ' · over' : actor != null ? ` · ${names[actor]} to move` : ''}`);
    renderRules(this.rulesEl, this.variant);
    const rulesButton = this.rulesEl.hidden ? null : h('button.tool.rules-button#rules-button', {
      type: 'button', text: '? Rules', title: 'The rules in short and the signs on the boards', onclick: () => openRules(this.rulesEl),
    });
    this.captions.replaceChildren(...[h('span.variant-name', { text: variantLabel(g.variant) }), rulesButton,
      g.casual === false ? h('span.badge', { text: 'no takebacks' }) : null,
      g.engine ? h('span.badge', { text: `engine level ${g.engine.level}` }) : null].filter(Boolean));
  }

  /**
   * The boards, drawn by the renderer of the variant's layout with its mark styles (or a
   * notice where none draws them), and a premove played once the turn has come.
   */
  renderBoard(view, { canMove, reason, actor, looking }) {
    const g = this.game;
    learnNames(view);
    const kind = this.variant && this.variant.layout;
    if (!view.boards || !view.boards.length || !RENDERERS[kind]) {
      this.renderer = null;
      this.rendererKind = null;
      this.boardEl.replaceChildren(h('div.no-view', {},
        h('p', { text: `The board of ${variantLabel(g.variant)} cannot be drawn yet.` }),
        h('p.muted', { text: 'Type moves below, or pick one of the legal decisions.' })));
    } else {
      if (this.rendererKind !== kind) {
        this.boardEl.replaceChildren();
        this.renderer = new RENDERERS[kind](this.boardEl, this.interaction, this);
        this.rendererKind = kind;
      }
      this.interaction.setView(view, { canMove, reason, mover: actor, premoveSeat: this.premoveSeat(actor) });
      this.renderer.render(this.review.withArrow(view, this.steps.shownPly()), {
        flipped: this.bottomPlayer() === 1, last: view.last || [], names: this.names(), marks: this.variant.marks,
      });
    }
    if (canMove && this.interaction.premove) this.playPremove(view);
    this.boardEl.dataset.variant = g.variant;
    this.boardEl.dataset.version = String(versionOf(g));
    this.boardEl.dataset.toAct = actor == null ? '' : String(actor);
    this.boardEl.dataset.ply = String(this.steps.shownPly());
    this.boardEl.classList.toggle('looking-back', !!looking);
  }

  /** Both players' bars (name, captured pieces most valuable first, clock) and the clocks. */
  renderPlayers(actor) {
    const g = this.game;
    const names = this.names();
    const bottom = this.bottomPlayer();
    const fill = (bar, player) => {
      bar.dataset.player = String(player);
      const dot = bar.querySelector('.player-dot');
      if (dot.dataset.player !== String(player)) {
        dot.dataset.player = String(player);
        dot.replaceChildren(pieceElement({ kind: 'K', player, name: 'king' }, 22));
      }
      const isEngine = g.engine && g.engine.seat === player;
      const you = this.isSeated() && this.seat === player;
      bar.querySelector('.player-name').textContent = `${capitalise(names[player])}${isEngine ? ' · engine' : ''}${you ? ' (you)' : ''}`;
      bar.classList.toggle('to-act', actor === player && !g.outcome);
      const captured = bar.querySelector('.captured');
      captured.replaceChildren();
      const lost = (g.captured && g.captured[1 - player]) || [];
      [...lost].sort((a, b) => (b.value ?? 0) - (a.value ?? 0)).forEach((piece) => {
        captured.append(pieceElement({ ...piece, player: 1 - player }, 20));
      });
      bar.querySelector('.clock-slot').replaceChildren(this.clockEls[player]);
    };
    fill(this.topBar, 1 - bottom);
    fill(this.bottomBar, bottom);
    this.clocks.update(g.clock || null, !!g.outcome);
  }

  /** Whose turn it is (or that the game is over), and the result once it is. */
  renderStatus(actor) {
    const g = this.game;
    const names = this.names();
    let status;
    if (g.outcome) status = 'Game over';
    else if (actor == null) status = g.to_act ? `${capitalise(g.to_act)} to act` : 'Waiting…';
    else if (this.isSeated() && (this.seat === actor || this.seat == null)) status = this.seat == null ? `${capitalise(names[actor])} to move` : 'Your turn';
    else if (g.engine && g.engine.seat === actor) status = 'The engine is thinking…';
    else status = `${capitalise(names[actor])} to move`;
    this.statusEl.textContent = status;
    this.statusEl.classList.toggle('your-turn', status === 'Your turn');
    this.resultEl.hidden = !g.outcome;
    if (g.outcome) {
      this.resultEl.replaceChildren(
        h('span.result-score', { text: g.outcome.result || '' }),
        h('span.result-text', { text: resultReason(g.outcome) }));
    }
  }

  /** The view's notes beside the boards (Die Chess: the roll and the forfeit odds). */
  renderNotes(view) {
    const notes = [...(view.notes || [])];
    this.notesEl.replaceChildren(...notes.map((n) => h('li', { text: n })));
    this.notesEl.hidden = !notes.length;
  }

  /** The form for typed moves, with the legal decisions as suggestions. */
  renderTyping(canMove) {
    const g = this.game;
    this.moveForm.hidden = !canMove;
    this.moveInput.title = g.notation_help || (this.variant && this.variant.notation_help) || '';
    const decisions = (g.decisions || []).slice(0, 400);
    if (this.datalist.dataset.version !== String(versionOf(g))) {
      this.datalist.replaceChildren(...decisions.map((d) => h('option', { value: d })));
      this.datalist.dataset.version = String(versionOf(g));
    }
  }

  /** Which seat this browser holds, if any. */
  renderSeat() {
    const names = this.names();
    this.seatEl.textContent = this.isSeated()
      ? (this.seat != null ? `You play ${names[this.seat]}.` : 'You hold a seat in this game.')
      : 'You are watching this game.';
  }

  /**
   * The seat that may premove now: in a timed game running, the viewer's seat while the other
   * seat is to move (and the live position shown); else null.
   */
  premoveSeat(actor) {
    const g = this.game;
    if (!g || g.outcome || !g.clock || !this.isSeated() || this.seat == null || this.steps.looking) return null;
    return actor != null && actor !== this.seat ? this.seat : null;
  }

  /** Plays the premove now that the turn has come, if it is a legal move; else drops it. */
  playPremove(view) {
    const premove = this.interaction.takePremove();
    const same = (a, b) => a && b && a.board === b.board && a.square === b.square;
    const candidates = (view.moves || []).filter((m) => same(m.from, premove.from) && same(m.to, premove.to));
    if (!candidates.length) {
      showMessage('The premove is not legal now: dropped.', 'info');
      return;
    }
    const move = candidates.find((m) => /q/i.test(m.promotion || '')) || candidates[0];
    setTimeout(() => this.sendDecision(move.text), 0);
  }

  /** The step controls and, while an earlier position is shown, the bar back to live. */
  renderSteps() {
    const g = this.game;
    const length = (g.history || []).length;
    const shown = this.steps.shownPly();
    this.replayBar.hidden = !this.steps.looking;
    if (this.steps.looking) {
      this.replayText.textContent = shown === 0
        ? 'The start position.'
        : `After decision ${shown} of ${length}${g.outcome ? '' : ': the game goes on'}.`;
    }
    for (const button of this.stepNav.querySelectorAll('button')) {
      const forward = button.dataset.step === 'forward' || button.dataset.step === 'last';
      button.disabled = forward ? !this.steps.looking : shown === 0;
    }
  }

  /**
   * The legend: every kind on the boards or captured, drawn for both players, with its name;
   * and the level marks the boards carry (the marks the variant draws as a gauge: DMChess's
   * DEL).
   */
  renderLegend(view) {
    const kinds = kindsOf(view, (this.game.captured || []).flat());
    const styles = markStyles(this.variant && this.variant.marks);
    const gauges = [...new Set((view.boards || []).flatMap((b) => (b.marks || []).map((m) => m.kind)))]
      .filter((kind) => styleOf(styles, { kind }).draw === 'gauge');
    const key = [...kinds.map((k) => `${k.kind}:${k.name}`), ...gauges].join(',');
    if (this.legendEl.dataset.kinds === key) return;
    this.legendEl.dataset.kinds = key;
    this.legendEl.hidden = !kinds.length;
    const rows = kinds.map((k) => h('li', { dataset: { kind: k.kind, name: k.name } },
      pieceElement({ ...k, player: 0 }, 26), pieceElement({ ...k, player: 1 }, 26),
      h('span.legend-name', { text: capitalise(k.name) }), h('span.legend-kind', { text: k.kind })));
    for (const kind of gauges) {
      const sample = h('span.piece-icon', { html: `<svg xmlns="http://www.w3.org/2000/svg" width="26" height="26" viewBox="0 0 45 45">${markGauge({ kind, text: '3' }, styleOf(styles, { kind }))}</svg>` });
      rows.push(h('li.legend-mark', { dataset: { mark: kind } }, sample,
        h('span.legend-name', { text: `${kind.toUpperCase()}: the level on a piece (pips and number)` })));
    }
    this.legendEl.replaceChildren(h('summary', { text: 'Pieces' }), h('ul', {}, ...rows));
  }

  renderOffers(names) {
    const g = this.game;
    const offers = g.offers || {};
    const parts = [];
    const seated = this.isSeated() && !g.outcome;
    const other = (p) => this.seat == null || p !== this.seat;
    if (!g.outcome && offers.draw != null) {
      const who = capitalise(names[offers.draw]);
      parts.push(h('div.offer', {}, h('span', { text: other(offers.draw) ? `${who} offers a draw.` : 'You offered a draw.' }),
        seated && other(offers.draw) ? this.actionButton('accept-draw', 'Accept', 'primary') : null,
        seated && other(offers.draw) ? this.actionButton('decline-draw', 'Decline') : null));
    }
    if (g.outcome && !g.rematch && offers.rematch != null) {
      const who = capitalise(names[offers.rematch]);
      const answer = this.isSeated() && other(offers.rematch);
      parts.push(h('div.offer', {}, h('span', { text: other(offers.rematch) ? `${who} offers a rematch.` : 'You offered a rematch.' }),
        answer ? this.actionButton('rematch', 'Accept', 'primary') : null,
        answer ? this.actionButton('decline-rematch', 'Decline') : null));
    }
    if (!g.outcome && offers.takeback != null) {
      const who = capitalise(names[offers.takeback]);
      parts.push(h('div.offer', {}, h('span', { text: other(offers.takeback) ? `${who} asks to take back a move.` : 'You asked to take back a move.' }),
        seated && other(offers.takeback) ? this.actionButton('accept-takeback', 'Accept', 'primary') : null,
        seated && other(offers.takeback) ? this.actionButton('decline-takeback', 'Decline') : null));
    }
    this.offersEl.replaceChildren(...parts);
    this.offersEl.hidden = !parts.length;
  }

  /**
   * Decisions without squares (5D's submit, a dice pass, DMChess's setup `done`) as buttons:
   * each with the words its variant gives it (else its text), its kind as its action, the
   * turn's end the primary one.
   */
  renderCellFree(view, canMove) {
    const buttons = [];
    const g = this.game;
    let moves = (view.moves || []).filter((m) => !m.from && !m.to);
    if ((!view.boards || !view.boards.length) && g.decisions) {
      moves = g.decisions.slice(0, 60).map((text) => ({ text }));
    }
    if (canMove) {
      for (const move of moves) {
        const action = move.kind && move.kind !== 'move' ? move.kind : 'decision';
        const button = h(`button.${move.turn_end ? 'primary' : 'secondary'}`, { type: 'button', dataset: { action, decision: move.text }, text: move.label || move.text });
        button.addEventListener('click', () => this.sendDecision(move.text));
        buttons.push(button);
      }
    }
    if (this.isSeated() && g.undo_by != null && g.undo_by === this.seat) {
      buttons.push(this.actionButton('undo', 'Undo', 'secondary', !canMove));
    }
    this.cellFree.replaceChildren(...buttons);
    this.cellFree.hidden = !buttons.length;
  }

  actionButton(action, label, style = 'secondary', disabled = false) {
    const button = h(`button.${style}`, { type: 'button', dataset: { action }, text: label, disabled });
    button.addEventListener('click', () => this.act(action));
    return button;
  }

  renderActions() {
    const g = this.game;
    const buttons = [];
    if (this.isSeated()) {
      if (!g.outcome) {
        const offers = g.offers || {};
        const mineDraw = offers.draw != null && offers.draw === this.seat;
        if (offers.draw == null || mineDraw) buttons.push(this.actionButton('offer-draw', mineDraw ? 'Draw offered' : 'Offer draw', 'secondary', mineDraw));
        if (g.casual !== false) {
          const mineTb = offers.takeback != null && offers.takeback === this.seat;
          if (offers.takeback == null || mineTb) buttons.push(this.actionButton('takeback', mineTb ? 'Takeback asked' : 'Takeback', 'secondary', mineTb || !(g.history || []).length));
        }
        if (g.claimable_draw && (this.seat == null || g.to_act_index === this.seat)) {
          const claim = this.actionButton('claim-draw', 'Claim draw', 'primary');
          claim.title = g.claimable_draw;
          buttons.push(claim);
        }
        if (g.abortable) buttons.push(this.actionButton('abort', 'Abort', 'danger'));
        else buttons.push(this.actionButton('resign', 'Resign', 'danger'));
      } else if (g.rematch) {
        const go = h('button.primary', { type: 'button', dataset: { action: 'rematch' }, text: 'Go to the rematch' });
        go.addEventListener('click', () => this.goToRematch(g.rematch));
        buttons.push(go);
      } else if ((g.offers || {}).rematch == null) {
        // Against the engine the rematch starts at once; else it is offered to the other.
        buttons.push(this.actionButton('rematch', g.engine ? 'Rematch' : 'Offer a rematch', 'primary'));
      } else if (g.offers.rematch === this.seat) {
        buttons.push(this.actionButton('rematch', 'Rematch offered', 'secondary', true));
      }
    } else if (g.rematch) {
      buttons.push(h('a.button.secondary', { href: `/game/${encodeURIComponent(g.rematch)}`, dataset: { action: 'rematch' }, text: 'Watch the rematch' }));
    }
    this.actionsEl.replaceChildren(...buttons);
    this.actionsEl.hidden = !buttons.length;
  }

  /** The tools, made once (a select open while a move arrives stays open). */
  renderTools() {
    if (this.reviewTool) this.reviewTool.hidden = !this.canReview();
    if (this.toolsEl.childElementCount) return;
    const tool = (action, label, handler, titleText) => {
      const b = h('button.tool', { type: 'button', dataset: { action }, text: label, title: titleText || label });
      b.addEventListener('click', handler);
      return b;
    };
    const sound = tool('mute', '', () => {
      setMuted(!muted());
      showSound();
    }, 'Sounds of moves, captures, checks and the game\'s end');
    const showSound = () => {
      sound.textContent = muted() ? 'Sound: off' : 'Sound: on';
      sound.setAttribute('aria-pressed', String(!muted()));
    };
    showSound();
    const theme = h('select.tool#theme', { 'aria-label': 'board theme', title: 'Board theme' },
      ...THEMES.map(([name, label]) => h('option', { value: name, text: `Board: ${label}`, selected: name === currentTheme() })));
    theme.addEventListener('change', () => { applyTheme(theme.value); if (this.renderer) this.render(); });
    this.reviewTool = tool('review', '◔ Review the game', () => this.review.start(this.game),
      'The engine reviews every move: an evaluation graph, the best moves, the mistakes marked');
    this.reviewTool.hidden = !this.canReview();
    this.toolsEl.replaceChildren(
      tool('flip', '⇅ Flip board', () => this.flip(), 'Flip the board (f)'),
      tool('export', '⤓ Export', () => this.exportGame()),
      tool('analyse', '⌕ Analyse this position', () => this.analyse(), 'The position shown, on the analysis board'),
      this.reviewTool,
      sound, theme);
  }

  /** A finished game is reviewed by anyone; a game in play only by those watching it. */
  canReview() {
    return !!this.game && (!!this.game.outcome || !this.isSeated()) && (this.game.history || []).length > 0;
  }

  exportGame() {
    const g = this.game;
    const ext = (this.variant && this.variant.record_extension) || 'txt';
    showTexts('Export', [
      { title: 'Record', text: getRecord(this.id), filename: `omnichess-${g.variant}-${this.id}.${ext.replace(/^\./, '')}`, id: 'export-record', rows: 8 },
      { title: 'Position', text: g.position || '', filename: `omnichess-${g.variant}-${this.id}-position.txt`, id: 'export-position', rows: 3 },
    ]);
  }

  /** Opens the analysis board at the position shown: the game's start and its decisions so far. */
  analyse() {
    const g = this.game;
    const after = (g.history || []).slice(0, this.steps.shownPly()).join(' ');
    const params = new URLSearchParams({ variant: g.variant, position: g.start || '', after });
    window.open(`/analysis?${params}`, '_blank', 'noopener');
  }

  async playCandidates(candidates) {
    let move = candidates[0];
    if (candidates.length > 1) {
      const actor = this.game.to_act_index ?? this.seat ?? 0;
      move = await chooseMove(candidates, actor);
      if (!move) { this.render(); return; }
    }
    await this.sendDecision(move.text);
  }

  /** Sends a decision; true when the server took it. */
  async sendDecision(text) {
    if (this.busy) return false;
    if (!this.token) { showMessage('You are watching this game.', 'error'); return false; }
    this.busy = true;
    clearMessage();
    try {
      const game = await postDecision(this.id, this.token, text, this.game);
      this.busy = false;
      this.link.accept(game);
      this.render();
      return true;
    } catch (e) {
      this.busy = false;
      showMessage(`${text}: ${e.message}`, 'error');
      this.render();
      if (e.status === 409 || e.status === 403) this.link.poll();
      return false;
    }
  }

  async act(action) {
    if (!this.token) return;
    if (action === 'resign' && !(await confirmDialog('Resign this game?', 'Resign'))) return;
    if (action === 'abort' && !(await confirmDialog('Abort this game?', 'Abort'))) return;
    try {
      const answer = await postAction(this.id, this.token, action);
      const game = answer.game;
      // The rematch action answers with the new game's snapshot.
      if (action === 'rematch') {
        const next = game && game.id && game.id !== this.id ? game.id : game && game.rematch;
        if (next) { this.goToRematch(next); return; }
        showMessage('Rematch offered: the game starts when your opponent accepts.', 'info');
      }
      if (game && (!game.id || game.id === this.id)) this.link.accept(game);
      const done = {
        'offer-draw': 'Draw offered.', takeback: 'Takeback asked.', 'decline-draw': 'Draw declined.', 'decline-takeback': 'Takeback declined.',
      }[action];
      if (done) showMessage(done, 'info');
    } catch (e) {
      if (e.status === 404 || e.status === 405) showMessage(`${capitalise(action.replace('-', ' '))} is not available on this server yet.`, 'error');
      else showMessage(e.message, 'error');
      this.render();
    }
  }

  /** Goes to the rematch: each player keeps their token, the seats swapped. */
  goToRematch(next) {
    if (this.token) {
      saveSeat(next, this.token, this.seat == null ? null : 1 - this.seat, { variant: this.game.variant });
    }
    location.assign(`/game/${encodeURIComponent(next)}`);
  }

  async flag(player) {
    if (!this.token || !this.game || this.game.outcome) return;
    try {
      const answer = await postAction(this.id, this.token, 'flag');
      if (answer.game && answer.game.id === this.id) this.link.accept(answer.game);
    } catch (e) {
      // The server's clock decides; a refused flag means time was not up there yet.
      if (e.status !== 422 && e.status !== 409) showMessage(`Flag: ${e.message}`, 'error');
      setTimeout(() => this.link.poll(), 500);
    }
    void player;
  }
}
