//! What a variant declares about itself so that generic callers (the CLI, the server, a
//! graphical client) never test its name: its named starts, the time controls its rules set,
//! how its boards are laid out, the engine protocol it speaks and the piece values its rule
//! text claims. Each is a const or an
//! associated function of [`crate::Variant`] with a default, gathered into
//! [`crate::VariantEntry`].

use serde::{Deserialize, Serialize};

/// A start a variant offers by name (5D Chess: its official variants).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedStart {
    /// The start's name (`Standard`, `Standard - Turn Zero`, …).
    pub name: String,
    /// The position text that plays it; `None` for the variant's standard start.
    pub position: Option<String>,
    /// The board's size (width, height), where the variant's boards vary in size.
    pub size: Option<(u32, u32)>,
}

impl NamedStart {
    /// The standard start: `Standard`, no position text, no size.
    #[must_use]
    pub fn standard() -> NamedStart {
        NamedStart {
            name: "Standard".to_owned(),
            position: None,
            size: None,
        }
    }
}

/// A time control a variant's own rules define (DMChess 8.1's three controls; QEC's clock of
/// three minutes per decision).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesTimeControl {
    /// The control's name as a lobby shows it (`DMChess standard (8.1)`).
    pub name: String,
    /// The word a command line plays it by (`play --time-control blitz`,
    /// `engine:clock=blitz`); `None` for a control no game clock plays (a per-move limit).
    pub key: Option<String>,
    /// Each player's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Added after each turn, in milliseconds.
    pub increment_ms: u64,
    /// The time for each decision, in milliseconds; 0 where the rules set none.
    pub per_move_ms: u64,
    /// `(turns, extra_ms)`: after `turns` turns, `extra_ms` is added once (DMChess 8.1.1:
    /// 30 minutes after move 40).
    pub period: Option<(u32, u64)>,
}

impl RulesTimeControl {
    /// The control of a rules' limit on every decision and no game clock (QEC §3.3).
    #[must_use]
    pub fn per_move(limit: std::time::Duration) -> RulesTimeControl {
        RulesTimeControl {
            name: format!("{} per move (the rules' clock)", limit.as_secs()),
            key: None,
            base_ms: 0,
            increment_ms: 0,
            per_move_ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
            period: None,
        }
    }
}

/// How a graphical or terminal client lays out a [`crate::View`]'s boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardLayout {
    /// The boards side by side, or in a grid.
    Grid,
    /// One row of boards per timeline, one column per turn (5D Chess).
    Timelines,
}

/// The protocol an outside program speaks to use the engine on a variant (`omnichess uci`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineProtocol {
    /// The Universal Chess Interface, with the variant's position text and notation.
    Uci,
    /// 5DUCI (ftxi/5dchess_engine `docs/5duci.md`), 5D Chess's own protocol.
    Duci,
}

/// What a player reads to play a variant and to read its boards, for a client's help panel,
/// and how a client draws the marks on its boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guide {
    /// The rules in a few short paragraphs, separated by blank lines.
    pub rules: &'static str,
    /// What the signs on its boards mean: `(sign, meaning)`, the sign a square mark's kind
    /// (`crate::SquareMark::kind`) or a word the meaning names (`tag`, `arrow`).
    pub legend: &'static [(&'static str, &'static str)],
    /// How each kind of mark its views carry is drawn, and each sign of the legend drawn as
    /// one (5D Chess's present).
    pub marks: &'static [MarkStyle],
}

impl Guide {
    /// No rules text, no signs and no marks: the default.
    pub const NONE: Guide = Guide {
        rules: "",
        legend: &[],
        marks: &[],
    };
}

/// How a client draws a square mark ([`crate::SquareMark`]) of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkDraw {
    /// A ring inside the square, which leaves its colour and its corners (coordinates, a
    /// piece's tag) free.
    Ring,
    /// A small tab in the square's lower-left corner holding the mark's short text.
    Tab,
    /// A level on the square's piece: as many pips as the mark's number up the square's edge,
    /// and the number in a badge.
    Gauge,
    /// The square is tinted and framed in the colour.
    Tint,
    /// The square is drawn light (its board colours its own squares); nothing else is drawn.
    Light,
}

/// The drawing of one kind of mark: how, and in which colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkStyle {
    /// The mark's kind, as [`crate::SquareMark::kind`] names it (`portal`).
    pub kind: &'static str,
    /// How it is drawn.
    pub draw: MarkDraw,
    /// Its colour, as CSS writes one (`#14a3a3`).
    pub colour: &'static str,
    /// The colour of its text on that colour (a tab's, a gauge's number).
    pub ink: &'static str,
}

impl MarkStyle {
    /// A mark of `kind` drawn as `draw` in `colour`, its text white.
    #[must_use]
    pub const fn new(kind: &'static str, draw: MarkDraw, colour: &'static str) -> MarkStyle {
        MarkStyle {
            kind,
            draw,
            colour,
            ink: "#fff",
        }
    }

    /// The same, its text in `ink` (dark text on a light colour).
    #[must_use]
    pub const fn with_ink(self, ink: &'static str) -> MarkStyle {
        MarkStyle { ink, ..self }
    }
}

/// A piece value a variant's rule text states (Three Realms' "Relative piece values"), for the
/// balance lab to set beside the values it fits (`lab values`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ClaimedValue {
    /// The kind, by the name its pieces have in a [`crate::View`] (`honorable horse`).
    pub kind: &'static str,
    /// The value in pawns, where the text gives a number; `None` where it states an order
    /// only (QEC: "pawns > majors").
    pub value: Option<f64>,
    /// The text's own words for it (`1⅓`, `6*`, `pawns > majors`).
    pub words: &'static str,
    /// Where the text says it.
    pub clause: &'static str,
}
