//! The game snapshot: everything a client shows of a game, sent by `GET /api/games/{id}`, as
//! the answer to a decision or an action, and in the game socket's `welcome` and `update`.
//!
//! The snapshot and its view derive `Serialize` only: the view is `omnichess_core::View`,
//! whose names are `&'static str` of the variant and cannot be read back.

use omnichess_core::{Cell, PieceView, View};
use serde::{Deserialize, Serialize};

use crate::game::options::EngineSeat;

/// A game as every client sees it.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    /// The game's id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// Events stored so far.
    pub version: i64,
    /// The players' names in the variant's words (`white`/`black`, `light`/`dark`).
    pub player_names: [&'static str; 2],
    /// The start position's text; `null` for the standard start.
    pub start: Option<String>,
    /// The position now, in the variant's position text.
    pub position: String,
    /// Who acts, in words (`white`, `chance`, `none` once the game is over).
    pub to_act: String,
    /// The seat to act (0 or 1); `null` when chance or nobody acts.
    pub to_act_index: Option<u8>,
    /// How the game ended; `null` while it runs.
    pub outcome: Option<Outcome>,
    /// The decisions that stand, in canonical notation (what clients send).
    pub history: Vec<String>,
    /// The same decisions as the move list shows them (SAN where the variant has it).
    pub moves: Vec<String>,
    /// One number per decision of `history`: the turn it belongs to (the turns complete
    /// before it). Decisions with the same number form one turn (5D: a turn's moves and its
    /// submit; Die Chess: the roll and the move).
    pub turns: Vec<u64>,
    /// One entry per decision of `history`: the seat that made it (`None`: the server's die
    /// roll). A decision in another seat's turn is a reply (QEC's forced reply).
    pub actors: Vec<Option<u8>>,
    /// One entry per decision of `history`: whether it closes a turn of several decisions and
    /// says nothing else (5D's `submit`), so a move list leaves it out of a turn with moves.
    pub turn_ends: Vec<bool>,
    /// The number a move list gives the start's turn (a FEN's move number; 1 for the
    /// standard start).
    pub first_move_number: u64,
    /// The seat whose turn the start is: the first decision of the move list is that seat's.
    pub first_mover: u8,
    /// The turn the next decision belongs to (the turns complete now): the last turn of
    /// `turns` is not finished while it has this number.
    pub turn: u64,
    /// Decisions played (the length of `history`).
    pub ply: usize,
    /// The legal decisions now; empty when chance acts or the game is over.
    pub decisions: Vec<String>,
    /// The boards and the moves on them.
    pub view: GameView,
    /// The pieces each player has lost to the other's decisions, in the order lost.
    pub captured: [Vec<PieceView>; 2],
    /// The clocks of a timed game; `null` when untimed.
    pub clock: Option<ClockState>,
    /// The open offers.
    pub offers: Offers,
    /// The seat that may take back its last decision now (`undo`: the player to act, within a
    /// turn it has not finished); `null` when none may.
    pub undo_by: Option<u8>,
    /// Whether a player may `abort` the game now (before both players have moved).
    pub abortable: bool,
    /// Whether takebacks are allowed.
    pub casual: bool,
    /// The engine's seat and level, in a game against the engine.
    pub engine: Option<EngineSeat>,
    /// The id of this game's rematch, once asked for.
    pub rematch: Option<String>,
    /// The id of the game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// How to type a decision in the variant's notation.
    pub notation_help: &'static str,
    /// The chance that the player to act forfeits (Die Chess: no move for the roll).
    pub forfeit_probability: Option<f64>,
    /// A draw the player to act may claim (`threefold repetition`, …).
    pub claimable_draw: Option<&'static str>,
}

/// How a game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `1-0`, `0-1`, `1/2-1/2`, `0-0`, or `*` for an aborted game.
    pub result: String,
    /// In words, with the variant's player names.
    pub text: String,
}

/// The view of the game's boards (`omnichess_core::View`) with the last move's squares.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The boards, pieces, legal moves, checks, arrows and notes.
    #[serde(flatten)]
    pub view: View,
    /// The squares of the last move a player made, on the boards of `view`.
    pub last: Vec<Cell>,
}

/// A timed game's clocks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Each player's time for the game, in milliseconds.
    pub base_ms: i64,
    /// Added to a player's time after each of their turns.
    pub increment_ms: i64,
    /// The time for each decision; 0: none.
    pub per_move_ms: i64,
    /// Each player's time left.
    pub remaining_ms: [i64; 2],
    /// The time left for the decision to make, under a per-move clock.
    pub move_left_ms: Option<i64>,
    /// The seat whose clock runs; `null` when none does.
    pub running: Option<u8>,
    /// The server's time when the snapshot was taken (milliseconds since the Unix epoch).
    pub server_ms: i64,
}

/// Who has an offer open: the seat (0 or 1), or `null`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    /// The seat offering a draw.
    pub draw: Option<u8>,
    /// The seat asking for a takeback.
    pub takeback: Option<u8>,
    /// The seat offering a rematch (the game over), until the other accepts or declines.
    pub rematch: Option<u8>,
}
