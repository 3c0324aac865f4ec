//! Three Realms Chess (`../shared/seeds/three-realms-chess.md`): three 8×8 boards, the
//! heavens (files `a`–`h`), the Earth (`j`–`q`) and the underworld (`s`–`z`), stacked as one
//! `8 × 8 × 3` box of core geometry, with seventeen kinds of piece whose movement depends on
//! the realm they stand in. Every clause of the seed and its ruling: docs/rules/realms.md.
//!
//! ```
//! use omnichess_core::{Game, Notation, Variant, perft::perft};
//! use omnichess_variants::realms::Realms;
//!
//! // The seed's example: a pawn on n4 moves to n5 or captures on m5, o5, e5 or w5.
//! let text = "8/8/8/4q3/8/8/8/K7|8/8/8/3r1b2/4W3/8/8/8|7k/8/8/4n3/8/8/8/8 w - - 0 1";
//! let game = Realms::from_position_text(text).unwrap();
//! let mut moves: Vec<String> = Vec::new();
//! let mut list = Vec::new();
//! game.decisions(&mut list);
//! for m in list.into_iter().filter(|m| game.decision_text(*m).starts_with("n4")) {
//!     moves.push(game.decision_text(m));
//! }
//! moves.sort();
//! assert_eq!(moves, ["n4e5", "n4m5", "n4n5", "n4o5", "n4w5"]);
//! assert_eq!(perft(&mut Realms::start(), 1), 82);
//! ```

mod bits;
mod board;
mod claimed_values;
mod diagram;
pub mod endgame;
mod guide;
pub mod material;
mod movegen;
mod movement;
mod notation;
mod piece;
mod position_text;
mod record;
mod rules;
pub mod square;
mod state;
mod tables;
mod variant;
mod view;

pub use bits::Bits;
pub use board::Board;
pub use movement::{Mode, Profile, profile};
pub use piece::{KINDS, Kind, Piece};
pub use position_text::STANDARD_START;
pub use state::{Move, Realms, Special};
