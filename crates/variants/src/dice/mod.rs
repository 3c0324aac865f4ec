//! Die Chess (`../shared/seeds/die-chess-rules.md`): a die picks the piece type the player
//! must move (§1), castling on a King roll (§2), the promotion piece by roll (§3), the checked
//! player's choice and the forfeit in check (§4), king capture after it. Rulings:
//! docs/rules/dice.md.
//!
//! ```
//! use omnichess_core::{Game, Hooks, Notation, Player, ToAct, Variant};
//! use omnichess_variants::dice::Dice;
//!
//! let mut game = Dice::start();
//! assert_eq!(game.to_act(), ToAct::Chance);
//! assert_eq!(game.forfeit_probability(), Some(0.45)); // B, R, Q, K cannot move at the start
//! game.apply(game.parse_decision("[N]").unwrap());
//! assert_eq!(game.to_act(), ToAct::Player(Player::White));
//! game.apply(game.parse_decision("Nf3").unwrap());
//! assert_eq!(game.to_act(), ToAct::Chance); // Black's roll
//! ```

mod board;
mod diagram;
mod die;
mod events;
mod guide;
mod movegen;
mod notation;
mod position_text;
mod record;
mod rules;
mod state;
mod variant;
mod view;

pub use board::DiceBoard;
pub use die::{Die, FACES, PROMOTION_FACES};
pub use state::{Dice, DiceDecision, Phase};
