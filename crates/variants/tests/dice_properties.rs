//! Invariants of Die Chess over random games: its own board agrees with classic chess's
//! (shakmaty-checked) move generator wherever no king is left in check; every decision's text
//! and every position text (mid-turn too) reads back; undo returns to the start; parsers never
//! panic.

use std::collections::BTreeSet;

use cozy_chess::{Color, Piece};
use omnichess_core::{Game, Notation, Records, ToAct, Variant};
use omnichess_variants::classic::Classic;
use omnichess_variants::dice::{Dice, DiceDecision, FACES, Phase};
use proptest::prelude::*;

/// The moves of every face at a turn start, as (from, to) squares.
fn dice_moves(g: &Dice) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for face in FACES {
        let mut probe = g.clone();
        probe.apply(DiceDecision::Roll(face));
        let mut list = Vec::new();
        probe.decisions(&mut list);
        for d in list {
            if let DiceDecision::Move(mv) = d {
                all.insert(format!("{}{}", mv.from, mv.to));
            }
        }
    }
    all
}

/// Classic chess's moves, where classic chess accepts the position: Die Chess also reaches
/// positions whose history classical chess forbids (a check that outlived a forfeited turn,
/// then an en passant square from the opponent's double step), which cozy-chess refuses.
fn classic_moves(fen: &str) -> Option<BTreeSet<String>> {
    let c = Classic::from_position_text(fen).ok()?;
    let mut list = Vec::new();
    c.decisions(&mut list);
    Some(list.iter().map(|&m| c.uci(m)[..4].to_owned()).collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(choices in prop::collection::vec(any::<usize>(), 0..300)) {
        let start = Dice::start();
        let mut g = start.clone();
        let mut list = Vec::new();
        for c in choices {
            let text = g.position_text();
            let back = Dice::from_position_text(&text).expect("position text reads back");
            prop_assert_eq!(back.position_text(), text.clone());
            let by_history = g.to_act().outcome().is_some_and(|o| o.reason == "fivefold repetition");
            if !by_history {
                prop_assert_eq!(back.to_act(), g.to_act(), "at {}", text);
            }
            let b = g.board();
            prop_assert!(!(b.in_check(Color::White) && b.in_check(Color::Black)));
            if g.phase() == Phase::Start && !b.in_check(!b.side()) && !matches!(g.to_act(), ToAct::Nobody(_)) {
                let fen: String = text.split(' ').take(6).collect::<Vec<_>>().join(" ");
                if let Some(classic) = classic_moves(&fen) {
                    prop_assert_eq!(dice_moves(&g), classic, "at {}", text);
                }
            }
            if matches!(g.to_act(), ToAct::Nobody(_)) {
                break;
            }
            g.decisions(&mut list);
            prop_assert!(!list.is_empty());
            for &d in &list {
                prop_assert_eq!(g.parse_decision(&g.decision_text(d)), Ok(d));
            }
            g.apply(list[c % list.len()]);
        }
        while g.undo() {}
        prop_assert_eq!(g.position_text(), start.position_text());
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let _ = Dice::from_position_text(&text);
        let _ = Dice::start().parse_decision(&text);
        let _ = Dice::parse_record(&text);
    }
}

#[test]
fn king_capture_games_happen_and_end_there() {
    // From a position where White is in check and forfeits, Black's rook roll takes the king.
    let mut g = Dice::from_position_text("4r2k/8/8/8/8/8/8/4K3 w - - 0 1").expect("position");
    for text in ["roll", "[B]", "--", "[R]", "Rxe1"] {
        let d = g.parse_decision(text).expect(text);
        g.apply(d);
    }
    assert_eq!(g.to_act().outcome().map(|o| o.reason), Some("king capture"));
    assert_eq!(g.board().king(Color::White), None);
    assert!(g.board().pieces(Piece::Rook).has(cozy_chess::Square::E1));
}
