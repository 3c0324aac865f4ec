//! 5D Chess action counting over every position of every reference game
//! (`tests/data/multiverse/cwmtt`, capped at 1000 as the reference counts are), the
//! figure issue 5 asks for; and the listing of one wide position's decisions.
//! `cargo bench -p omnichess-variants --bench multiverse_actions`; figures in
//! docs/PERFORMANCE.md.

use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use omnichess_core::{Game, Variant};
use omnichess_variants::multiverse::Multiverse;

/// The position at the start of every turn of a game file.
fn positions(file: &str) -> Vec<Multiverse> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/multiverse/cwmtt")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("TEST DATA MISSING: cannot read {} ({e})", path.display()));
    let record = Multiverse::parse_record(&text).expect("the record reads");
    let mut game = match record.start.as_deref() {
        Some(start) => Multiverse::from_position_text(start).expect("start"),
        None => Multiverse::start(),
    };
    let mut out = vec![game.clone()];
    for d in &record.decisions {
        let decision = game.parse_decision(&d.text).expect("legal");
        let turn = game.turn_index();
        game.apply(decision);
        if game.turn_index() != turn {
            out.push(game.clone());
        }
    }
    out
}

const GAMES: [&str; 12] = [
    "JustKings.5dpgn",
    "NP.5dpgn",
    "NP0.5dpgn",
    "another.5dpgn",
    "chessin5d-illegal-move-example.5dpgn",
    "ctp1.5dpgn",
    "ctp2.5dpgn",
    "futures.5dpgn",
    "small.5dpgn",
    "smallTest.5dpgn",
    "standard.5dpgn",
    "wide.5dpgn",
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("multiverse actions");
    group.sample_size(10);
    let games: Vec<(&str, Vec<Multiverse>)> = GAMES.iter().map(|g| (*g, positions(g))).collect();
    let count_all =
        |list: &[Multiverse]| -> u64 { list.iter().map(|p| p.clone().count_actions(1000)).sum() };
    group.bench_function("all 12 games, every position", |b| {
        b.iter(|| games.iter().map(|(_, list)| count_all(list)).sum::<u64>())
    });
    for (name, list) in &games {
        group.bench_function(*name, |b| b.iter(|| count_all(list)));
    }
    group.finish();
    // Listing the decisions of one wide position (18 timelines, 16 playable boards, 715
    // moves, most of them time travel), the engine's inner loop.
    let wide =
        Multiverse::from_position_text(include_str!("../tests/data/multiverse/wide-check.txt"))
            .expect("the position reads");
    let mut list = Vec::new();
    c.bench_function("multiverse decisions: wide-check (715 moves)", |b| {
        b.iter(|| {
            wide.decisions(&mut list);
            list.len()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
