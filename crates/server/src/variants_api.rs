//! `GET /api/variants`: what the lobby offers for each variant: its players, notation, its
//! own time controls (QEC's per-move clock, DMChess's three controls 8.1) and its named starts
//! (5D's official variants).

use omnichess_core::VariantEntry;

use crate::protocol::Reply;
use crate::protocol::variants::{Start, TimeControl, VariantInfo};

/// The time controls every variant offers: name, base minutes, increment seconds.
const COMMON: [(&str, i64, i64); 5] = [
    ("bullet 1+0", 1, 0),
    ("blitz 3+2", 3, 2),
    ("blitz 5+3", 5, 3),
    ("rapid 10+5", 10, 5),
    ("classical 30+20", 30, 20),
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

/// The time controls of one variant: its rules' own first.
fn time_controls(entry: &VariantEntry) -> Vec<TimeControl> {
    let mut controls = Vec::new();
    if entry.name == "dmchess" {
        for (name, base, increment, period) in omnichess_engine::clock::TIME_CONTROLS {
            let base = i64::try_from(base).unwrap_or(0) * 1000;
            let increment = i64::try_from(increment).unwrap_or(0) * 1000;
            let mut c = control(&format!("DMChess {name} (8.1)"), base, increment, 0);
            c.period = period
                .map(|(turns, extra)| [i64::from(turns), i64::try_from(extra).unwrap_or(0) * 1000]);
            controls.push(c);
        }
    }
    let limit = (entry.open)(None)
        .ok()
        .and_then(|game| game.decision_time_limit());
    if let Some(limit) = limit {
        let ms = i64::try_from(limit.as_millis()).unwrap_or(i64::MAX);
        controls.push(control(
            &format!("{} per move (the rules' clock)", limit.as_secs()),
            0,
            0,
            ms,
        ));
    }
    for (label, minutes, seconds) in COMMON {
        controls.push(control(label, minutes * 60_000, seconds * 1000, 0));
    }
    controls
}

/// The named starts of one variant (5D: the official variants by `[Board]` name).
fn starts(entry: &VariantEntry) -> Vec<Start> {
    if entry.name != "multiverse" {
        return vec![Start {
            name: "Standard".to_owned(),
            position: None,
        }];
    }
    omnichess_variants::multiverse::variants::VARIANTS
        .iter()
        .map(|v| Start {
            name: v.name.to_owned(),
            position: Some(format!("[Board \"{}\"]", v.name)),
        })
        .collect()
}

/// `GET /api/variants`.
pub async fn list() -> Reply<Vec<VariantInfo>> {
    let variants = omnichess_variants::REGISTRY
        .iter()
        .map(|entry| {
            let game = (entry.open)(None).ok();
            let players = game.as_ref().map_or(["white", "black"], |g| {
                [
                    g.player_name(omnichess_core::Player::White),
                    g.player_name(omnichess_core::Player::Black),
                ]
            });
            VariantInfo {
                name: entry.name.to_owned(),
                description: entry.description.to_owned(),
                players: players.map(str::to_owned),
                record_extension: entry.record_extension.to_owned(),
                notation_help: game.as_ref().map(|g| g.notation_help().to_owned()),
                time_controls: time_controls(entry),
                starts: starts(entry),
            }
        })
        .collect();
    Reply(variants)
}
