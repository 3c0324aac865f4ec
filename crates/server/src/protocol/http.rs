//! The bodies of the HTTP routes: what `POST /api/games`, `…/decisions` and `…/actions` read,
//! what creating a game answers, and every error's body. The snapshot is [`super::snapshot`],
//! the variants' list [`super::variants`].

use serde::{Deserialize, Serialize};

use super::snapshot::{GameView, Outcome};
use crate::game::options::{ClockSpec, EngineSeat};

/// `POST /api/games`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CreateGame {
    /// The variant's name (`classic`, `dmchess`, …).
    pub variant: String,
    /// A start position in the variant's position text; the standard start if absent.
    pub position: Option<String>,
    /// A record in the variant's record format to continue from (its start and decisions).
    pub record: Option<String>,
    /// The time control; untimed if absent.
    pub clock: Option<ClockSpec>,
    /// Whether takebacks are allowed (default: yes).
    pub casual: Option<bool>,
    /// The engine's seat and level, to play the engine.
    pub engine: Option<EngineSeat>,
}

/// `POST /api/games/{id}/decisions`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct MakeDecision {
    /// The seat token of the player making it.
    pub token: String,
    /// The decision in the variant's notation.
    pub decision: String,
    /// The game's version the client has seen (optional): if the game has moved on since,
    /// the decision is refused with 409 rather than applied to another position.
    pub version: Option<i64>,
    /// With `version`: answer with a `DecisionPatch` from that version instead of the whole
    /// snapshot, where the server can (docs/PROTOCOL.md, "Patches").
    #[serde(default)]
    pub patch: bool,
}

/// The answer to `POST /api/games/{id}/decisions` that asked for a `patch`: what changed since
/// the client's version.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct DecisionPatch {
    /// The version the patch applies to: the one the request gave.
    pub from: i64,
    /// The patch of the snapshot.
    pub patch: serde_json::Value,
    /// The version the patch makes.
    pub version: i64,
}

/// `POST /api/games/{id}/actions`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct MakeAction {
    /// The seat token of the player acting.
    pub token: String,
    /// `resign`, `offer-draw`, … (docs/PROTOCOL.md).
    pub action: String,
}

/// The answer to `POST /api/games` (status 201).
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    /// The new game's id.
    pub id: String,
    /// The two seats' tokens.
    pub tokens: Tokens,
    /// The new game's snapshot (a `Snapshot`, as the server wrote it).
    pub game: serde_json::Value,
}

/// The seat tokens of a new game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Tokens {
    /// The first player's seat (0).
    pub white: String,
    /// The second player's seat (1).
    pub black: String,
}

/// The body of every HTTP error (with a 4xx or 5xx status).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ErrorBody {
    /// What is wrong, in one line.
    pub error: String,
}

/// `POST /api/positions`: a position to draw, for the analysis board.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ShowPosition {
    /// The variant's name.
    pub variant: String,
    /// Position text; the standard start if absent or blank.
    #[serde(default)]
    pub position: Option<String>,
    /// Decisions played from the position.
    #[serde(default)]
    pub after: Vec<String>,
    /// A position text, or a game record in the variant's record format (PGN, 5DPGN, an
    /// EDAN record), in place of `position`: its start, then its decisions before `after`.
    #[serde(default)]
    pub record: Option<String>,
    /// The board editor's changes, made to the position after the decisions: it becomes the
    /// start (`start` in the answer) with nothing played after it.
    #[serde(default)]
    pub edits: Vec<EditSquare>,
    /// With `edits`: the seat to move in the edited position (that of the position if absent).
    #[serde(default)]
    pub to_move: Option<u8>,
}

/// One change of the board editor.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct EditSquare {
    /// The board's index in the view.
    pub board: u16,
    /// The square on it.
    pub square: u16,
    /// What it holds after: `null` for empty.
    pub piece: Option<EditPiece>,
}

/// A piece the board editor puts on a square.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
pub struct EditPiece {
    /// Its owner (0 the first player).
    pub player: u8,
    /// Its letter in the variant's notation, upper case (`Q`).
    pub kind: char,
}

/// One outcome chance may pick, with its probability.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ChanceOutcome {
    /// The decision's text (Die Chess: `[N]`).
    pub text: String,
    /// Its probability.
    pub probability: f64,
}

/// The answer to `POST /api/positions`: the position after the decisions, its boards and
/// legal moves.
#[derive(Clone, Debug, Serialize)]
pub struct PositionShown {
    /// The position now, in the variant's position text.
    pub position: String,
    /// The seat to act (0 or 1); `null` when chance or nobody acts.
    pub to_act_index: Option<u8>,
    /// The seat whose turn it is, also where chance acts (Die Chess's roll): the editor's
    /// "to move".
    pub turn_index: u8,
    /// How the game ended by the rules; `null` while it runs.
    pub outcome: Option<Outcome>,
    /// The decisions as the move list shows them.
    pub moves: Vec<String>,
    /// The boards and the moves on them; `last`: the last decision's squares.
    pub view: GameView,
    /// The start the decisions were played from (the record's, when one was read); `null`
    /// for the standard start.
    pub start: Option<String>,
    /// Every decision played from `start` (the record's, then `after`), as the variant
    /// writes decisions (classic: UCI).
    pub after: Vec<String>,
    /// Where chance acts, each outcome it may pick; empty otherwise.
    pub chance: Vec<ChanceOutcome>,
    /// Whether the variant has a board editor (`edits` then work).
    pub editable: bool,
    /// Where it has one, the pieces the editor offers: each kind of both players of the
    /// variant's standard start.
    pub palette: Vec<omnichess_core::PieceView>,
}
