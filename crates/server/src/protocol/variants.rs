//! `GET /api/variants`: what the lobby offers for each variant.

use omnichess_core::{BoardLayout, MarkDraw};
use serde::{Deserialize, Serialize};

/// One variant as the lobby offers it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantInfo {
    /// Its name, as `POST /api/games` takes it.
    pub name: String,
    /// The name players know it by (`Classic chess`), for titles and menus.
    pub title: String,
    /// One line about it.
    pub description: String,
    /// The players' names in the variant's words.
    pub players: [String; 2],
    /// How a graphical client lays out its boards: `grid` or `timelines` (5D).
    pub layout: BoardLayout,
    /// The file extension of its records (`pgn`, `5dpgn`, `edan`).
    pub record_extension: String,
    /// How to type a decision in its notation.
    pub notation_help: Option<String>,
    /// The time controls offered: the variant's own first, then the common ones, then
    /// correspondence (1, 3 and 7 days a move).
    pub time_controls: Vec<TimeControl>,
    /// The starts it offers by name, its standard start first.
    pub starts: Vec<Start>,
    /// Its rules in short, paragraphs separated by a blank line (`Variant::GUIDE`).
    pub rules_summary: String,
    /// The signs on its boards and what each means: `[sign, meaning]`.
    pub legend: Vec<[String; 2]>,
    /// Whether the engine plays it: a game against the engine (`CreateGame`'s `engine`) and
    /// the analysis board need one.
    pub has_engine: bool,
    /// How each kind of mark on its boards is drawn, and each sign of the legend drawn as one.
    pub marks: Vec<MarkStyle>,
}

/// How a client draws one kind of square mark (`Guide::marks`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkStyle {
    /// The mark's kind, as the view's marks name it (`portal`).
    pub kind: String,
    /// How: `ring`, `tab`, `gauge`, `tint` or `light`.
    pub draw: MarkDraw,
    /// Its colour, as CSS writes one (`#14a3a3`).
    pub colour: String,
    /// The colour of its text on that colour.
    pub ink: String,
}

/// A time control the lobby offers; `POST /api/games` takes its `base_ms`, `increment_ms`,
/// `per_move_ms` and `period` as the `clock`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Its name.
    pub name: String,
    /// The words the lobby shows (its name).
    pub label: String,
    /// Each player's time for the game, in milliseconds.
    pub base_ms: i64,
    /// Added to a player's time after each of their turns.
    pub increment_ms: i64,
    /// The time for each decision; 0: none.
    pub per_move_ms: i64,
    /// `[turns, extra_ms]`: `extra_ms` added once after a player's `turns`-th turn.
    pub period: Option<[i64; 2]>,
}

/// A start a variant offers by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Start {
    /// Its name (`Standard` for the standard start).
    pub name: String,
    /// Its position text for `POST /api/games`; `null` for the standard start.
    pub position: Option<String>,
}
