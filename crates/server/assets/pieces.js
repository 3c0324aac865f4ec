// Piece drawings, in a 45 × 45 box, chosen by the piece's name as the variant's view gives it
// (`PieceView.name`: `pawn`, `pegasus`, `fallen angel`, `unicorn`…), never by its letter, which
// means different pieces in different variants (Three Realms' P is the pegasus). Every kind of
// every variant has its own drawing, for both players (player 0 light, player 1 dark); a name
// without one is its letter in a disc. The page learns each letter's name from the views it
// shows (`learnNames`), for what carries only a letter (a promotion's choice).

const STYLE = [
  { fill: '#ffffff', stroke: '#1c1c1c', detail: '#1c1c1c' },
  { fill: '#2a2a2a', stroke: '#0d0d0d', detail: '#e8e8e8' },
];

const BASE = 'M10.5 41 L34.5 41 L34.5 38 C34.5 36.5 33.5 36 32 36 L13 36 C11.5 36 10.5 36.5 10.5 38 Z';

const PAWN = 'M14.5 36 C14.5 30 17.5 26.5 20 24.5 C17.8 23.2 16.6 21 16.6 18.6 C16.6 15.3 19.3 12.6 22.5 12.6 C25.7 12.6 28.4 15.3 28.4 18.6 C28.4 21 27.2 23.2 25 24.5 C27.5 26.5 30.5 30 30.5 36 Z';
const KNIGHT = 'M14 36 C14 30 16.5 27 19.5 24.5 C21 23.2 21.5 21.5 21 20 C19 22 16.5 22.5 14.5 24.5 C13 26 10.5 26 9.5 24 C8.5 22 9.5 20.5 11 18.5 C13 15.5 14.5 13 16.5 11 L16 7 L19 9.5 L21 6.5 L22.5 10 C29 11 33 17 33 25 C33 29 32 33 31.5 36 Z';
const QUEEN = 'M11.5 36 L13 30.5 L9 15 L16 25 L16.5 11.5 L20 24 L22.5 9.5 L25 24 L28.5 11.5 L29 25 L36 15 L32 30.5 L33.5 36 Z';
const KING = 'M12 36 L13 30.5 C8.5 27 8 19 14 17.5 C18 16.5 21 19.5 22.5 23 C24 19.5 27 16.5 31 17.5 C37 19 36.5 27 32 30.5 L33 36 Z';
const ROBE = 'M14 36 L18 21 C19 19.5 26 19.5 27 21 L31 36 Z';
const CROSS = 'M22.5 5 L22.5 13 M19 8.5 L26 8.5';

/** `d` mirrored left to right in the 45-wide box (its x coordinates are every other number). */
function mirror(d) {
  let i = 0;
  return d.replace(/-?\d+(\.\d+)?/g, (n) => (i++ % 2 === 0 ? String(Math.round((45 - Number(n)) * 100) / 100) : n));
}

/** A star's path: `points` points around (cx, cy). */
function star(cx, cy, outer, inner, points = 5) {
  const at = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI * i) / points - Math.PI / 2;
    at.push(`${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${at.join(' L')} Z`;
}

// Each drawing, a list of parts drawn in order: `['body', d]` filled and outlined, `['line', d]`
// in the detail colour, `['outline', d]` in the outline colour, `['ball', cx, cy, r]` filled,
// `['eye', cx, cy, r]` in the detail colour, `['halo', cx, cy, rx, ry, tilt, dash]`.
const LAUREL = ['line', 'M15.5 29.5 Q22.5 34.5 29.5 29.5'];
const WING = 'M27 19 C31 12 37 9.5 42 9 C40.5 12.5 39 14.5 36 16 C39 16 40.5 17 41.5 18.5 C38.5 20.5 35 21.5 31 22.5 Z';
const ANGEL_WING = 'M18.5 22 C13 17 8 16 5 17 C7 20 8 22 10 23 C8 24 7.5 26 8 28 C11 27.5 14 27 17.5 27 Z';
const FALLEN_WING = 'M18.5 23 C13 23.5 8.5 27 6.5 33.5 C9 32.5 10.5 32 12 32.5 C12 30.5 14 29.5 17 29 Z';
const BAT_WING = 'M17.5 20.5 L6 11.5 L7.5 17.5 L3.5 19 L7.5 22.5 L4.5 26.5 L16.5 27.5 Z';
const HORN = 'M19 12.5 C16.5 9.5 16.5 6.5 18 4 C19 7 20.5 9 22 10.5';
const SMALL_HORN = 'M17 17.5 C14.5 14 15 11 16.5 8.5 C17.5 11.5 19 13.5 21 15';

const DRAWINGS = {
  pawn: [['body', PAWN], ['body', BASE]],
  rook: [
    ['body', 'M13 36 L15.5 31.5 L15.5 17 L12.5 14 L12.5 8.5 L17 8.5 L17 11.5 L20.5 11.5 L20.5 8.5 L24.5 8.5 L24.5 11.5 L28 11.5 L28 8.5 L32.5 8.5 L32.5 14 L29.5 17 L29.5 31.5 L32 36 Z'],
    ['body', BASE],
    ['line', 'M15.5 17 L29.5 17'], ['line', 'M15.5 31.5 L29.5 31.5'],
  ],
  bishop: [
    ['body', 'M14.5 36 C13 33 13.5 31 15.5 30 C12.5 25 14.5 18 22.5 11.5 C30.5 18 32.5 25 29.5 30 C31.5 31 32 33 30.5 36 Z'],
    ['body', BASE],
    ['line', 'M22.5 17 L22.5 25.5'], ['line', 'M18.5 21.2 L26.5 21.2'], ['line', 'M15.5 30 L29.5 30'],
    ['ball', 22.5, 9, 2.6],
  ],
  knight: [['body', KNIGHT], ['body', BASE], ['line', 'M21 20 C22 18.5 22.5 17 22 15.5'], ['eye', 17.5, 14.5, 1.3]],
  queen: [
    ['body', QUEEN], ['body', BASE], ['line', 'M13 30.5 L32 30.5'],
    ['ball', 9, 14, 2.2], ['ball', 16.5, 10.5, 2.2], ['ball', 22.5, 8.3, 2.2], ['ball', 28.5, 10.5, 2.2], ['ball', 36, 14, 2.2],
  ],
  king: [['body', KING], ['body', BASE], ['line', 'M13 30.5 L32 30.5'], ['line', 'M22.5 23 L22.5 16'], ['cross', CROSS]],

  // Three Realms Chess.
  grandmaster: [['body', KING], ['body', BASE], ['line', 'M13 30.5 L32 30.5'], ['line', 'M22.5 23 L22.5 16'], ['body', star(22.5, 9.5, 6, 2.6)]],
  'honorable horse': [['body', KNIGHT], ['body', BASE], ['line', 'M21 20 C22 18.5 22.5 17 22 15.5'], ['eye', 17.5, 14.5, 1.3], LAUREL, ['body', star(22.5, 31.5, 3, 1.3)]],
  'silver general': [
    ['body', 'M22.5 6 L32.5 11 L35 36 L10 36 L12.5 11 Z'], ['body', BASE],
    ['line', 'M14.5 13 L22.5 9 L30.5 13 L32.5 33.5 L12.5 33.5 Z'],
    ['line', 'M16.5 23 L22.5 17 L28.5 23'], ['line', 'M16.5 29 L22.5 23 L28.5 29'],
  ],
  pegasus: [['body', WING], ['body', KNIGHT], ['body', BASE], ['line', 'M31 15.5 C33.5 14.5 36 14 38.5 14'], ['line', 'M31.5 19.5 C34 19 36.5 18.5 39 18.5'], ['eye', 17.5, 14.5, 1.3]],
  angel: [
    ['body', ANGEL_WING], ['body', mirror(ANGEL_WING)], ['body', ROBE], ['body', BASE],
    ['body', 'M18.5 15.5 A4 4 0 1 1 26.5 15.5 A4 4 0 1 1 18.5 15.5 Z'], ['halo', 22.5, 8.5, 5.5, 1.9, 0, false],
    ['line', 'M18 26 L27 26'],
  ],
  imp: [
    ['body', SMALL_HORN], ['body', mirror(SMALL_HORN)],
    ['body', 'M15.5 36 C15.5 32 18 29.5 22.5 29.5 C27 29.5 29.5 32 29.5 36 Z'], ['body', BASE],
    ['body', 'M14.5 22 A8 8 0 1 1 30.5 22 A8 8 0 1 1 14.5 22 Z'],
    ['eye', 19.5, 21, 1.4], ['eye', 25.5, 21, 1.4], ['line', 'M19 25.2 Q22.5 28 26 25.2'],
  ],
  warmachine: [
    ['body', 'M19.5 31 L22.5 18 L25.5 18 L28.5 31 Z'],
    ['outline', 'M13 30 L34 9.5'],
    ['body', 'M31 6.5 C33 4 37.5 4.5 38 8 C38.5 11 35 12.5 32.5 11.5 Z'], ['ball', 35, 8, 1.6],
    ['body', 'M7 30 L38 30 L38 34 L7 34 Z'],
    ['body', 'M9 36 A4 4 0 1 1 17 36 A4 4 0 1 1 9 36 Z'], ['body', 'M28 36 A4 4 0 1 1 36 36 A4 4 0 1 1 28 36 Z'],
    ['eye', 13, 36, 1.2], ['eye', 32, 36, 1.2],
  ],
  scholar: [
    ['body', 'M13 36 L16.5 23 C17.5 21 27.5 21 28.5 23 L32 36 Z'], ['body', BASE],
    ['body', 'M18 16.5 A4.5 4.5 0 1 1 27 16.5 A4.5 4.5 0 1 1 18 16.5 Z'],
    ['body', 'M12 10 L22.5 5.5 L33 10 L22.5 14.5 Z'], ['line', 'M33 10 L33 16.5'],
    ['body', 'M15.5 26.5 L29.5 26.5 L29.5 33 L15.5 33 Z'], ['line', 'M22.5 26.5 L22.5 33'],
  ],
  elephant: [
    ['body', 'M17 14 C10 11 5.5 15 6.5 22 C7.5 27 12 28.5 16 26 Z'], ['body', mirror('M17 14 C10 11 5.5 15 6.5 22 C7.5 27 12 28.5 16 26 Z')],
    ['body', BASE],
    ['body', 'M16 21 C15 14.5 18.5 10.5 22.5 10.5 C26.5 10.5 30 14.5 29 21 C28.5 24.5 26.5 26.5 25.5 28.5 C25.5 31.5 26.5 33.5 28.5 34.5 L28.5 36 L23.5 36 C22 34 21.5 31.5 21 29 C19 27 16.5 24.5 16 21 Z'],
    ['outline', 'M19 25.5 C17.5 27.5 16 28.5 14 28.5'], ['outline', 'M26 25.5 C27.5 27.5 29 28.5 31 28.5'],
    ['eye', 19.7, 18, 1.3], ['eye', 25.3, 18, 1.3],
  ],
  'fallen angel': [
    ['body', FALLEN_WING], ['body', mirror(FALLEN_WING)], ['body', ROBE], ['body', BASE],
    ['body', 'M18.5 15.5 A4 4 0 1 1 26.5 15.5 A4 4 0 1 1 18.5 15.5 Z'], ['halo', 21.5, 8.5, 5.5, 1.9, -22, true],
    ['line', 'M18 26 L27 26'], ['eye', 20.8, 15.5, 0.9], ['eye', 24.2, 15.5, 0.9],
  ],
  fiend: [
    ['body', BAT_WING], ['body', mirror(BAT_WING)],
    ['body', 'M13.5 36 L17 22 C18 20 27 20 28 22 L31.5 36 Z'], ['body', BASE],
    ['body', HORN], ['body', mirror(HORN)],
    ['body', 'M17.5 15.5 A5 5 0 1 1 27.5 15.5 A5 5 0 1 1 17.5 15.5 Z'],
    ['eye', 20.6, 15, 1.1], ['eye', 24.4, 15, 1.1], ['line', 'M20.5 18 L22.5 19 L24.5 18'],
  ],

  // 5D Chess's fairy pieces.
  unicorn: [['body', KNIGHT], ['body', 'M15.5 11.5 L8.5 2.5 L18 9.5 Z'], ['body', BASE], ['line', 'M21 20 C22 18.5 22.5 17 22 15.5'], ['eye', 17.5, 14.5, 1.3]],
  dragon: [
    ['body', 'M23 10.5 L27 5 L28.5 10.8 L32.5 8 L32 13.5 L36.5 13 L33.5 18 L38 19 L33 23 Z'],
    ['body', KNIGHT], ['body', BASE],
    ['outline', 'M9 22.5 C6.5 21.5 5 22.5 3 21 C3.5 24 5.5 25.5 9.5 24.5'],
    ['eye', 17.5, 14.5, 1.3], ['line', 'M20 27 L28 27'], ['line', 'M19.5 31 L29 31'],
  ],
  brawn: [
    ['body', 'M17.5 15.5 C14 13.5 12.5 10 13.5 6.5 C15.5 10 17.5 11.5 20 12.5'], ['body', mirror('M17.5 15.5 C14 13.5 12.5 10 13.5 6.5 C15.5 10 17.5 11.5 20 12.5')],
    ['body', 'M12.5 36 C12.5 30 16 26.5 19 24.5 C16.8 23.2 15.6 21 15.6 18.6 C15.6 14.8 18.7 12 22.5 12 C26.3 12 29.4 14.8 29.4 18.6 C29.4 21 28.2 23.2 26 24.5 C29 26.5 32.5 30 32.5 36 Z'],
    ['body', BASE], ['line', 'M16 17.5 L29 17.5'],
  ],
  princess: [
    ['body', 'M14 36 C15 31 17 27 18.5 24 C17 22.5 16.8 20.5 17.5 19 L27.5 19 C28.2 20.5 28 22.5 26.5 24 C28 27 30 31 31 36 Z'], ['body', BASE],
    ['body', 'M18.5 14.5 A4 4 0 1 1 26.5 14.5 A4 4 0 1 1 18.5 14.5 Z'],
    ['body', 'M17.5 11 L18.5 5.5 L20.8 8.8 L22.5 4 L24.2 8.8 L26.5 5.5 L27.5 11 Z'],
    ['line', 'M19 28.5 L26 28.5'],
  ],
  'royal queen': [
    ['body', QUEEN], ['body', BASE], ['line', 'M13 30.5 L32 30.5'],
    ['ball', 9, 14, 2.2], ['ball', 16.5, 10.5, 2.2], ['ball', 28.5, 10.5, 2.2], ['ball', 36, 14, 2.2],
    ['cross', 'M22.5 2.5 L22.5 10.5 M19 6 L26 6'],
  ],
  'common king': [['body', KING], ['body', BASE], ['line', 'M13 30.5 L32 30.5'], ['line', 'M22.5 23 L22.5 16'], ['ball', 22.5, 12.5, 3.2]],
};

/** The drawing of each standard letter, for a piece given without its name. */
const STANDARD = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

/** Each letter's name as the views shown so far give it. */
const learned = new Map();

/** Learns the names of the letters on the boards of `view` (`PieceView.kind` → `.name`). */
export function learnNames(view) {
  for (const board of (view && view.boards) || []) {
    for (const piece of board.squares || []) {
      if (piece && piece.name) learned.set(String(piece.kind).toUpperCase(), piece.name);
    }
  }
}

/** The name of `kind` (a letter): as a view gave it, else the standard piece's. */
export function kindName(kind) {
  const letter = String(kind).toUpperCase();
  return learned.get(letter) || STANDARD[letter] || `piece ${kind}`;
}

/** The drawing of `piece`: by its name, or by its letter's name when it has none. */
function drawingOf(piece) {
  const name = String(piece.name || kindName(piece.kind)).toLowerCase();
  return DRAWINGS[name] || null;
}

/** Does `piece` (`{kind, name}`) have a drawing of its own (not a lettered disc)? */
export function hasDrawing(piece) {
  return !!drawingOf(piece);
}

function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

function partMarkup(part, style, player) {
  const outline = `stroke="${style.stroke}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round"`;
  const [what, ...a] = part;
  switch (what) {
    case 'body': return `<path d="${a[0]}" fill="${style.fill}" ${outline}/>`;
    case 'line': return `<path d="${a[0]}" fill="none" stroke="${style.detail}" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'outline': return `<path d="${a[0]}" fill="none" stroke="${style.stroke}" stroke-width="2.6" stroke-linecap="round"/>`
      + `<path d="${a[0]}" fill="none" stroke="${style.fill}" stroke-width="1" stroke-linecap="round"/>`;
    case 'ball': return `<circle cx="${a[0]}" cy="${a[1]}" r="${a[2]}" fill="${style.fill}" ${outline}/>`;
    case 'eye': return `<circle cx="${a[0]}" cy="${a[1]}" r="${a[2]}" fill="${style.detail}"/>`;
    case 'cross': return `<path d="${a[0]}" fill="none" stroke="${style.stroke}" stroke-width="2.2" stroke-linecap="round"/>`
      + (player === 1 ? `<path d="${a[0]}" fill="none" stroke="${style.fill}" stroke-width="0.8" stroke-linecap="round"/>` : '');
    case 'halo': {
      const [cx, cy, rx, ry, tilt, broken] = a;
      const dash = broken ? ' stroke-dasharray="10 4"' : '';
      return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" transform="rotate(${tilt} ${cx} ${cy})" fill="none" stroke="#d4a017" stroke-width="2"${dash}/>`;
    }
    default: return '';
  }
}

/**
 * The inner SVG markup of a piece in a 45 × 45 box: `{player, kind, name, tag}` as the view
 * gives it.
 */
export function pieceMarkup(piece) {
  const player = piece.player === 1 ? 1 : 0;
  const style = STYLE[player];
  const drawing = drawingOf(piece);
  let out = '';
  if (drawing) {
    for (const part of drawing) out += partMarkup(part, style, player);
  } else {
    const kind = String(piece.kind || '?').toUpperCase();
    out += `<circle cx="22.5" cy="22.5" r="16.5" fill="${style.fill}" stroke="${style.stroke}" stroke-width="1.8"/>`;
    out += `<circle cx="22.5" cy="22.5" r="13.5" fill="none" stroke="${style.detail}" stroke-width="0.8" opacity="0.6"/>`;
    out += `<text x="22.5" y="23" text-anchor="middle" dominant-baseline="central" font-family="Georgia, 'Times New Roman', serif" font-weight="bold" font-size="${kind.length > 1 ? 13 : 19}" fill="${style.detail}">${escapeXml(kind)}</text>`;
  }
  if (piece.tag) {
    const tag = escapeXml(piece.tag);
    out += `<g class="piece-tag"><circle cx="37" cy="8" r="7" fill="#3d7bd9" stroke="#fff" stroke-width="1.2"/>`
      + `<text x="37" y="8.5" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" font-weight="bold" font-size="${tag.length > 1 ? 7 : 9.5}" fill="#fff">${tag}</text></g>`;
  }
  return out;
}

/** A standalone SVG document of a piece (for <img>, canvas images, the promotion dialog). */
export function pieceSvg(piece, size = 45) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 45 45">${pieceMarkup(piece)}</svg>`;
}

/** A data: URL of a piece's SVG. */
export function pieceUrl(piece, size = 45) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pieceSvg(piece, size))}`;
}

/** An inline element drawing a piece (captured pieces, dialogs, the legend). */
export function pieceElement(piece, size = 28) {
  const span = document.createElement('span');
  span.className = 'piece-icon';
  span.dataset.kind = piece.kind;
  if (piece.name) span.dataset.name = piece.name;
  span.title = piece.name || kindName(piece.kind);
  span.innerHTML = pieceSvg(piece, size);
  return span;
}

/**
 * The kinds on the boards of `view` and among `extra` pieces, once each by name, in the order
 * first seen: the legend's rows (`{kind, name}`).
 */
export function kindsOf(view, extra = []) {
  const seen = new Map();
  const add = (piece) => {
    if (piece && piece.name && !seen.has(piece.name)) seen.set(piece.name, { kind: piece.kind, name: piece.name });
  };
  for (const board of (view && view.boards) || []) (board.squares || []).forEach(add);
  extra.forEach(add);
  return [...seen.values()];
}
