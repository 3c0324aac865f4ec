// Both clocks, counting down locally between snapshots: `clock.remaining_ms` is what each
// player had when the server sent it, `clock.running` whose clock runs. The local count starts
// when the snapshot arrives (not from `server_ms`, so that a skewed local clock does not
// matter). At zero it calls `onZero(player)` once per snapshot (the page sends `flag`).

export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  if (clamped < 10000) {
    const tenths = Math.floor(clamped / 100);
    return `0:${String(Math.floor(tenths / 10)).padStart(2, '0')}.${tenths % 10}`;
  }
  const seconds = Math.ceil(clamped / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  // Correspondence: days, then hours.
  if (h >= 24) return `${Math.floor(h / 24)}d ${h % 24}:${mmss}`;
  return h ? `${h}:${mmss}` : `${m}:${String(s).padStart(2, '0')}`;
}

export class Clocks {
  /** `elements`: [el of player 0, el of player 1], each with a `.time` child. */
  constructor(elements, { onZero } = {}) {
    this.elements = elements;
    this.onZero = onZero || (() => {});
    this.clock = null;
    this.receivedAt = 0;
    this.flagged = false;
    this.stopped = true;
    this.timer = null;
  }

  /**
   * A new snapshot's clock (or null); `over`: the game has ended (the clocks stop).
   * @param {import('./protocol.js').ClockState|null} clock
   * @param {boolean} over
   */
  update(clock, over) {
    this.clock = clock;
    this.receivedAt = performance.now();
    this.flagged = false;
    this.stopped = !!over || !clock || clock.running == null;
    for (const el of this.elements) el.hidden = !clock;
    this.draw();
    clearInterval(this.timer);
    if (!this.stopped) this.timer = setInterval(() => this.draw(), 100);
  }

  elapsed(player) {
    return !this.stopped && this.clock.running === player ? performance.now() - this.receivedAt : 0;
  }

  /** The game clock of `player` now (null when the control has none: per-move only). */
  remaining(player) {
    const clock = this.clock;
    if (!clock || !clock.remaining_ms || !(clock.base_ms > 0)) return null;
    return (clock.remaining_ms[player] ?? 0) - this.elapsed(player);
  }

  /** The time left for this move under a per-move limit (null without one). */
  moveLeft(player) {
    const clock = this.clock;
    if (!clock || !(clock.per_move_ms > 0)) return null;
    if (!this.stopped && clock.running === player && clock.move_left_ms != null) return clock.move_left_ms - this.elapsed(player);
    return clock.per_move_ms;
  }

  draw() {
    if (!this.clock) return;
    [0, 1].forEach((player) => {
      const el = this.elements[player];
      const game = this.remaining(player);
      const move = this.moveLeft(player);
      const ms = Math.min(game ?? Infinity, move ?? Infinity);
      const running = !this.stopped && this.clock.running === player;
      el.querySelector('.time').textContent = formatClock(game ?? move ?? 0);
      let extra = el.querySelector('.move-time');
      if (game != null && move != null) {
        if (!extra) { extra = document.createElement('span'); extra.className = 'move-time'; el.append(extra); }
        extra.textContent = `move ${formatClock(move)}`;
      } else if (extra) extra.remove();
      el.classList.toggle('running', running);
      el.classList.toggle('low', ms < 20000);
      el.classList.toggle('out', ms <= 0);
      if (running && ms <= 0 && !this.flagged) {
        this.flagged = true;
        this.onZero(player);
      }
    });
  }

  stop() {
    clearInterval(this.timer);
  }
}
