//! A toy variant for tests: chess on a 6×6 board without castling (Los Alamos chess: no
//! bishops, pawns step one square and never double-step, no en passant, promotion to queen,
//! rook or knight; checkmate wins, stalemate draws). It exists to prove that a variant plugs
//! in through the registry alone: it is built only with the `toy` feature, which the CLI's
//! and the server's tests turn on.
//!
//! ```
//! use omnichess_core::{Notation, Variant, perft::perft};
//! use omnichess_variants::toy::Toy;
//!
//! // Six pawn steps and two knight moves each.
//! assert_eq!(perft(&mut Toy::start(), 1), 10);
//! assert_eq!(Toy::start().position_text(), "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w");
//! ```

mod movegen;
mod position_text;
mod state;
mod variant;
mod view;

pub use state::{Kind, Move, Piece, SIZE, Toy};
