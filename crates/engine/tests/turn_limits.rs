//! Limits for a whole turn: shared by the turn's decisions, or given to each decision anew
//! (`Limits::each_decision`, what agents' levels such as `engine:time=0.1` use).

use omnichess_core::{Game, Variant};
use omnichess_engine::agents::{self, AgentSpec};
use omnichess_engine::eval::{ClassicEval, MultiverseEval};
use omnichess_engine::{Limits, Search};
use omnichess_variants::classic::Classic;
use omnichess_variants::multiverse::{Decision5, Multiverse};
use std::time::Duration;

/// The depth of every iteration reported while the engine plays White's first 5D turn
/// (one move, then `submit`) at depth 2.
fn reported_depths(each_decision: bool) -> (Vec<u32>, Vec<Decision5>) {
    let mut search = Search::new(MultiverseEval, 1);
    let limits = Limits {
        each_decision,
        ..Limits::depth(2)
    };
    let mut depths = Vec::new();
    let turn = search
        .best_turn(&Multiverse::start(), &limits, &mut |r| depths.push(r.depth))
        .expect("a turn");
    (depths, turn.decisions)
}

#[test]
fn limits_per_turn_follow_the_line_of_one_search() {
    let (depths, turn) = reported_depths(false);
    assert_eq!(
        depths,
        [1, 2],
        "one search: its line holds the move and submit"
    );
    assert_eq!(turn.len(), 2);
    assert_eq!(turn[1], Decision5::Submit);
}

#[test]
fn limits_per_decision_search_every_decision_of_the_turn_anew() {
    let (depths, turn) = reported_depths(true);
    // The move at depths 1 and 2, then `submit`, the only decision open, played unsearched
    // (nothing to choose, and only the first decision of a line is taken).
    assert_eq!(depths, [1, 2]);
    assert_eq!(turn.len(), 2);
    assert_eq!(turn[1], Decision5::Submit);
}

#[test]
fn an_agent_level_is_per_decision_and_a_clock_per_turn() {
    let spec = |text: &str| match text.parse::<AgentSpec>() {
        Ok(AgentSpec::Engine(level)) => level,
        other => panic!("{text}: {other:?}"),
    };
    let default = std::time::Duration::from_secs(1);
    for text in [
        "engine:time=0.1",
        "engine:depth=3",
        "engine:nodes=500",
        "engine",
    ] {
        let limits = spec(text).limits(default);
        assert!(limits.each_decision, "{text}");
        assert!(
            limits.whole_time,
            "{text}: a fixed level's time is all the decision's"
        );
    }
    let clocked = spec("engine:clock=60+1").turn_limits(default).next();
    assert!(!clocked.each_decision, "a clock's budget is the turn's");
    assert!(
        !clocked.whole_time,
        "a clock's budget is a share, half of it may be saved"
    );
    // Every agent's turn is still legal and whole (agents are driven by levels).
    let mut game = Multiverse::start();
    let level = AgentSpec::Engine(spec("engine:depth=1"));
    let mut engine =
        agents::build::<Multiverse, _>(level, MultiverseEval, 1, default).expect("an agent");
    let turn = engine.choose_turn(&game);
    assert_eq!(
        omnichess_core::play_checked(&mut game, &turn),
        Ok(()),
        "a legal turn"
    );
    assert_eq!(game.turn_index(), 1, "the turn was submitted");
}

/// How long a classic search of the start position given `time` and using all of it ran.
fn classic_search_time(time: Duration) -> Duration {
    let mut search = Search::new(ClassicEval, 16);
    let limits = Limits {
        whole_time: true,
        ..Limits::time(time)
    };
    let result = search
        .search(&Classic::start(), &limits, &mut |_| {})
        .expect("a move");
    result.elapsed
}

#[test]
fn a_fixed_time_is_used_whole() {
    // No iteration reaches depth 64 in 60 ms: the search stops only near the deadline, in an
    // unfinished iteration (where it stopped at half the time before). Near: 60 ms less its
    // 1.2 ms margin, and less the longest wait between two of its looks at the clock
    // (`search::time::look_ahead`), which on a machine busy with other tests can be tens of
    // milliseconds when the scheduler switches the test out. The longest of three searches
    // is taken: one that stops at half its time never reaches three quarters, however idle
    // the machine, while a search switched out once more is not a fault.
    let time = Duration::from_millis(60);
    let longest = (0..3)
        .map(|_| classic_search_time(time))
        .max()
        .expect("three searches");
    assert!(
        longest >= time.mul_f64(0.75),
        "the longest of three stopped after {longest:?} of {time:?}"
    );
}
