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
    /// Stop the running search.
    Stop,
    /// Answered with `pong`.
    Ping,
}

/// A message of the server on the analysis socket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AnalysisReply {
    /// One iteration of the search.
    Info(Info),
    /// The search is over.
    Done {
        /// The best line found.
        best: Vec<String>,
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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// The engine's line as it wrote it.
    pub line: String,
}
