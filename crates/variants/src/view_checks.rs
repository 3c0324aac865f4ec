//! A check the variants' view tests share: over random games, the view offers exactly the
//! legal decisions.

use omnichess_core::{ToAct, Variant};

/// Random games from `start`: in every state the view offers exactly the legal decisions,
/// each with its canonical text, in order (none when chance acts or the game is over).
pub(crate) fn views_offer_the_legal_decisions<V: Variant>(start: &V, seed: u64, games: usize) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut open = Vec::new();
    for _ in 0..games {
        let mut game = start.clone();
        for _ in 0..120 {
            let view = game.view();
            game.decisions(&mut open);
            let texts: Vec<String> = view.moves.iter().map(|m| m.text.clone()).collect();
            match game.to_act() {
                ToAct::Player(_) => {
                    let want: Vec<String> = open.iter().map(|&d| game.decision_text(d)).collect();
                    assert_eq!(texts, want, "at {}", game.position_text());
                    assert!(
                        view.moves
                            .iter()
                            .all(|m| m.from.is_some() == m.to.is_some())
                    );
                }
                ToAct::Chance => assert!(texts.is_empty(), "at {}", game.position_text()),
                ToAct::Nobody(_) => {
                    assert!(texts.is_empty(), "at {}", game.position_text());
                    break;
                }
            }
            game.apply(open[rng.gen_range(0..open.len())]);
        }
    }
}
