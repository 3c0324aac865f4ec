//! The engine in Three Realms: it mates in one across realms, takes a hanging queen, and
//! plays a match to the end against the random player.

use crate::variant_engine;

use omnichess_core::{Game, Notation};
use omnichess_engine::eval::RealmsEval;
use omnichess_variants::realms::Realms;

fn best(text: &str, depth: u32) -> (Realms, String, Option<i32>) {
    variant_engine::best(text, depth, RealmsEval)
}

#[test]
fn mates_in_one_from_the_earth_into_the_heavens() {
    // The Black king on a8 (heavens) moves orthogonally only (P.6): b8 and a7 hold its own
    // horses, and j8 below is the only other square. The rook goes j1-j8, checking upwards;
    // the knight on k6 guards j8, and neither horse can take it.
    let (mut game, mv, mate) = best(
        "kh6/h7/8/8/8/8/8/8|8/8/1N6/8/8/8/8/R3K3|8/8/8/8/8/8/8/8 w - - 0 1",
        2,
    );
    assert_eq!(mv, "j1j8");
    assert_eq!(mate, Some(1));
    let m = game.parse_decision(&mv).expect("legal");
    game.apply(m);
    assert_eq!(game.to_act().outcome().map(|o| o.reason), Some("checkmate"));
}

#[test]
fn takes_a_hanging_queen() {
    // The Black queen on j5 is unguarded on the rook's file.
    let (_, mv, _) = best(
        "8/8/8/8/8/8/8/8|7k/8/8/q7/8/8/8/R3K3|8/8/8/8/8/8/8/8 w - - 0 1",
        3,
    );
    assert_eq!(mv, "j1j5");
}

#[test]
fn a_match_against_random_plays_to_the_end() {
    variant_engine::plays_to_the_end::<Realms>("engine:depth=1");
}
