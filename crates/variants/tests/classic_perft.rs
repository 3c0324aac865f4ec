//! Classic perft against the shared reference counts (depths ≤ 4 here; every depth in the
//! ignored test `every_depth_of_the_reference_file`, run by `.ci/run`).

use crate::common;

use omnichess_core::perft::{divide, perft};
use omnichess_core::{Notation, Variant};
use omnichess_variants::classic::Classic;

fn check(max_depth: usize) {
    for case in common::perft_cases() {
        let mut game = Classic::from_position_text(&case.fen).expect("reference FEN parses");
        for (depth, &expected) in case.counts.iter().enumerate().take(max_depth) {
            let depth = depth as u32 + 1;
            assert_eq!(
                perft(&mut game, depth),
                expected,
                "{} at depth {depth}",
                case.name
            );
        }
        assert_eq!(
            game.position_text(),
            case.fen,
            "{}: perft left the state changed",
            case.name
        );
    }
}

#[test]
fn reference_positions_to_depth_4() {
    check(4);
}

#[test]
#[ignore = "slow: `cargo test -p omnichess-variants --test variants -- --ignored classic_perft::`"]
fn every_depth_of_the_reference_file() {
    check(usize::MAX);
}

#[test]
fn divide_sums_to_perft_and_lists_every_first_move() {
    let mut game = Classic::start();
    let mut lines = Vec::new();
    let total = divide(&mut game, 3, |state, mv, n| lines.push((state.uci(mv), n)));
    assert_eq!(total, 8902);
    assert_eq!(lines.len(), 20);
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    // Known split of the start position at depth 3.
    assert!(lines.contains(&("e2e4".to_owned(), 600)));
    assert!(lines.contains(&("g1f3".to_owned(), 440)));
    assert!(lines.contains(&("a2a3".to_owned(), 380)));
}
