//! The action search against brute force: in random positions of small variants, the number of
//! legal actions `count_turns` finds (the hypercuboid search with its cuts) equals the
//! number of distinct actions found by trying every sequence of decisions up to `submit`.

use std::collections::HashSet;

use omnichess_core::{Counting, Game, Notation, ToAct};
use omnichess_variants::multiverse::{Decision5, Move5, Multiverse};
use proptest::prelude::*;

/// Every action reachable by decisions, told apart as the search does: the moves that did not
/// branch (in any order) and the branching moves in the order they created timelines.
fn brute_force(g: &mut Multiverse) -> usize {
    let mut seen = HashSet::new();
    let mut path: Vec<(Move5, bool)> = Vec::new();
    walk(g, &mut path, &mut seen);
    seen.len()
}

fn walk(
    g: &mut Multiverse,
    path: &mut Vec<(Move5, bool)>,
    seen: &mut HashSet<(Vec<String>, Vec<String>)>,
) {
    let mut list = Vec::new();
    g.decisions(&mut list);
    for d in list {
        match d {
            Decision5::Submit => {
                let mut plain: Vec<String> = path
                    .iter()
                    .filter(|(_, b)| !b)
                    .map(|(m, _)| format!("{m:?}"))
                    .collect();
                plain.sort();
                let branches: Vec<String> = path
                    .iter()
                    .filter(|(_, b)| *b)
                    .map(|(m, _)| format!("{m:?}"))
                    .collect();
                seen.insert((plain, branches));
            }
            Decision5::Move(mv) => {
                let lines = g.timelines().count();
                g.apply(d);
                let branched = g.timelines().count() > lines;
                path.push((mv, branched));
                walk(g, path, seen);
                path.pop();
                g.undo();
            }
        }
    }
}

/// One case: a position reached by random decisions from `variant`'s start; at a turn's
/// start, the search's count must equal brute force's.
fn check(variant: &str, choices: Vec<usize>) -> Result<(), TestCaseError> {
    let mut g = Multiverse::from_position_text(&format!("[Board \"{variant}\"]")).expect("variant");
    let mut list = Vec::new();
    for c in choices {
        if matches!(g.to_act(), ToAct::Nobody(_)) {
            break;
        }
        // Play one random decision, then finish the turn as soon as it may end.
        g.decisions(&mut list);
        let moves: Vec<Decision5> = list
            .iter()
            .copied()
            .filter(|d| *d != Decision5::Submit)
            .collect();
        if moves.is_empty() {
            break;
        }
        g.apply(moves[c % moves.len()]);
        g.decisions(&mut list);
        if list.contains(&Decision5::Submit) {
            g.apply(Decision5::Submit);
        } else {
            g.undo();
            break;
        }
    }
    if !g.at_turn_start() {
        return Ok(());
    }
    let brute = brute_force(&mut g.clone());
    prop_assert_eq!(
        g.count_turns(u64::MAX),
        brute as u64,
        "at {}",
        g.position_text()
    );
    Ok(())
}

/// The variants whose positions are small enough for brute force.
fn small_variants() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "Focused - Just Kings",
        "Focused - Just Knights",
        "Very Small - Open",
        "Focused - Just Rooks",
    ])
}

proptest! {
    // A fixed seed: the random cases' cost varies widely (one random sample of 24 ran over two
    // minutes), and every run of the suite should take the same time. The 400 cases below
    // keep a random seed (CI's run of the ignored tests).
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(7), ..ProptestConfig::default() })]

    /// A quick sample for every test run (the full 400 cases take minutes in debug builds).
    #[test]
    fn the_search_counts_what_brute_force_finds_quick(
        variant in small_variants(),
        choices in prop::collection::vec(any::<usize>(), 0..14),
    ) {
        check(variant, choices)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    /// The full 400 cases: minutes, so ignored by default and run by CI
    /// (`.ci/run`: `cargo test -p omnichess-variants --test variants --
    /// --ignored multiverse_search::`).
    #[test]
    #[ignore = "minutes: CI runs it with cargo test -p omnichess-variants --test variants -- --ignored"]
    fn the_search_counts_what_brute_force_finds(
        variant in small_variants(),
        choices in prop::collection::vec(any::<usize>(), 0..14),
    ) {
        check(variant, choices)?;
    }
}
