//! The balance lab in the browser: `POST /api/studies`, `GET /api/studies`,
//! `GET /api/studies/{id}` (docs/LAB.md, "In the browser").

use omnichess_lab::study::StudySpec;
use serde::{Deserialize, Serialize};

/// The first player's score after so many games, in `StudyReport::score`.
pub use omnichess_lab::score::ScorePoint;

/// `POST /api/studies`: a study for the server to store and play.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CreateStudy {
    /// `balance`, `values`, `compare` (the games again from `b_position`) or `sprt` (`player`
    /// against `b_player` until the test decides; `games` is its most).
    pub kind: String,
    /// The variant's name.
    pub variant: String,
    /// The player setting of both sides (`greedy`, `random`, `engine:nodes=N`, …; not `uci:`).
    pub player: String,
    /// Games in all (1 to the server's maximum).
    pub games: u32,
    /// The seed: the same seed, the same games.
    #[serde(default)]
    pub seed: u64,
    /// Random decisions opening every game.
    #[serde(default)]
    pub opening: u32,
    /// Turns after which a game is a draw (`turn cap`); absent: the lab's default.
    #[serde(default)]
    pub max_turns: Option<u64>,
    /// The start position text; absent or empty: the standard start.
    #[serde(default)]
    pub position: Option<String>,
    /// Values studies: the material noted every this many turns; absent: 4.
    #[serde(default)]
    pub every: Option<u64>,
    /// Compare studies: start B's position text; absent or empty: the standard start.
    #[serde(default)]
    pub b_position: Option<String>,
    /// SPRT studies: player B, the reference.
    #[serde(default)]
    pub b_player: Option<String>,
    /// SPRT studies: A's Elo advantage under H0; absent: 0.
    #[serde(default)]
    pub elo0: Option<f64>,
    /// SPRT studies: A's Elo advantage under H1; absent: 10.
    #[serde(default)]
    pub elo1: Option<f64>,
    /// SPRT studies: the chance of accepting H1 when H0 holds; absent: 0.05.
    #[serde(default)]
    pub alpha: Option<f64>,
    /// SPRT studies: the chance of accepting H0 when H1 holds; absent: 0.05.
    #[serde(default)]
    pub beta: Option<f64>,
}

/// One study in `GET /api/studies`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudyItem {
    /// Its id.
    pub id: String,
    /// `balance`, `values`, `compare` or `sprt`.
    pub kind: String,
    /// The variant's name.
    pub variant: String,
    /// The player setting.
    pub player: String,
    /// Games stored so far.
    pub games_done: u64,
    /// Games in all.
    pub games: u64,
}

/// `GET /api/studies/{id}` (and the answer of `POST /api/studies`): a study, how far it is
/// and its figures from the games stored so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyReport {
    /// Its id.
    pub id: String,
    /// `balance`, `values`, `compare` or `sprt`.
    pub kind: String,
    /// What it plays (docs/LAB.md, "Reproducing a figure").
    pub spec: StudySpec,
    /// Games stored so far.
    pub games_done: u64,
    /// Games in all.
    pub games: u64,
    /// Batches done.
    pub batches_done: u64,
    /// Batches not yet claimed.
    pub batches_open: u64,
    /// Batches a worker holds: `[batch, worker]`.
    pub batches_claimed: Vec<(i64, String)>,
    /// Batches left unplayed because the study decided without them (`sprt`).
    pub batches_skipped: u64,
    /// Whether every batch is done or skipped: the study will not change.
    pub finished: bool,
    /// The balance figures (the `figures` of `lab balance --json`), of every study.
    pub balance: serde_json::Value,
    /// The values figures (the `figures` of `lab values --json`), of a values study once they
    /// can be fitted; `null` otherwise.
    pub values: Option<serde_json::Value>,
    /// Why a values study has no values yet, if it has none.
    pub values_note: Option<String>,
    /// The first player's score after each game.
    pub score: Vec<ScorePoint>,
    /// A compare study's comparison (the `figures` of `lab compare --json`): start A's
    /// figures, start B's and the differences; `null` for other studies.
    pub comparison: Option<serde_json::Value>,
    /// An SPRT study's test so far: `bounds`, `games`, `wins`, `draws`, `losses` (A's),
    /// `llr`, `verdict` (`Continue`, `H0` or `H1`); `null` for other studies.
    pub sprt: Option<serde_json::Value>,
    /// The owner's secret, in the answer to `POST /api/studies` only: it stops or deletes
    /// the study (`POST /api/studies/{id}/stop`, `…/delete`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner_token: Option<String>,
}

/// `POST /api/studies/{id}/stop` and `…/delete`: the owner's secret.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnerToken {
    /// The `owner_token` that `POST /api/studies` answered.
    pub token: String,
}
