//! The baseline agents' speed: one whole `greedy` turn in a 5D midgame and in a multiverse
//! of 77 timelines (it measures the material after every open decision, at every decision of
//! its turn; in the wide one it gives up after its 5 000 listings). Run:
//! `cargo bench -p omnichess-engine --bench agents`.

use criterion::{Criterion, criterion_group, criterion_main};
use omnichess_core::{Notation, Records};
use omnichess_engine::agents::{Agent, GreedyAgent};
use omnichess_engine::eval::MultiverseEval;
use omnichess_variants::multiverse::Multiverse;

/// The last position of a 5d-chess-js game (Standard, 24 actions, eight timelines, 373 moves
/// for White): `crates/variants/tests/data/5d-chess-js/g40.5dpgn`.
fn multiverse_midgame() -> Multiverse {
    let text = include_str!("../../variants/tests/data/5d-chess-js/g40.5dpgn");
    let record = Multiverse::parse_record(text).expect("the record reads");
    Multiverse::after_record(&record).expect("the record plays")
}

fn greedy_turn(c: &mut Criterion) {
    let game = multiverse_midgame();
    let mut group = c.benchmark_group("agents");
    group.sample_size(10);
    group.bench_function("greedy 5D turn (g40, 8 timelines)", |b| {
        b.iter(|| {
            let mut greedy = GreedyAgent::new(MultiverseEval, 7);
            greedy.choose_turn(&game)
        })
    });
    let wide = Multiverse::from_position_text(include_str!(
        "../../variants/tests/data/multiverse/many-boards.txt"
    ))
    .expect("the position");
    group.bench_function("greedy 5D turn (many-boards, 77 timelines)", |b| {
        b.iter(|| {
            let mut greedy = GreedyAgent::new(MultiverseEval, 7);
            greedy.choose_turn(&wide)
        })
    });
    group.finish();
}

criterion_group!(benches, greedy_turn);
criterion_main!(benches);
