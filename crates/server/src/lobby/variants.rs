//! `GET /api/variants`: what the lobby offers for each variant, as the variant declares it in
//! its registry entry: its players, board layout, notation, its own time controls (QEC's
//! per-move clock, DMChess's three controls 8.1), its named starts (5D's official
//! variants), its rules in short and how its marks are drawn; and whether the engine's
//! registry has an engine for it.

use omnichess_core::VariantEntry;

use crate::protocol::Reply;
use crate::protocol::variants::{MarkStyle, Start, TimeControl, VariantInfo};

/// The time controls every variant offers: name, base minutes, increment seconds.
const COMMON: [(&str, i64, i64); 5] = [
    ("bullet 1+0", 1, 0),
    ("blitz 3+2", 3, 2),
    ("blitz 5+3", 5, 3),
    ("rapid 10+5", 10, 5),
    ("classical 30+20", 30, 20),
];

/// The correspondence controls every variant offers: name, days a move (a per-move limit).
/// Offered for every variant: any game may be played a move a day, and whether a variant's
/// games are long is no capability a variant declares (docs/ARCHITECTURE.md, "The lobby").
const CORRESPONDENCE: [(&str, i64); 3] = [
    ("correspondence 1 day a move", 1),
    ("correspondence 3 days a move", 3),
    ("correspondence 7 days a move", 7),
];

fn control(label: &str, base_ms: i64, increment_ms: i64, per_move_ms: i64) -> TimeControl {
    TimeControl {
        name: label.to_owned(),
        label: label.to_owned(),
        base_ms,
        increment_ms,
        per_move_ms,
        period: None,
    }
}

/// The time controls of one variant: its rules' own first, then the common ones, then
/// correspondence.
fn time_controls(entry: &VariantEntry) -> Vec<TimeControl> {
    let millis = |ms: u64| i64::try_from(ms).unwrap_or(i64::MAX);
    let own = (entry.time_controls)()
        .into_iter()
        .map(|rules| TimeControl {
            period: rules
                .period
                .map(|(turns, extra_ms)| [i64::from(turns), millis(extra_ms)]),
            ..control(
                &rules.name,
                millis(rules.base_ms),
                millis(rules.increment_ms),
                millis(rules.per_move_ms),
            )
        });
    let common = COMMON
        .into_iter()
        .map(|(label, minutes, seconds)| control(label, minutes * 60_000, seconds * 1000, 0));
    let correspondence = CORRESPONDENCE
        .into_iter()
        .map(|(label, days)| control(label, 0, 0, days * crate::game::routes::DAY_MS));
    own.chain(common).chain(correspondence).collect()
}

/// The starts a variant offers by name (5D: the official variants by `[Board]` name).
fn starts(entry: &VariantEntry) -> Vec<Start> {
    (entry.starts)()
        .into_iter()
        .map(|start| Start {
            name: start.name,
            position: start.position,
        })
        .collect()
}

/// `GET /api/variants`.
pub async fn list() -> Reply<Vec<VariantInfo>> {
    Reply(variants())
}

/// Every variant of the registry as the lobby offers it.
#[must_use]
pub fn variants() -> Vec<VariantInfo> {
    omnichess_variants::REGISTRY
        .iter()
        .map(|entry| {
            let game = (entry.open)(None).ok();
            VariantInfo {
                name: entry.name.to_owned(),
                title: entry.title.to_owned(),
                description: entry.description.to_owned(),
                players: entry.players.map(str::to_owned),
                layout: entry.layout,
                record_extension: entry.record_extension.to_owned(),
                notation_help: game.as_ref().map(|g| g.notation_help().to_owned()),
                time_controls: time_controls(entry),
                starts: starts(entry),
                rules_summary: entry.guide.rules.to_owned(),
                legend: entry
                    .guide
                    .legend
                    .iter()
                    .map(|(sign, meaning)| [(*sign).to_owned(), (*meaning).to_owned()])
                    .collect(),
                marks: entry
                    .guide
                    .marks
                    .iter()
                    .map(|style| MarkStyle {
                        kind: style.kind.to_owned(),
                        draw: style.draw,
                        colour: style.colour.to_owned(),
                        ink: style.ink.to_owned(),
                    })
                    .collect(),
                has_engine: omnichess_engine::find(entry.name).is_ok(),
            }
        })
        .collect()
}
