//! The engine in DMChess: it mates the last king through a portal, takes a hanging queen on
//! another board, and plays a match to the end against the random player.

use crate::variant_engine;

use omnichess_core::{Game, Notation};
use omnichess_engine::eval::DmChessEval;
use omnichess_variants::dmchess::DmChess;

const EMPTY: &str = "8/8/8/8/8/8/8/8";

fn position(d1: &str, d2: &str, d8: &str) -> String {
    let mut boards = [EMPTY; 8];
    boards[0] = d1;
    boards[1] = d2;
    boards[7] = d8;
    format!("{} l - 0 1 0/8 - - -", boards.join("|"))
}

fn best(text: &str, depth: u32) -> (DmChess, String, Option<i32>) {
    variant_engine::best(text, depth, DmChessEval)
}

#[test]
fn mates_the_last_king_through_a_portal() {
    // Dark's only king is on D2 h8 behind its pawns. The D1 queen goes d1-d3 (the D1-D2
    // portal), crosses to D2 and goes d3-d8 there, over the empty portals d4 and d6.
    let text = position(
        "8/8/8/8/8/8/8/3Q14",
        "7k2/6p2p2/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/K87",
    );
    let (mut game, mv, mate) = best(&text, 2);
    assert_eq!(mate, Some(1), "{mv}");
    let m = game.parse_decision(&mv).expect("legal");
    game.apply(m);
    assert_eq!(game.to_act().outcome().map(|o| o.reason), Some("checkmate"));
}

#[test]
fn takes_a_hanging_queen_on_another_board() {
    let text = position(
        "8/8/8/8/8/8/8/3R14",
        "8/3q24/8/8/8/8/8/8",
        "7k8/8/8/8/8/8/8/K87",
    );
    let (_, mv, _) = best(&text, 3);
    assert_eq!(mv, "Rd1d1-d2d7");
}

#[test]
fn a_match_against_random_plays_to_the_end() {
    // By nodes: at depth 1 the quiescence search over eight boards' captures took seconds on
    // some decisions (15 s for the two games in the test build, 2000 nodes take 1 s).
    variant_engine::plays_to_the_end::<DmChess>("engine:nodes=2000");
}
