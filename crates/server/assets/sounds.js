// The game's sounds, made with WebAudio (no sound files): a move, a capture, a check, the
// game's end. A mute switch, remembered in localStorage. For tests, each sound played is
// logged in window.omnichess.sounds.

const MUTED_KEY = 'omnichess.muted';

/** Each sound: tones of [start s, frequency Hz, length s, type, gain]; `noise` a burst. */
const SOUNDS = {
  move: { tones: [[0, 520, 0.07, 'triangle', 0.35], [0.01, 260, 0.06, 'sine', 0.25]] },
  capture: { tones: [[0, 180, 0.12, 'square', 0.18], [0, 90, 0.15, 'sine', 0.35]], noise: 0.08 },
  check: { tones: [[0, 880, 0.09, 'sine', 0.3], [0.11, 1175, 0.12, 'sine', 0.3]] },
  end: { tones: [[0, 523, 0.25, 'sine', 0.25], [0.12, 659, 0.25, 'sine', 0.25], [0.24, 784, 0.45, 'sine', 0.25]] },
};

let context = null;

export function muted() {
  try { return localStorage.getItem(MUTED_KEY) === '1'; } catch { return false; }
}

export function setMuted(value) {
  try { localStorage.setItem(MUTED_KEY, value ? '1' : '0'); } catch { /* private mode: this page only */ }
}

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

/** Plays sound `name` (`move`, `capture`, `check`, `end`) unless muted. */
export function play(name) {
  const sound = SOUNDS[name];
  if (!sound || muted()) return;
  window.omnichess = window.omnichess || {};
  (window.omnichess.sounds = window.omnichess.sounds || []).push(name);
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime + 0.01;
  for (const [at, freq, length, type, gain] of sound.tones) {
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, now + at);
    amp.gain.setValueAtTime(gain, now + at);
    amp.gain.exponentialRampToValueAtTime(0.001, now + at + length);
    osc.connect(amp).connect(ctx.destination);
    osc.start(now + at);
    osc.stop(now + at + length + 0.02);
  }
  if (sound.noise) {
    const frames = Math.round(ctx.sampleRate * sound.noise);
    const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
    const source = ctx.createBufferSource();
    const amp = ctx.createGain();
    amp.gain.value = 0.25;
    source.buffer = buffer;
    source.connect(amp).connect(ctx.destination);
    source.start(now);
  }
}

/**
 * The sound for going from snapshot `before` to `after`: the game's end, else a check, a
 * capture, a move; null when no decision was added.
 * @param {import('./protocol.js').Snapshot|null} before
 * @param {import('./protocol.js').Snapshot} after
 */
export function soundFor(before, after) {
  if (!before) return null;
  if (!before.outcome && after.outcome) return 'end';
  if ((after.history || []).length <= (before.history || []).length) return null;
  if ((after.view && after.view.checks || []).length) return 'check';
  const lost = (g) => (g.captured || []).reduce((n, side) => n + side.length, 0);
  if (lost(after) > lost(before)) return 'capture';
  return 'move';
}
