//! Classic chess by the FIDE Laws: the base of QEC and Die Chess.
//!
//! Move generation is cozy-chess's (see docs/ARCHITECTURE.md for the choice); this module adds
//! what a whole game needs on top of it: the full halfmove clock for the 75-move rule, the
//! history for repetitions, and the game built from the chess toolkit the variants share
//! (`common/`: FEN, SAN, UCI and PGN, the FIDE end of the game, the board views).
//!
//! ```
//! use omnichess_core::{Game, Notation, ToAct, Player, Variant, perft::perft};
//! use omnichess_variants::classic::Classic;
//!
//! let mut game = Classic::start();
//! assert_eq!(perft(&mut game, 3), 8902);
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     let mv = game.parse_decision(san).unwrap();
//!     game.apply(mv);
//! }
//! assert_eq!(game.to_act().outcome().unwrap().to_string(), "0-1 black wins by checkmate");
//! ```

mod diagram;
mod guide;
mod movegen;
mod notation;
mod position_text;
mod record;
mod rules;
mod state;
mod variant;
mod view;

pub use crate::common::fen::{STANDARD_START, Setup};
pub use state::Classic;
