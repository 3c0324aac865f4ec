//! Time management from a chess clock, for the engine in any variant: the UCI `go wtime …`
//! command, `match` and `play` with an agent written `engine:clock=BASE+INC` or with a time
//! control the variant's rules name (`engine:clock=blitz`, `--time-control`:
//! [`omnichess_core::Variant::time_controls`], DMChess 8.1's three).

use std::time::Duration;

use omnichess_core::RulesTimeControl;

use crate::limits::Limits;

/// A player's clock: the time left, the increment added after each turn, and a second
/// period's time added once a number of turns is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub left: Duration,
    /// Added after each turn.
    pub increment: Duration,
    /// `(turns, extra)`: after `turns` turns, `extra` is added once (DMChess 8.1.1: 30
    /// minutes after move 40).
    pub period: Option<(u32, Duration)>,
    /// Turns charged to this clock.
    pub played: u32,
}

/// The turns a clock is shared over when nobody says how many are left.
pub const DEFAULT_TURNS_TO_GO: u64 = 30;

/// Kept back from every turn's share for the overhead around the search.
const RESERVE: Duration = Duration::from_millis(20);

/// The least time a turn is given, however little is left.
const LEAST: Duration = Duration::from_millis(5);

impl Clock {
    /// A clock of `left` with `increment` per turn and no second period.
    #[must_use]
    pub const fn new(left: Duration, increment: Duration) -> Clock {
        Clock {
            left,
            increment,
            period: None,
            played: 0,
        }
    }

    /// The control of `controls` (a variant's [`omnichess_core::Variant::time_controls`])
    /// played by `name` ([`RulesTimeControl::key`]: DMChess's `standard`, `rapid`, `blitz`).
    #[must_use]
    pub fn named(controls: &[RulesTimeControl], name: &str) -> Option<Clock> {
        let control = controls.iter().find(|c| c.key.as_deref() == Some(name))?;
        Some(Clock {
            period: control
                .period
                .map(|(turns, extra_ms)| (turns, Duration::from_millis(extra_ms))),
            ..Clock::new(
                Duration::from_millis(control.base_ms),
                Duration::from_millis(control.increment_ms),
            )
        })
    }

    /// The names `controls` are played by ([`Clock::named`]), as a sentence's list:
    /// `standard, rapid or blitz`; empty when none has one.
    #[must_use]
    pub fn names(controls: &[RulesTimeControl]) -> String {
        let names: Vec<&str> = controls.iter().filter_map(|c| c.key.as_deref()).collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        }
    }

    /// The time for this turn: an equal share of what is left over `turns_to_go` (when not
    /// known: the turns left in the first period, else [`DEFAULT_TURNS_TO_GO`]) plus ¾ of
    /// the increment, never more than half of what is left, less 20 ms of reserve, and at
    /// least 5 ms.
    #[must_use]
    pub fn budget(&self, turns_to_go: Option<u64>) -> Duration {
        let in_period = self
            .period
            .filter(|&(turns, _)| self.played < turns)
            .map(|(turns, _)| u64::from(turns - self.played));
        let turns = u32::try_from(
            turns_to_go
                .or(in_period)
                .unwrap_or(DEFAULT_TURNS_TO_GO)
                .max(1),
        )
        .unwrap_or(u32::MAX);
        let share = self.left / turns + self.increment * 3 / 4;
        share.min(self.left / 2).saturating_sub(RESERVE).max(LEAST)
    }

    /// Charges a turn that took `used`, then adds the increment, and the second period's
    /// time after its last turn (the time left never goes below zero; nobody flags here: the
    /// player simply has the increment left).
    pub fn spend(&mut self, used: Duration) {
        self.left = self.left.saturating_sub(used) + self.increment;
        self.played += 1;
        if let Some((turns, extra)) = self.period
            && self.played == turns
        {
            self.left += extra;
        }
    }
}

/// An agent's limits per turn: fixed, or taken from its clock before each turn.
#[derive(Clone, Debug)]
pub struct TurnLimits {
    fixed: Limits,
    /// The clock at the start of a game, and now.
    clock: Option<(Clock, Clock)>,
}

impl TurnLimits {
    /// `fixed` every turn, and with a `clock`, at most the clock's budget too.
    #[must_use]
    pub fn new(fixed: Limits, clock: Option<Clock>) -> TurnLimits {
        TurnLimits {
            fixed,
            clock: clock.map(|c| (c, c)),
        }
    }

    /// The limits of the next turn.
    #[must_use]
    pub fn next(&self) -> Limits {
        let mut limits = self.fixed.clone();
        if let Some((_, now)) = self.clock {
            let budget = now.budget(None);
            limits.time = Some(limits.time.map_or(budget, |t| t.min(budget)));
            // The budget is the whole turn's, and a share of the clock: half of it may be
            // saved for later turns.
            limits.each_decision = false;
            limits.whole_time = false;
        }
        limits
    }

    /// Charges the turn that just took `used` to the clock.
    pub fn charge(&mut self, used: Duration) {
        if let Some((_, now)) = &mut self.clock {
            now.spend(used);
        }
    }

    /// Sets the clock back to its start, for a new game.
    pub fn new_game(&mut self) {
        if let Some((start, now)) = &mut self.clock {
            *now = *start;
        }
    }

    /// The clock now, if there is one.
    #[must_use]
    pub fn clock(&self) -> Option<Clock> {
        self.clock.map(|(_, now)| now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_budget_shares_the_clock_and_keeps_a_reserve() {
        let clock = |left, increment| Clock::new(ms(left), ms(increment));
        assert_eq!(clock(60_000, 0).budget(None), ms(1980));
        assert_eq!(clock(60_000, 1000).budget(Some(10)), ms(6730));
        assert_eq!(clock(100, 0).budget(Some(1)), ms(30));
        assert_eq!(clock(0, 0).budget(None), ms(5));
    }

    #[test]
    fn a_turn_is_charged_then_the_increment_added_and_a_new_game_resets() {
        let start = Clock::new(ms(10_000), ms(100));
        let mut turns = TurnLimits::new(Limits::depth(6), Some(start));
        let first = turns.next();
        assert_eq!(
            (first.depth, first.time),
            (Some(6), Some(ms(10_000) / 30 + ms(75) - ms(20)))
        );
        turns.charge(ms(400));
        assert_eq!(turns.clock().map(|c| c.left), Some(ms(9_700)));
        turns.charge(ms(20_000));
        assert_eq!(
            turns.clock().map(|c| c.left),
            Some(ms(100)),
            "never below zero"
        );
        assert_eq!(
            turns.next().time,
            Some(ms(30)),
            "half of what is left, less the reserve"
        );
        turns.new_game();
        assert_eq!(turns.clock(), Some(start));
        let fixed = TurnLimits::new(Limits::depth(3), None);
        assert_eq!(fixed.next().time, None);
    }

    #[test]
    fn the_named_controls_of_dmchess_8_1() {
        use omnichess_core::Variant;
        let controls = omnichess_variants::dmchess::DmChess::time_controls();
        assert_eq!(Clock::names(&controls), "standard, rapid or blitz");
        let blitz = Clock::named(&controls, "blitz").expect("8.1.3");
        assert_eq!((blitz.left, blitz.increment), (ms(300_000), ms(3_000)));
        let rapid = Clock::named(&controls, "rapid").expect("8.1.2");
        assert_eq!((rapid.left, rapid.increment), (ms(1_500_000), ms(10_000)));
        // 8.1.1: 90 minutes for the first 40 moves, then 30 more for the rest.
        let mut standard = Clock::named(&controls, "standard").expect("8.1.1");
        assert_eq!(standard.budget(None), ms(5_400_000 / 40 - 20));
        for _ in 0..39 {
            standard.spend(ms(60_000));
        }
        assert_eq!(standard.left, ms((90 - 39) * 60_000));
        assert_eq!(
            standard.budget(None),
            ms((90 - 39) * 60_000 / 2 - 20),
            "one turn to go: at most half of what is left"
        );
        standard.spend(ms(60_000));
        assert_eq!(
            standard.left,
            ms((90 - 40 + 30) * 60_000),
            "30 minutes after move 40"
        );
        assert_eq!(Clock::named(&controls, "bullet"), None);
        // A per-move limit (QEC's) is no game clock, and a variant without controls has none.
        let qec = omnichess_variants::qec::Qec::time_controls();
        assert_eq!((qec.len(), Clock::names(&qec)), (1, String::new()));
        assert_eq!(Clock::named(&[], "blitz"), None);
    }
}
