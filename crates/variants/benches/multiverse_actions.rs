//! 5D Chess action counting over every position of every reference game
//! (`tests/data/multiverse/cwmtt`, capped at 1000 as the reference counts are), the
//! other public games (more cwmtt games and ftxi's, in a group of their own so the twelve
//! games' figure stays comparable); and the listing of one
//! wide position's decisions.
//! `cargo bench -p omnichess-variants --bench multiverse_actions`; figures in
//! docs/PERFORMANCE.md.

use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use omnichess_core::{Game, Notation, Records};
use omnichess_variants::multiverse::Multiverse;

/// The position at the start of every turn of a game file (a path under
/// `tests/data/multiverse/`).
fn positions(file: &str) -> Vec<Multiverse> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/multiverse")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("TEST DATA MISSING: cannot read {} ({e})", path.display()));
    let record = Multiverse::parse_record(&text).expect("the record reads");
    let mut out = Vec::new();
    Multiverse::replay_record(&record, &mut |game| out.push(game.clone())).expect("legal");
    out
}

const GAMES: [&str; 12] = [
    "cwmtt/JustKings.5dpgn",
    "cwmtt/NP.5dpgn",
    "cwmtt/NP0.5dpgn",
    "cwmtt/another.5dpgn",
    "cwmtt/chessin5d-illegal-move-example.5dpgn",
    "cwmtt/ctp1.5dpgn",
    "cwmtt/ctp2.5dpgn",
    "cwmtt/futures.5dpgn",
    "cwmtt/small.5dpgn",
    "cwmtt/smallTest.5dpgn",
    "cwmtt/standard.5dpgn",
    "cwmtt/wide.5dpgn",
];

/// The public games copied beside them (their notices name the sources), but
/// `100_timelines`, whose counting takes minutes today.
const MORE_GAMES: [&str; 12] = [
    "cwmtt/exiledKings.5dpgn",
    "cwmtt/niceAndrey.5dpgn",
    "cwmtt/silly.5dpgn",
    "cwmtt/tesseractMageOChicken.5dpgn",
    "cwmtt/test1.5dpgn",
    "cwmtt/manyChecks.5dpgn",
    "cwmtt/many2.5dpgn",
    "cwmtt/brawnsPuzzles-another.5dpgn",
    "ftxi/number1.5dpgn",
    "ftxi/softmate.5dpgn",
    "ftxi/verysmall.5dpgn",
    "ftxi/futures.5dpgn",
];

/// Actions counted at every position of `list`, each capped at 1000.
fn count_all(list: &[Multiverse]) -> u64 {
    list.iter().map(|p| p.clone().count_actions(1000)).sum()
}

/// One benchmark group: every game's positions together, then each game alone.
fn bench_games(c: &mut Criterion, group_name: &str, all_name: &str, files: &[&str]) {
    let mut group = c.benchmark_group(group_name);
    group.sample_size(10);
    let games: Vec<(&str, Vec<Multiverse>)> = files.iter().map(|g| (*g, positions(g))).collect();
    group.bench_function(all_name, |b| {
        b.iter(|| games.iter().map(|(_, list)| count_all(list)).sum::<u64>())
    });
    for (name, list) in &games {
        let short = name.rsplit('/').next().unwrap_or(name);
        group.bench_function(short, |b| b.iter(|| count_all(list)));
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    bench_games(
        c,
        "multiverse actions",
        "all 12 games, every position",
        &GAMES,
    );
    bench_games(
        c,
        "multiverse actions, more public games",
        "all 12 more games, every position",
        &MORE_GAMES,
    );
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
