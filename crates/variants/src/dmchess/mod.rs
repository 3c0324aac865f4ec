//! DMChess (`../shared/seeds/dmchess-rulebook-v01.txt`): eight 8×8 boards D1–D8 joined by
//! portals, every piece with a dimensional energy level (DEL), a king per board, energy
//! squares, dimensional shifts and the conservation law. Every clause and its ruling:
//! docs/rules/dmchess.md. What the rulebook's missing appendices left open is the profile
//! ([`Profile`], `default.profile`).
//!
//! ```
//! use omnichess_core::{Notation, Variant, perft::perft};
//! use omnichess_variants::dmchess::DmChess;
//!
//! let game = DmChess::start();
//! assert_eq!(game.parse_decision("Pd1a2-d1a4").map(|m| game.decision_text(m)).unwrap(), "Pd1a2-d1a4");
//! assert_eq!(perft(&mut DmChess::start(), 1), 109);
//! ```

mod diagram;
mod editor;
mod events;
mod guide;
mod movegen;
mod notation;
mod piece;
mod position;
mod position_text;
pub mod profile;
mod profile_error;
mod record;
mod rules;
mod setup;
pub mod square;
mod state;
mod tables;
pub mod time_controls;
mod variant;
mod view;

pub use piece::{Kind, MAX_DEL, Piece};
pub use position::{Move, Position, Special};
pub use profile::{Compiled, Profile};
pub use profile_error::ProfileError;
pub use state::{DOMINANCE, DmChess};
