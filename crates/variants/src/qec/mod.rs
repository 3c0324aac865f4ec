//! Quantum Entanglement Chess (`../shared/seeds/quantum-entanglement-chess-v1.md`) on the
//! classic base: entangled pawn/piece pairs (§3), the forced reply chosen by the partner's
//! owner (§3.2, §7), reactive check (§4), both-lose bare kings (§5), §12 notation and §11
//! display. Every ruling: docs/rules/qec.md.
//!
//! A turn is a run of decisions: the mover's move; the partner's forced reply, decided by the
//! partner's owner; and the reactive king steps of a king left in check.
//!
//! ```
//! use omnichess_core::{Game, Notation, Player, ToAct, Variant};
//! use omnichess_variants::qec::Qec;
//!
//! let mut game = Qec::start(); // the file mapping: b2 is linked to the knight on b8
//! game.apply(game.parse_decision("b2-b4").unwrap());
//! assert_eq!(game.to_act(), ToAct::Player(Player::Black)); // the knight's forced reply
//! game.apply(game.parse_decision("b8-c6").unwrap());
//! assert_eq!(game.to_act(), ToAct::Player(Player::Black)); // Black's own turn
//! ```

mod claimed_values;
mod diagram;
mod draft;
mod events;
mod guide;
mod links;
mod movegen;
mod notation;
mod position_text;
mod record;
mod record_reader;
mod record_replies;
mod rules;
mod state;
mod variant;
mod view;

pub use draft::random_mapping;
pub use links::{Links, file_mapping};
pub use state::{MOVE_TIME_LIMIT, Phase, Qec, QecDecision};
