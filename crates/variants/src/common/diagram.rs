//! The terminal's chess glyphs, which classic chess, QEC and Die Chess draw their boards with.

use cozy_chess::{Color, Piece};

/// The Unicode chess glyph of a piece of `color`.
pub(crate) fn glyph(piece: Piece, color: Color) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    match color {
        Color::White => white[piece as usize],
        Color::Black => black[piece as usize],
    }
}
