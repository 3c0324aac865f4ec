//! Classic mate-in-2 problems are solved at depth 4: the key move, and a score that says mate
//! in three decisions (the key, the reply, the mate) — so no mate in one was missed either;
//! by the selective search and by the exact one alike.

use omnichess_core::Notation;
use omnichess_engine::{Limits, Search, eval::ClassicEval, score};
use omnichess_variants::classic::Classic;

/// The key move and the mate distance, found alike by the selective search (classic's
/// default: reductions, null move, futility pruning) and by the exact one.
fn solve(fen: &str) -> (String, Option<i32>) {
    let game = Classic::from_position_text(fen).expect("valid FEN");
    let mut answers = [true, false].map(|selective| {
        let mut search = Search::new(ClassicEval, 16);
        search.set_selective(selective);
        let result = search
            .search(&game, &Limits::depth(4), &mut |_| {})
            .expect("white to move");
        (
            game.decision_text(result.best),
            score::mate_distance(result.score),
        )
    });
    assert_eq!(
        answers[0], answers[1],
        "selective and exact searches differ"
    );
    std::mem::take(&mut answers[0])
}

#[test]
fn legal_s_mate_pattern_knight_check_then_bishop_mates() {
    // 1. Nf6+ gxf6 2. Bxf7#
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    assert_eq!(solve(fen), ("d5f6".into(), Some(3)));
}

#[test]
fn queen_sacrifice_on_the_back_rank() {
    // 1. Qd8+ Bxd8 2. Re8#
    let fen = "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1";
    assert_eq!(solve(fen), ("d5d8".into(), Some(3)));
}

#[test]
fn queen_takes_the_guard_and_the_rook_mates() {
    // 1. Qxg6+ fxg6 2. Rg7#
    let fen = "5rkr/pp2Rp2/1b1p1Pb1/3P2Q1/2n3P1/2p5/P4P2/4R1K1 w - - 1 1";
    assert_eq!(solve(fen), ("g5g6".into(), Some(3)));
}

#[test]
fn underpromotion_to_a_knight_mates() {
    // 1. Qd5+ Ka6 2. cxb8=N#
    let fen = "1rb4r/pkPp3p/1b1P3n/1Q6/N3Pp2/8/P1P3PP/7K w - - 1 1";
    assert_eq!(solve(fen), ("b5d5".into(), Some(3)));
}
