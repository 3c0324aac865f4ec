//! The lobby's HTTP bodies (docs/PROTOCOL.md, "The lobby"): open seeks, accepting one, the
//! games being played now, and whose turn it is in a list of games.

use serde::{Deserialize, Serialize};

use super::snapshot::ClockState;
use crate::game::options::{ClockSpec, EngineSeat};

/// `POST /api/seeks`: a game wanted against whoever accepts.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct CreateSeek {
    /// The variant's name.
    pub variant: String,
    /// A start position in the variant's position text (a named start's); the standard
    /// start if absent.
    pub position: Option<String>,
    /// The time control; untimed if absent.
    pub clock: Option<ClockSpec>,
    /// Whether takebacks are allowed (default: yes).
    pub casual: Option<bool>,
    /// The seat the seeker wants, 0 or 1; `null`: drawn when the seek is accepted.
    pub seat: Option<u8>,
    /// The ratings that may accept, `[low, high]` (0 to 4000): only an account rated in the
    /// seek's variant and speed within it (1500 before its first rated game there);
    /// `null`: anyone.
    pub rating_range: Option<[i64; 2]>,
}

/// An open seek as the lobby lists it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekItem {
    /// Its id (12 hexadecimal digits).
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// The start position's text; `null` for the standard start.
    pub position: Option<String>,
    /// The time control; `null`: untimed.
    pub clock: Option<ClockSpec>,
    /// Whether takebacks are allowed.
    pub casual: bool,
    /// The seeker's seat; `null`: drawn when accepted.
    pub seat: Option<u8>,
    /// The ratings that may accept, `[low, high]`; `null`: anyone.
    pub rating_range: Option<[i64; 2]>,
    /// When it was made (milliseconds since the Unix epoch).
    pub created_ms: i64,
}

/// The answer to `POST /api/seeks` (status 201).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SeekCreated {
    /// The seek's id.
    pub id: String,
    /// The seeker's secret: it polls and cancels the seek with it.
    pub token: String,
    /// The seek as listed.
    pub seek: SeekItem,
}

/// `POST /api/seeks/{id}/poll` and `…/cancel`: the seeker's secret.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SeekToken {
    /// The token `POST /api/seeks` answered.
    pub token: String,
}

/// The answer to `POST /api/seeks/{id}/poll`: the seek, and once accepted the game and the
/// seeker's seat in it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SeekStatus {
    /// The seek.
    pub seek: SeekItem,
    /// The game's id once the seek is accepted; `null` while it is open.
    pub game: Option<String>,
    /// The seeker's seat in the game (0 or 1); `null` while open.
    pub seat: Option<u8>,
    /// The seeker's seat token in the game; `null` while open.
    pub game_token: Option<String>,
}

/// The answer to `POST /api/seeks/{id}/accept` (status 201): the accepter's seat.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SeekAccepted {
    /// The new game's id.
    pub game: String,
    /// The accepter's seat (0 or 1).
    pub seat: u8,
    /// The accepter's seat token.
    pub game_token: String,
}

/// A game being played now, as `GET /api/games?status=playing` lists it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayingGame {
    /// The game's id (watch it at `/game/{id}`).
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// The players' names in the variant's words.
    pub player_names: [String; 2],
    /// The engine's seat and level, in a game against the engine.
    pub engine: Option<EngineSeat>,
    /// Decisions played.
    pub moves: usize,
    /// The seat to act (0 or 1); `null` when chance acts.
    pub to_act_index: Option<u8>,
    /// The clocks of a timed game now; `null` when untimed.
    pub clock: Option<ClockState>,
    /// When something last happened in it (milliseconds since the Unix epoch).
    pub last_ms: i64,
}

/// One game of `POST /api/games/turns`: its id and the asker's seat in it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TurnQuery {
    /// The game's id.
    pub id: String,
    /// The asker's seat (0 or 1); `null` when not known.
    pub seat: Option<u8>,
}

/// `POST /api/games/turns`: the games to tell about.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TurnsRequest {
    /// At most [`crate::lobby::games::MAX_TURNS`] games.
    pub games: Vec<TurnQuery>,
}

/// One game of the answer to `POST /api/games/turns`, in the order asked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnItem {
    /// The game's id.
    pub id: String,
    /// Whether the server has the game (`false`: every other field is empty).
    pub found: bool,
    /// The variant's name.
    pub variant: Option<String>,
    /// Whether the game is over.
    pub over: bool,
    /// The seat to act (0 or 1); `null` when chance or nobody acts.
    pub to_act_index: Option<u8>,
    /// Whether the asker's seat is to act.
    pub your_turn: bool,
    /// Decisions played.
    pub moves: usize,
    /// The other seat, when the asker's seat is known and it is an account or the engine
    /// (its name, or `Engine level N`); `null` otherwise.
    pub opponent: Option<String>,
    /// How the game ended, in words (`1-0 white wins by resignation`); `null` while it runs.
    pub result: Option<String>,
}
