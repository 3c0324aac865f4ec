//! A search cut short by its limits (nodes, time, `stop`) returns the first decision of the
//! last line it reported, so that UCI's `bestmove` after `stop` is the first move of the last
//! `info … pv`.

use omnichess_core::Notation;
use omnichess_engine::eval::ClassicEval;
use omnichess_engine::{Limits, Search};
use omnichess_variants::classic::Classic;

#[test]
fn the_decision_returned_starts_the_last_line_reported() {
    let positions = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        "2r3k1/pp3ppp/2n5/3p4/3P4/2N2N2/PP3PPP/2R3K1 w - - 0 1",
    ];
    let mut cut_short = 0;
    for fen in positions {
        let game = Classic::from_position_text(fen).expect("a position");
        // Node limits that cut an iteration after its best decision changed (85 000 does so
        // in the selective search of the third position): the case where a `bestmove` no line
        // had shown would be printed. The exact search is held to the same rule.
        for (nodes, selective) in [700, 2_600, 9_000, 66_000, 85_000, 170_000]
            .into_iter()
            .flat_map(|n| [(n, false), (n, true)])
        {
            let mut search = Search::new(ClassicEval, 1);
            search.set_selective(selective);
            let mut last: Option<(String, bool)> = None;
            let result = search
                .search(&game, &Limits::nodes(nodes), &mut |report| {
                    last = Some((format!("{:?}", report.pv[0]), report.complete));
                })
                .expect("a search");
            if let Some((first, complete)) = last {
                assert_eq!(
                    first,
                    format!("{:?}", result.best),
                    "{fen} at {nodes} nodes (selective: {selective})"
                );
                cut_short += usize::from(!complete);
            }
        }
    }
    assert!(cut_short > 0, "no search was cut short after a new best");
}

/// An unfinished iteration whose first decision failed low under the aspiration window (the
/// score fell) knows only upper bounds for the decisions after it; one of them replaces the
/// previous best only when it beats the window. Before commit 2c236f0, at 100 000 and 130 000–200 000
/// nodes this position's depth-10 iteration was stopped after `c4c6` (the best of every
/// completed iteration from depth 6 to 9) failed low, and `c4a4`, which puts the rook where
/// the pawn on b5 takes it, was returned because its upper bound was the higher of two.
#[test]
fn a_stopped_iteration_never_trades_the_best_for_a_higher_upper_bound() {
    let game =
        Classic::from_position_text("2r2k2/2p4p/p4p1P/1p1P3P/2R2Pr1/2N5/Pp6/1K5R w - - 0 26")
            .expect("a position");
    for nodes in [100_000, 130_000, 150_000, 170_000, 200_000] {
        let mut search = Search::new(ClassicEval, 16);
        let result = search
            .search(&game, &Limits::nodes(nodes), &mut |_| {})
            .expect("a search");
        assert_eq!(game.decision_text(result.best), "c4c6", "at {nodes} nodes");
    }
}
