//! Invariants of QEC over random games from random mappings (§3.1 random, §4, §7, §12), and
//! parsers that never panic on any text.

use omnichess_core::{Game, Notation, Records, ToAct, Variant};
use omnichess_variants::qec::{Phase, Qec};
use proptest::prelude::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn open_texts(g: &Qec) -> Vec<String> {
    let mut list = Vec::new();
    g.decisions(&mut list);
    let mut v: Vec<String> = list.iter().map(|&d| g.decision_text(d)).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every state of a random game: at most one king in check (§4, §7), none at the start of
    /// an entangled turn; every decision's text reads back to it (§12); the position text
    /// (with its phase field mid-turn) reads back to a state with the same decisions; undo
    /// returns to the start.
    #[test]
    fn random_games_keep_the_invariants(seed in 0u64..1000, choices in prop::collection::vec(any::<usize>(), 0..160)) {
        let start = Qec::from_position_text(&format!("{START} random:{seed}")).expect("start");
        let mut g = start.clone();
        let mut list = Vec::new();
        for c in choices {
            let b = g.board();
            if g.phase() == Phase::Move {
                prop_assert!(b.checkers().is_empty(), "a turn starts with a king in check: {}", g.position_text());
            }
            let text = g.position_text();
            let back = Qec::from_position_text(&text).expect("position text reads back");
            prop_assert_eq!(back.position_text(), text.clone());
            prop_assert_eq!(open_texts(&back), open_texts(&g), "decisions differ after reading {}", text);
            prop_assert_eq!(back.to_act(), g.to_act());
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
    fn position_text_never_panics(text in "\\PC{0,90}") {
        let _ = Qec::from_position_text(&text);
    }

    #[test]
    fn position_like_text_never_panics(links in "[a-h1-9~,:\\-]{0,30}", phase in "(reply:[a-h][1-8]|react:[wbx]|draft|)") {
        let _ = Qec::from_position_text(&format!("{START} {links} {phase}"));
        let _ = Qec::from_position_text(&format!("{START} draft:{links}"));
    }

    #[test]
    fn decisions_and_records_never_panic(text in "\\PC{0,40}") {
        let g = Qec::start();
        let _ = g.parse_decision(&text);
        let _ = Qec::parse_record(&text);
    }
}
