// Piece drawings, in a 45 × 45 box: the six standard pieces as SVG shapes, every other kind
// (fairy pieces) as its letter in a circle. Player 0 light, player 1 dark.

const STYLE = [
  { fill: '#ffffff', stroke: '#1c1c1c', detail: '#1c1c1c' },
  { fill: '#2a2a2a', stroke: '#0d0d0d', detail: '#e8e8e8' },
];

const BASE = 'M10.5 41 L34.5 41 L34.5 38 C34.5 36.5 33.5 36 32 36 L13 36 C11.5 36 10.5 36.5 10.5 38 Z';

// Each: body paths (filled), detail paths (lines in the detail colour), balls (filled circles).
const SHAPES = {
  P: {
    body: [
      'M14.5 36 C14.5 30 17.5 26.5 20 24.5 C17.8 23.2 16.6 21 16.6 18.6 C16.6 15.3 19.3 12.6 22.5 12.6 C25.7 12.6 28.4 15.3 28.4 18.6 C28.4 21 27.2 23.2 25 24.5 C27.5 26.5 30.5 30 30.5 36 Z',
      BASE,
    ],
  },
  R: {
    body: [
      'M13 36 L15.5 31.5 L15.5 17 L12.5 14 L12.5 8.5 L17 8.5 L17 11.5 L20.5 11.5 L20.5 8.5 L24.5 8.5 L24.5 11.5 L28 11.5 L28 8.5 L32.5 8.5 L32.5 14 L29.5 17 L29.5 31.5 L32 36 Z',
      BASE,
    ],
    detail: ['M15.5 17 L29.5 17', 'M15.5 31.5 L29.5 31.5'],
  },
  B: {
    body: [
      'M14.5 36 C13 33 13.5 31 15.5 30 C12.5 25 14.5 18 22.5 11.5 C30.5 18 32.5 25 29.5 30 C31.5 31 32 33 30.5 36 Z',
      BASE,
    ],
    detail: ['M22.5 17 L22.5 25.5', 'M18.5 21.2 L26.5 21.2', 'M15.5 30 L29.5 30'],
    balls: [[22.5, 9, 2.6]],
  },
  N: {
    body: [
      'M14 36 C14 30 16.5 27 19.5 24.5 C21 23.2 21.5 21.5 21 20 C19 22 16.5 22.5 14.5 24.5 C13 26 10.5 26 9.5 24 C8.5 22 9.5 20.5 11 18.5 C13 15.5 14.5 13 16.5 11 L16 7 L19 9.5 L21 6.5 L22.5 10 C29 11 33 17 33 25 C33 29 32 33 31.5 36 Z',
      BASE,
    ],
    detail: ['M21 20 C22 18.5 22.5 17 22 15.5'],
    balls: [[17.5, 14.5, 1.3, true]],
  },
  Q: {
    body: [
      'M11.5 36 L13 30.5 L9 15 L16 25 L16.5 11.5 L20 24 L22.5 9.5 L25 24 L28.5 11.5 L29 25 L36 15 L32 30.5 L33.5 36 Z',
      BASE,
    ],
    detail: ['M13 30.5 L32 30.5'],
    balls: [[9, 14, 2.2], [16.5, 10.5, 2.2], [22.5, 8.3, 2.2], [28.5, 10.5, 2.2], [36, 14, 2.2]],
  },
  K: {
    body: [
      'M12 36 L13 30.5 C8.5 27 8 19 14 17.5 C18 16.5 21 19.5 22.5 23 C24 19.5 27 16.5 31 17.5 C37 19 36.5 27 32 30.5 L33 36 Z',
      BASE,
    ],
    detail: ['M13 30.5 L32 30.5', 'M22.5 23 L22.5 16'],
    cross: true,
  },
};

/** Is `kind` one of the six drawn pieces? */
export function isStandard(kind) {
  return Object.hasOwn(SHAPES, kind);
}

function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

/**
 * The inner SVG markup of a piece in a 45 × 45 box: `{player, kind, tag}` as the view gives it.
 */
export function pieceMarkup(piece) {
  const style = STYLE[piece.player === 1 ? 1 : 0];
  const kind = String(piece.kind || '?').toUpperCase();
  const shape = SHAPES[kind];
  let out = '';
  if (shape) {
    const strokeAttrs = `stroke="${style.stroke}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round"`;
    for (const d of shape.body) out += `<path d="${d}" fill="${style.fill}" ${strokeAttrs}/>`;
    for (const d of shape.detail || []) out += `<path d="${d}" fill="none" stroke="${style.detail}" stroke-width="1.5" stroke-linecap="round"/>`;
    for (const [cx, cy, r, eye] of shape.balls || []) {
      const fill = eye ? style.detail : style.fill;
      const stroke = eye ? 'none' : style.stroke;
      out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/>`;
    }
    if (shape.cross) {
      out += `<path d="M22.5 5 L22.5 13 M19 8.5 L26 8.5" fill="none" stroke="${style.stroke}" stroke-width="2.2" stroke-linecap="round"/>`;
      if (piece.player === 1) out += `<path d="M22.5 5 L22.5 13 M19 8.5 L26 8.5" fill="none" stroke="${style.fill}" stroke-width="0.8" stroke-linecap="round"/>`;
    }
  } else {
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

/** An inline element drawing a piece (captured pieces, dialogs). */
export function pieceElement(piece, size = 28) {
  const span = document.createElement('span');
  span.className = 'piece-icon';
  span.dataset.kind = piece.kind;
  span.title = piece.name || piece.kind;
  span.innerHTML = pieceSvg(piece, size);
  return span;
}

const NAMES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

export function kindName(kind) {
  return NAMES[String(kind).toUpperCase()] || `piece ${kind}`;
}

/** Relative value for sorting captured pieces. */
export function kindValue(kind) {
  return { Q: 9, R: 5, B: 3.2, N: 3, P: 1, K: 100 }[String(kind).toUpperCase()] ?? 4;
}
