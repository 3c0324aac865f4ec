//! A check the variants' view tests share: over random games, the view offers exactly the
//! legal decisions, each described as the variant describes it, and draws only marks its
//! guide styles.

use omnichess_core::{ToAct, Variant};

/// Random games from `start`: in every state the view offers exactly the legal decisions,
/// each with its canonical text and its description ([`omnichess_core::Presentation::decision_info`]),
/// in order (none when chance acts or the game is over); every mark on its boards is of a
/// kind the variant's guide says how to draw.
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
            for mark in view.boards.iter().flat_map(|b| &b.marks) {
                assert!(
                    V::GUIDE.marks.iter().any(|style| style.kind == mark.kind),
                    "no style for the mark `{}` at {}",
                    mark.kind,
                    game.position_text()
                );
            }
            match game.to_act() {
                ToAct::Player(_) => {
                    let want: Vec<String> = open.iter().map(|&d| game.decision_text(d)).collect();
                    assert_eq!(texts, want, "at {}", game.position_text());
                    let infos: Vec<_> = view.moves.iter().map(|m| m.info).collect();
                    let described: Vec<_> = open.iter().map(|&d| game.decision_info(d)).collect();
                    assert_eq!(infos, described, "at {}", game.position_text());
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
