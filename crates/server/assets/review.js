// Game review on the game page (a finished game, or one being watched): the analysis socket's
// `review` of every decision so far. An evaluation graph of the first player's expected
// points (click a point to go there), the engine's best line in the variant's notation for
// the position shown and its first move as an arrow on the board, and the inaccuracies (?!),
// mistakes (?) and blunders (??) marked in the move list (docs/PROTOCOL.md, "Game review").

/** @typedef {import('./protocol.js').Snapshot} Snapshot */
/** @typedef {import('./protocol.js').AnalysisPoint} AnalysisPoint */

import { h } from './ui.js';

const MARKS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const W = 300;
/** The turns of a best line shown. */
const LINE_TURNS = 8;
const H = 84;

/** `cp N` / `mate N` (the first player's view) or a result, as a player reads it. */
export function scoreText(score) {
  if (score == null) return '';
  const cp = String(score).match(/^cp\s+(-?\d+)/);
  if (cp) {
    const n = Number(cp[1]) / 100;
    return `${n > 0 ? '+' : ''}${n.toFixed(2)}`;
  }
  const mate = String(score).match(/^mate\s+(-?\d+)/);
  if (mate) return `${Number(mate[1]) < 0 ? '−' : ''}#${Math.abs(Number(mate[1]))}`;
  return String(score);
}

export class Review {
  /**
   * @param {{onGo: (ply: number) => void, onChange: () => void, names: () => string[],
   *   moveText: (index: number) => string}} hooks
   */
  constructor({ onGo, onChange, names, moveText }) {
    this.onGo = onGo;
    this.onChange = onChange;
    this.names = names;
    this.moveText = moveText;
    /** @type {Map<number, AnalysisPoint>} */
    this.points = new Map();
    this.plies = [];
    this.ws = null;
    this.reviewedLength = null;
    this.shownPly = 0;
    this.status = h('p.muted#review-status', { text: '' });
    this.graph = h('div.review-graph#review-graph', { hidden: true });
    this.best = h('p.review-best#review-best', { hidden: true });
    this.counts = h('p.review-counts#review-counts', { hidden: true });
    this.element = h('section.review#review', { hidden: true },
      h('h2', { text: 'Review' }), this.status, this.graph, this.best, this.counts);
    this.graph.addEventListener('click', (e) => this.clickGraph(e));
  }

  get active() {
    return !this.element.hidden;
  }

  /** Reviews `game`'s decisions so far on the analysis socket. */
  start(game) {
    this.stop();
    this.points = new Map();
    this.plies = [];
    this.reviewedLength = (game.history || []).length;
    this.element.hidden = false;
    this.graph.hidden = true;
    this.best.hidden = true;
    this.counts.hidden = true;
    this.status.textContent = 'Connecting…';
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}/api/analysis/ws`);
    } catch {
      this.status.textContent = 'The review is not available on this server.';
      return;
    }
    this.ws = socket;
    socket.onopen = () => {
      /** @type {import('./protocol.js').AnalysisReview} */
      const message = { v: 1, type: 'review', variant: game.variant, position: game.start || '', after: game.history || [], seconds: 0.3 };
      socket.send(JSON.stringify(message));
      this.status.textContent = 'Reviewing…';
    };
    socket.onmessage = (event) => {
      let m;
      try { m = JSON.parse(event.data); } catch { return; }
      if (m.type === 'plan') {
        this.plies = m.plies || [];
        this.progress();
      } else if (m.type === 'point') {
        this.points.set(m.ply, m);
        this.progress();
        this.onChange();
      } else if (m.type === 'reviewed') {
        this.status.textContent = `Reviewed ${m.points} positions, ${this.reviewedLength} decisions.`;
        socket.close();
        this.onChange();
      } else if (m.type === 'error') {
        this.status.textContent = `The review stopped: ${m.error}`;
        socket.close();
      }
    };
    socket.onclose = () => { if (this.ws === socket) this.ws = null; };
  }

  stop() {
    if (this.ws) this.ws.close();
    this.ws = null;
  }

  progress() {
    if (this.ws) this.status.textContent = `Reviewing… ${this.points.size} of ${this.plies.length} positions`;
    this.drawGraph();
  }

  /** The points in the order of the game. */
  ordered() {
    return [...this.points.values()].sort((a, b) => a.ply - b.ply);
  }

  /** The judgement of each judged decision, by its index. */
  judgements() {
    const out = new Map();
    for (const p of this.points.values()) if (p.judgement) out.set(p.judgement.index, p.judgement);
    return out;
  }

  drawGraph() {
    const points = this.ordered().filter((p) => p.value != null);
    const last = Math.max(1, this.plies.length ? this.plies[this.plies.length - 1] : 0, ...points.map((p) => p.ply));
    this.graph.hidden = !points.length;
    if (!points.length) return;
    const x = (ply) => (ply / last) * W;
    const y = (value) => (1 - value) * H;
    const line = points.map((p) => `${x(p.ply).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
    // The light part is the first player's share, the dark the second's, as on lichess.
    const area = `0,${H} ${line} ${x(points[points.length - 1].ply).toFixed(1)},${H}`;
    const dots = points.filter((p) => p.judgement).map((p) => `<circle class="judged ${p.judgement.kind}" cx="${x(p.ply).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="3.2"><title>${MARKS[p.judgement.kind]} ${p.judgement.kind}</title></circle>`);
    const shown = Math.min(this.shownPly, last);
    this.graph.dataset.last = String(last);
    this.graph.innerHTML = `<svg viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="evaluation graph: the first player's expected points over the game">`
      + `<rect class="ground" x="0" y="0" width="${W}" height="${H}"/>`
      + `<polygon class="area" points="${area}"/>`
      + `<line class="middle" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/>`
      + `<polyline class="curve" points="${line}"/>`
      + `<line class="now" x1="${x(shown).toFixed(1)}" y1="0" x2="${x(shown).toFixed(1)}" y2="${H}"/>`
      + `${dots.join('')}</svg>`;
  }

  /** Goes to the reviewed position nearest the click. */
  clickGraph(e) {
    const points = this.ordered();
    if (!points.length) return;
    const rect = this.graph.getBoundingClientRect();
    const last = Number(this.graph.dataset.last) || 1;
    const ply = ((e.clientX - rect.left) / Math.max(1, rect.width)) * last;
    let nearest = points[0];
    for (const p of points) if (Math.abs(p.ply - ply) < Math.abs(nearest.ply - ply)) nearest = p;
    this.onGo(nearest.ply);
  }

  /** Shows the best line and the graph's marker for the position after `ply` decisions. */
  show(ply) {
    this.shownPly = ply;
    if (!this.active) return;
    this.drawGraph();
    const point = this.points.get(ply);
    const names = this.names();
    if (!point) {
      this.best.hidden = !this.points.size;
      this.best.replaceChildren(h('span.muted', { text: this.points.size ? 'This position was not reviewed.' : '' }));
    } else {
      const line = (point.shown || []).slice(0, LINE_TURNS).join(' ');
      const judged = point.judgement;
      this.best.hidden = false;
      this.best.replaceChildren(...[
        h('span.review-score', { text: point.score ? scoreText(point.score) : point.value != null ? `${Math.round(point.value * 100)}% for ${names[0]}` : '' }),
        line ? h('span', {}, h('span.muted', { text: ' Best: ' }), h('strong.review-line', { text: line })) : null,
        judged ? h('span.review-judged', { dataset: { kind: judged.kind }, text: ` · ${this.moveText(judged.index)}${MARKS[judged.kind]} was ${judged.kind === 'inaccuracy' ? 'an' : 'a'} ${judged.kind}: ${names[judged.player]} lost ${Math.round(judged.loss * 100)} % of a point` }) : null,
      ].filter(Boolean));
    }
    const tally = [0, 1].map((player) => {
      const mine = [...this.judgements().values()].filter((j) => j.player === player);
      const n = (kind) => mine.filter((j) => j.kind === kind).length;
      const count = (kind, one, many) => `${n(kind)} ${n(kind) === 1 ? one : many}`;
      return `${names[player]}: ${count('inaccuracy', 'inaccuracy', 'inaccuracies')}, ${count('mistake', 'mistake', 'mistakes')}, ${count('blunder', 'blunder', 'blunders')}`;
    });
    this.counts.hidden = !this.points.size;
    this.counts.textContent = tally.join(' · ');
  }

  /** `view` with the best move of the position after `ply` decisions drawn as an arrow. */
  withArrow(view, ply) {
    const point = this.active && this.points.get(ply);
    if (!point || !point.arrow || point.arrow.length !== 2) return view;
    return { ...view, arrows: [...(view.arrows || []), { from: point.arrow[0], to: point.arrow[1], suggested: true }] };
  }

  /** Marks the judged decisions in `list` (the move list): a turn's mark is its worst. */
  decorate(list) {
    if (!this.active) return;
    const judged = this.judgements();
    if (!judged.size) return;
    const spans = [...list.querySelectorAll('.move[data-index]')];
    const order = ['inaccuracy', 'mistake', 'blunder'];
    for (const [index, j] of judged) {
      const span = spans.find((s) => Number(s.dataset.index) >= index);
      if (!span) continue;
      const worse = !span.dataset.judged || order.indexOf(j.kind) > order.indexOf(span.dataset.judged);
      if (!worse) continue;
      span.dataset.judged = j.kind;
      span.title = `${this.names()[j.player]}: ${j.kind}, ${Math.round(j.loss * 100)} % of a point lost`;
      span.querySelector('.judgement')?.remove();
      span.append(h('span.judgement', { text: MARKS[j.kind] }));
    }
  }
}
