//! The analysis WebSocket `GET /api/analysis/ws`: the client's messages
//! ([`AnalysisMessage`]) and the server's ([`AnalysisReply`]), each inside
//! [`super::Versioned`] (`"v": 1`).

use serde::{Deserialize, Serialize};

/// A message on the analysis socket.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AnalysisMessage {
    /// Analyse a position.
    Analyse {
        /// The variant's name.
        variant: String,
        /// Position text; the standard start if absent or blank.
        position: Option<String>,
        /// Decisions played from the position.
        #[serde(default)]
        after: Vec<String>,
        /// How long to search in seconds (clamped to 0.05..=30).
        seconds: Option<f64>,
    },
    /// Review a game: every position where the one to act changes (docs/PROTOCOL.md,
    /// "Game review"), evaluated in turn, each answered with a `point`.
    Review {
        /// The variant's name.
        variant: String,
        /// The game's start (position text); the standard start if absent or blank.
        position: Option<String>,
        /// The game's decisions.
        #[serde(default)]
        after: Vec<String>,
        /// How long to search each position in seconds (clamped to 0.05..=2; 0.3 if absent).
        seconds: Option<f64>,
    },
    /// Stop the running search or review.
    Stop,
    /// Answered with `pong`.
    Ping,
}

/// A message of the server on the analysis socket.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AnalysisReply {
    /// One iteration of the search.
    Info(Info),
    /// The search is over.
    Done {
        /// The best line found.
        best: Vec<String>,
        /// The same line in the variant's notation, a turn an entry.
        shown: Vec<String>,
    },
    /// The positions a review will evaluate, before the first of them.
    Plan {
        /// Each position's decisions from the start, in the order they come.
        plies: Vec<usize>,
    },
    /// One position of a review, evaluated.
    Point(ReviewPoint),
    /// The review is over.
    Reviewed {
        /// Positions evaluated (fewer than planned when it was stopped).
        points: usize,
    },
    /// A message refused, or a search that failed.
    Error {
        /// The HTTP status the same refusal has over HTTP.
        status: u16,
        /// What is wrong, in one line.
        error: String,
    },
    /// The answer to `ping`.
    Pong,
}

/// One `info …` line of the engine: depth, score, nodes, the best line.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Info {
    /// The depth searched.
    pub depth: Option<f64>,
    /// `cp N` (centipawns for the side to act) or `mate N`.
    pub score: Option<String>,
    /// Positions searched.
    pub nodes: Option<f64>,
    /// Positions searched a second.
    pub nps: Option<f64>,
    /// Seconds searched.
    pub time: Option<f64>,
    /// The best line.
    pub pv: Vec<String>,
    /// The best line in the variant's notation, a turn an entry (the move list's: SAN, the
    /// Three Realms letters, EDAN, 5DPGN); decisions it could not replay stay as they came.
    pub shown: Vec<String>,
    /// The engine's line as it wrote it.
    pub line: String,
}

/// One position of a game review: who acts there, how the engine values it, its best line,
/// and the judgement of the decisions that led to it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ReviewPoint {
    /// The decisions played from the start to reach it.
    pub ply: usize,
    /// The player to act (0 the first), `null` where chance acts or the game is over.
    pub to_act: Option<u8>,
    /// The first player's expected points (0 to 1): the engine's score as a win chance, the
    /// mean over chance's outcomes where chance acts, the result where the game is over;
    /// `null` when it could not be found.
    pub value: Option<f64>,
    /// The engine's score from the first player's view (`cp 31`, `mate -2`), or the result
    /// (`1-0`); `null` where chance acts.
    pub score: Option<String>,
    /// The engine's best line, as decision texts.
    pub best: Vec<String>,
    /// The same line in the variant's notation, a turn an entry.
    pub shown: Vec<String>,
    /// From and to of the best line's first decision, where it moves a piece.
    pub arrow: Vec<omnichess_core::Cell>,
    /// The judgement of the decisions since the position before it, where one player made
    /// them and lost enough.
    pub judgement: Option<Judgement>,
}

/// Decisions of one player judged by the win chance they lost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judgement {
    /// The last of the decisions judged (an index into the game's decisions).
    pub index: usize,
    /// Who made them.
    pub player: u8,
    /// The expected points they lost (0 to 1).
    pub loss: f64,
    /// `inaccuracy` (0.05 or more), `mistake` (0.10) or `blunder` (0.15).
    pub kind: &'static str,
}
