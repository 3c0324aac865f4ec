//! What each registered variant declares of itself (its `VariantEntry` capabilities) and the
//! turn numbers of a game's history.

use omnichess_core::{
    BoardLayout, DynGame, EngineProtocol, NamedStart, RulesTimeControl, VariantEntry, find,
};
use omnichess_variants::REGISTRY;

fn entry(name: &str) -> &'static VariantEntry {
    find(REGISTRY, name).expect("registered")
}

fn played(name: &str, decisions: &[&str]) -> Box<dyn DynGame> {
    let mut game = (entry(name).open)(None).expect("the standard start");
    for d in decisions {
        game.play(d).expect("legal");
    }
    game
}

#[test]
fn every_variant_offers_its_standard_start_first() {
    for entry in REGISTRY {
        let starts = (entry.starts)();
        assert_eq!(starts[0].name, "Standard", "{}", entry.name);
        for start in &starts {
            assert!(
                (entry.open)(start.position.as_deref()).is_ok(),
                "{}: {}",
                entry.name,
                start.name
            );
        }
    }
    assert_eq!((entry("classic").starts)(), vec![NamedStart::standard()]);
}

#[test]
fn multiverse_offers_its_official_variants_by_board_name() {
    let starts = (entry("multiverse").starts)();
    let official = omnichess_variants::multiverse::variants::VARIANTS;
    assert_eq!(starts.len(), official.len());
    assert_eq!(
        starts[1],
        NamedStart {
            name: "Standard - Turn Zero".into(),
            position: Some("[Board \"Standard - Turn Zero\"]".into()),
            size: Some((8, 8)),
        }
    );
    assert!(starts.iter().any(|s| s.size == Some((5, 5))));
}

#[test]
fn layouts_players_and_protocols_are_each_variants_own() {
    for entry in REGISTRY {
        let multiverse = entry.name == "multiverse";
        let layout = if multiverse {
            BoardLayout::Timelines
        } else {
            BoardLayout::Grid
        };
        let protocol = if multiverse {
            EngineProtocol::Duci
        } else {
            EngineProtocol::Uci
        };
        assert_eq!(
            (entry.layout, entry.engine_protocol),
            (layout, protocol),
            "{}",
            entry.name
        );
    }
    assert_eq!(entry("dmchess").players, ["light", "dark"]);
    assert_eq!(entry("classic").players, ["white", "black"]);
}

#[test]
fn rules_time_controls_are_dmchess_8_1_and_qec_per_move() {
    let dmchess = (entry("dmchess").time_controls)();
    assert_eq!(
        dmchess[0],
        RulesTimeControl {
            name: "DMChess standard (8.1)".into(),
            key: Some("standard".into()),
            base_ms: 90 * 60_000,
            increment_ms: 0,
            per_move_ms: 0,
            period: Some((40, 30 * 60_000)),
        }
    );
    let names: Vec<String> = dmchess.iter().map(|c| c.name.clone()).collect();
    assert_eq!(
        names,
        [
            "DMChess standard (8.1)",
            "DMChess rapid (8.1)",
            "DMChess blitz (8.1)"
        ]
    );
    assert_eq!(
        (dmchess[2].base_ms, dmchess[2].increment_ms),
        (300_000, 3000)
    );
    assert_eq!(
        (entry("qec").time_controls)(),
        [RulesTimeControl::per_move(std::time::Duration::from_secs(
            180
        ))]
    );
    assert_eq!((entry("qec").time_controls)()[0].per_move_ms, 180_000);
    for name in ["classic", "dice", "multiverse", "realms"] {
        assert!((entry(name).time_controls)().is_empty(), "{name}");
    }
}

#[test]
fn history_turns_group_each_turns_decisions() {
    let classic = played("classic", &["e2e4", "e7e5", "g1f3"]);
    assert_eq!(classic.history_turns(), [0, 1, 2]);
    let multiverse = played(
        "multiverse",
        &["(0T1)e2e4", "submit", "(0T1)e7e5", "submit"],
    );
    assert_eq!(multiverse.history_turns(), [0, 0, 1, 1]);
    let mut dice = (entry("dice").open)(None).expect("the start");
    for _ in 0..4 {
        let first = dice.decisions()[0].0.clone();
        dice.play(&first).expect("listed");
    }
    assert_eq!(dice.history_turns(), [0, 0, 1, 1]);
    assert_eq!(dice.history_turns().len(), dice.history().len());
}

#[test]
fn every_variant_has_the_title_players_know_it_by() {
    let titles: Vec<(&str, &str)> = REGISTRY.iter().map(|e| (e.name, e.title)).collect();
    assert_eq!(
        titles[..6],
        [
            ("classic", "Classic chess"),
            ("qec", "Quantum entangled chess"),
            ("dice", "Die chess"),
            ("multiverse", "5D chess (multiverse)"),
            ("realms", "Three Realms"),
            ("dmchess", "Dimensional chess (DMChess)"),
        ]
    );
}

/// `View::moves` is every legal decision where a player acts (the server's snapshot takes the
/// legal decisions from it rather than listing them twice): the same texts in the same order
/// as `DynGame::decisions`, along a game of each variant that plays the middle decision.
#[test]
fn the_view_lists_every_legal_decision_in_order() {
    for entry in REGISTRY {
        let mut game = (entry.open)(None).expect("the standard start");
        for ply in 0..40 {
            let decisions: Vec<String> = game.decisions().into_iter().map(|(t, _)| t).collect();
            if decisions.is_empty() {
                break;
            }
            if game.to_act().player().is_some() {
                let listed: Vec<String> = game.view().moves.into_iter().map(|m| m.text).collect();
                assert_eq!(listed, decisions, "{} after {ply} decisions", entry.name);
            }
            let chosen = decisions[decisions.len() / 2].clone();
            game.play(&chosen).expect("a legal decision");
        }
    }
}

/// A session works out what its history tells once and remembers it; taken back and played
/// again, it tells what a fresh replay of the same decisions tells, in every variant.
#[test]
fn the_remembered_history_follows_takebacks() {
    for entry in REGISTRY {
        let mut game = (entry.open)(None).expect("the standard start");
        let mut played = Vec::new();
        for ply in 0..12 {
            let decisions = game.decisions();
            let Some((chosen, _)) = decisions.get(ply % decisions.len().max(1)).cloned() else {
                break;
            };
            game.play(&chosen).expect("legal");
            played.push(chosen);
            let _ = game.move_list();
            if ply % 4 == 3 && game.undo() {
                played.pop();
                let _ = game.history_info();
            }
        }
        let mut fresh = (entry.open)(None).expect("the standard start");
        for text in &played {
            fresh.play(text).expect("legal again");
        }
        let told = |g: &dyn DynGame| {
            (
                g.history(),
                g.move_list(),
                g.history_turns(),
                g.history_info(),
            )
        };
        assert_eq!(told(game.as_ref()), told(fresh.as_ref()), "{}", entry.name);
    }
}
