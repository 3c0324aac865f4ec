//! The rulebook's time controls (8.1): standard, rapid and blitz, as [`RulesTimeControl`]s: a
//! lobby offers them, and the engine's clock plays them by name (`--time-control blitz`).

use omnichess_core::RulesTimeControl;

/// A named time control: name, base seconds, increment seconds, and the second period
/// (turns, extra seconds).
pub type TimeControl = (&'static str, u64, u64, Option<(u32, u64)>);

/// The named time controls (8.1.1 standard: 90 minutes, 30 more after move 40; 8.1.2 rapid:
/// 25 minutes + 10 seconds; 8.1.3 blitz: 5 minutes + 3 seconds).
pub const TIME_CONTROLS: [TimeControl; 3] = [
    ("standard", 90 * 60, 0, Some((40, 30 * 60))),
    ("rapid", 25 * 60, 10, None),
    ("blitz", 5 * 60, 3, None),
];

/// [`TIME_CONTROLS`] as a lobby offers them: `DMChess standard (8.1)`, … in milliseconds.
#[must_use]
pub fn rules_time_controls() -> Vec<RulesTimeControl> {
    TIME_CONTROLS
        .iter()
        .map(|&(name, base, increment, period)| RulesTimeControl {
            name: format!("DMChess {name} (8.1)"),
            key: Some(name.to_owned()),
            base_ms: base * 1000,
            increment_ms: increment * 1000,
            per_move_ms: 0,
            period: period.map(|(turns, extra)| (turns, extra * 1000)),
        })
        .collect()
}
