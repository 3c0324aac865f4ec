//! 5D Chess with Multiverse Time Travel (`../shared/seeds/5d-chess-multiverse-rules.txt` and
//! the published game): timelines of boards, pieces moving in file, rank, time and timeline,
//! branching, active timelines, the present, check through time; 5DFEN and 5DPGN; the
//! official starting positions. Rulings: docs/rules/multiverse.md.
//!
//! A turn is any number of moves on the mover's playable boards, then `submit` once the
//! present has passed to the opponent and no royal piece can be taken.
//!
//! ```
//! use omnichess_core::{Counting, Game, Notation, Variant};
//! use omnichess_variants::multiverse::Multiverse;
//!
//! let mut game = Multiverse::start();
//! assert_eq!(game.count_turns(1000), 20);
//! game.apply(game.parse_decision("(0T1)e2e4").unwrap());
//! game.apply(game.parse_decision("submit").unwrap());
//! assert!(!game.white_to_move());
//! ```

mod action_space;
mod actions;
mod attacks;
mod board;
mod coords;
mod diagram;
mod duci;
mod events;
mod guide;
mod hypercuboid;
mod jump_matching;
mod move_check;
mod movegen;
mod notation;
mod pgn;
mod piece;
mod position_text;
mod rules;
mod state;
mod timeline;
mod variant;
pub mod variants;
mod view;

pub use board::{Board, BoardTextError};
pub use coords::{LineError, line_label, parse_line};
pub use duci::long_duci_move;
pub use piece::{Kind, Piece};
pub use state::{Decision5, Move5, Multiverse, Pos, Setup5};
pub use timeline::Timeline;
