//! Search speed per variant: a fixed-depth search from a fixed position, table and history
//! cleared before each run so every run visits the same nodes. Criterion's throughput is then
//! nodes per second. Run: `cargo bench -p omnichess-engine --bench search`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use omnichess_core::{Records, Variant};
use omnichess_engine::eval::{ClassicEval, DiceEval, MultiverseEval, QecEval};
use omnichess_engine::{Evaluator, Limits, Search};
use omnichess_variants::{classic::Classic, dice::Dice, multiverse::Multiverse, qec::Qec};

fn bench_variant<V: Variant, E: Evaluator<V>>(
    c: &mut Criterion,
    position: &str,
    eval: E,
    depth: u32,
) {
    bench_game(
        c,
        V::from_position_text(position).expect("position"),
        eval,
        depth,
    );
}

fn bench_game<V: Variant, E: Evaluator<V>>(c: &mut Criterion, game: V, eval: E, depth: u32) {
    let mut search = Search::new(eval, 1);
    let limits = Limits::depth(depth);
    let run = |search: &mut Search<V, E>| {
        search.clear();
        search
            .search(&game, &limits, &mut |_| {})
            .expect("a player acts")
    };
    let nodes = run(&mut search).nodes;
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("{} depth {depth} ({nodes} nodes)", V::NAME), |b| {
        b.iter(|| run(&mut search))
    });
    group.finish();
}

fn searches(c: &mut Criterion) {
    bench_variant::<Classic, _>(
        c,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ClassicEval,
        6,
    );
    bench_variant::<Qec, _>(
        c,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 files",
        QecEval,
        6,
    );
    bench_variant::<Dice, _>(
        c,
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4 rolled:N",
        DiceEval,
        3,
    );
    bench_game(c, multiverse_midgame(), MultiverseEval, 1);
}

/// The last position of a 5d-chess-js game (Standard, 24 actions, eight timelines, 373 moves
/// for White): `crates/variants/tests/data/5d-chess-js/g40.5dpgn`.
fn multiverse_midgame() -> Multiverse {
    let text = include_str!("../../variants/tests/data/5d-chess-js/g40.5dpgn");
    let record = Multiverse::parse_record(text).expect("the record reads");
    Multiverse::after_record(&record).expect("the record plays")
}

criterion_group!(benches, searches);
criterion_main!(benches);
