//! Invariants of 5D Chess over random games: every decision's text reads back to it, the
//! position text (5DFEN) reads back to the same multiverse and the same decisions, the
//! tactical listing is the decisions that capture or promote, in the same order, undo returns
//! to the start; parsers never panic.

use omnichess_core::{Game, Notation, Records, ToAct, Variant};
use omnichess_variants::multiverse::{Decision5, Multiverse};
use proptest::prelude::*;

fn texts(g: &Multiverse) -> Vec<String> {
    let mut list = Vec::new();
    g.decisions(&mut list);
    let mut v: Vec<String> = list.iter().map(|&d| g.decision_text(d)).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(
        variant in prop::sample::select(vec!["Standard", "Standard - Turn Zero", "Standard - Two Timelines", "Very Small - Open", "Focused - Just Brawns", "Misc - Timeline Battlegrounds"]),
        choices in prop::collection::vec(any::<usize>(), 0..24),
    ) {
        let start = Multiverse::from_position_text(&format!("[Board \"{variant}\"]")).expect("variant");
        let mut g = start.clone();
        let mut list = Vec::new();
        for c in choices {
            let text = g.position_text();
            let back = Multiverse::from_position_text(&text).expect("5DFEN reads back");
            prop_assert_eq!(back.position_text(), text.clone());
            prop_assert_eq!(texts(&back), texts(&g), "decisions differ after reading {}", text);
            if matches!(g.to_act(), ToAct::Nobody(_)) {
                break;
            }
            g.decisions(&mut list);
            if list.is_empty() {
                break; // a turn that cannot be finished: undo would be needed
            }
            for &d in &list {
                prop_assert_eq!(g.parse_decision(&g.decision_text(d)), Ok(d));
            }
            let mut tactical = Vec::new();
            g.tactical_decisions(&mut tactical);
            let filtered: Vec<Decision5> = list
                .iter()
                .copied()
                .filter(|&d| matches!(d, Decision5::Move(mv) if g.is_tactical(mv)))
                .collect();
            prop_assert_eq!(tactical, filtered, "tactical decisions of {}", text);
            // Prefer submitting when possible, so that games move on through many turns.
            let d = if list.contains(&Decision5::Submit) && c % 3 != 0 {
                Decision5::Submit
            } else {
                list[c % list.len()]
            };
            g.apply(d);
        }
        while g.undo() {}
        prop_assert_eq!(g.position_text(), start.position_text());
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let _ = Multiverse::from_position_text(&text);
        let _ = Multiverse::start().parse_decision(&text);
        let _ = Multiverse::parse_record(&text);
    }

    #[test]
    fn notation_like_text_never_panics(text in "[(]?[L+-]?[0-9]{0,2}T?[0-9]{0,2}[)]?[NBRQKUDSWYC]?[a-h]?[1-8]?[>x]{0,3}[(]?[0-9-]{0,2}T?[0-9]?[)]?[a-h][1-8](=[QN])?[+*#~]?") {
        let _ = Multiverse::start().parse_decision(&text);
    }
}
