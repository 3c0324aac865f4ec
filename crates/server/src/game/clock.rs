//! The players' clocks, computed from the stored decision times, so that a restarted server
//! shows them exactly as they were: the clock of the side to act runs from the time its
//! opponent's last decision was stored.
//!
//! Rulings (docs/ARCHITECTURE.md, "Clocks"): a player's first turn is not timed and earns no
//! increment (the clocks start as each player ends a first turn, as on lichess: 3+2 shows 3:00
//! after White's first move); the increment is added when a later turn ends (5D: at submit,
//! not per move); a period's extra time is added once
//! after the player's `turns`-th turn; a per-move limit counts from the previous decision.

use crate::game::options::ClockSpec;

/// One stored decision as the clocks see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tick {
    /// Who made it (`None`: a die roll, which takes no time from anyone).
    pub player: Option<u8>,
    /// When it was stored.
    pub at_ms: i64,
    /// Whether it ended its player's turn (the next actor is someone else).
    pub ends_turn: bool,
}

/// The clocks now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Each player's time left in milliseconds (the game clock; `base_ms` when untimed).
    pub remaining_ms: [i64; 2],
    /// The player whose clock runs.
    pub running: Option<u8>,
    /// The time left for the current decision under a per-move limit.
    pub move_left_ms: Option<i64>,
    /// The player whose time has run out, if one has.
    pub expired: Option<u8>,
    /// Milliseconds until the running clock runs out (when one runs).
    pub until_expiry_ms: Option<i64>,
}

/// The clocks under `spec` after `ticks`, with `to_act` to act now (`None`: nobody, the game
/// is over) at time `now_ms`.
#[must_use]
pub fn clocks(spec: &ClockSpec, ticks: &[Tick], to_act: Option<u8>, now_ms: i64) -> Clocks {
    let mut remaining = [spec.base_ms; 2];
    let mut started = [false; 2];
    let mut turns = [0_i64; 2];
    let mut previous: Option<i64> = None;
    for tick in ticks {
        if let Some(p) = tick.player {
            let p = usize::from(p & 1);
            if started[p]
                && let Some(before) = previous
            {
                remaining[p] = remaining[p].saturating_sub(tick.at_ms.saturating_sub(before));
            }
            if tick.ends_turn {
                turns[p] += 1;
                if started[p] {
                    remaining[p] = remaining[p].saturating_add(spec.increment_ms);
                }
                if let Some([after, extra]) = spec.period
                    && turns[p] == after
                {
                    remaining[p] = remaining[p].saturating_add(extra);
                }
                started[p] = true;
            }
        }
        previous = Some(tick.at_ms);
    }
    let mut result = Clocks {
        remaining_ms: remaining,
        running: None,
        move_left_ms: None,
        expired: None,
        until_expiry_ms: None,
    };
    let (Some(p), Some(since)) = (to_act, previous) else {
        return result;
    };
    if !started[usize::from(p & 1)] {
        return result;
    }
    let elapsed = now_ms.saturating_sub(since).max(0);
    result.running = Some(p);
    let mut until = None::<i64>;
    if spec.base_ms > 0 {
        let left = remaining[usize::from(p & 1)].saturating_sub(elapsed);
        result.remaining_ms[usize::from(p & 1)] = left.max(0);
        until = Some(left);
    }
    if spec.per_move_ms > 0 {
        let left = spec.per_move_ms.saturating_sub(elapsed);
        result.move_left_ms = Some(left.max(0));
        until = Some(until.map_or(left, |u| u.min(left)));
    }
    result.until_expiry_ms = until.map(|u| u.max(0));
    if until.is_some_and(|u| u <= 0) {
        result.expired = Some(p);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extreme_times_saturate_rather_than_wrap() {
        let spec = ClockSpec {
            base_ms: 60_000,
            increment_ms: 0,
            per_move_ms: 0,
            period: Some([1, i64::MAX]),
        };
        let ticks = [tick(0, 0), tick(1, 1_000), tick(0, 2_000)];
        let now = clocks(&spec, &ticks, Some(1), i64::MAX);
        assert_eq!(now.remaining_ms, [i64::MAX - 1_000, 2_000]);
        assert_eq!(now.expired, None, "Black's period time is not gone");
    }

    fn tick(player: u8, at_ms: i64) -> Tick {
        Tick {
            player: Some(player),
            at_ms,
            ends_turn: true,
        }
    }

    const FIVE_PLUS_THREE: ClockSpec = ClockSpec {
        base_ms: 300_000,
        increment_ms: 3_000,
        per_move_ms: 0,
        period: None,
    };

    #[test]
    fn first_moves_are_free_then_time_runs_from_the_last_decision() {
        // White moves at 10 s, Black at 20 s, White at 50 s (30 s used), Black to act at 60 s.
        let ticks = [tick(0, 10_000), tick(1, 20_000), tick(0, 50_000)];
        let now = clocks(&FIVE_PLUS_THREE, &ticks, Some(1), 60_000);
        assert_eq!(now.running, Some(1));
        assert_eq!(
            now.remaining_ms,
            [300_000 - 30_000 + 3_000, 300_000 - 10_000]
        );
        assert_eq!(now.until_expiry_ms, Some(290_000));
        assert_eq!(now.expired, None);
        let late = clocks(&FIVE_PLUS_THREE, &ticks, Some(1), 60_000 + 290_000);
        assert_eq!(late.expired, Some(1));
        assert_eq!(late.remaining_ms[1], 0);
    }

    #[test]
    fn the_increment_comes_when_the_turn_ends_and_the_period_once() {
        let spec = ClockSpec {
            base_ms: 1_000_000,
            increment_ms: 1_000,
            per_move_ms: 0,
            period: Some([2, 500_000]),
        };
        let mid_turn = Tick {
            player: Some(0),
            at_ms: 0,
            ends_turn: false,
        };
        let ticks = [
            mid_turn,
            tick(0, 0),
            tick(1, 0),
            tick(0, 0),
            tick(1, 0),
            tick(0, 0),
        ];
        let now = clocks(&spec, &ticks, None, 0);
        // White: three turns, the last two earning +1 000 each, and the period after its
        // second; Black: two (+1 000, +period).
        assert_eq!(now.remaining_ms, [1_502_000, 1_501_000]);
        assert_eq!(now.running, None);
    }

    #[test]
    fn the_first_turn_is_free_and_earns_no_increment() {
        // 3+2: White's first move at 5 s leaves White's clock at 3:00, not 3:02.
        let spec = ClockSpec {
            base_ms: 180_000,
            increment_ms: 2_000,
            ..ClockSpec::default()
        };
        let after_e4 = clocks(&spec, &[tick(0, 5_000)], Some(1), 9_000);
        assert_eq!(after_e4.remaining_ms, [180_000, 180_000]);
        assert_eq!(after_e4.running, None, "Black's first move is free");
        // A 5D first turn of two moves and a submit: none of it timed.
        let mid = |at_ms| Tick {
            player: Some(0),
            at_ms,
            ends_turn: false,
        };
        let five_d = [mid(1_000), mid(4_000), tick(0, 9_000)];
        assert_eq!(
            clocks(&spec, &five_d, Some(1), 9_000).remaining_ms[0],
            180_000
        );
    }

    #[test]
    fn a_per_move_limit_counts_from_the_previous_decision() {
        let spec = ClockSpec {
            per_move_ms: 30_000,
            ..ClockSpec::default()
        };
        let ticks = [tick(0, 0), tick(1, 5_000), tick(0, 10_000)];
        let now = clocks(&spec, &ticks, Some(1), 25_000);
        assert_eq!(now.move_left_ms, Some(15_000));
        assert_eq!(clocks(&spec, &ticks, Some(1), 40_000).expired, Some(1));
        assert_eq!(
            clocks(&spec, &ticks[..1], Some(1), 99_000).running,
            None,
            "Black's first move is free"
        );
    }
}
