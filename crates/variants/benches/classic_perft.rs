//! Classic perft speed through the generic model, beside raw cozy-chess and shakmaty perft
//! measured in the same run. `cargo bench -p omnichess-variants --bench classic_perft`;
//! figures in docs/PERFORMANCE.md.

mod perft_peers;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use omnichess_core::Notation;
use omnichess_core::perft::perft;
use omnichess_variants::classic::Classic;
use perft_peers::{ApplyUndoAtLeafParents, CASES, cozy_perft};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("classic perft");
    group.sample_size(10);
    for (name, fen, depth) in CASES {
        let mut ours = Classic::from_position_text(fen).expect("FEN");
        let cozy: cozy_chess::Board = fen.parse().expect("FEN");
        let theirs: Chess = fen
            .parse::<Fen>()
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("position");
        let mut before = ApplyUndoAtLeafParents(ours.clone());
        let nodes = perft(&mut ours, depth);
        assert_eq!(nodes, perft(&mut before, depth));
        assert_eq!(nodes, cozy_perft(&cozy, depth));
        assert_eq!(nodes, shakmaty::perft(&theirs, depth));
        group.throughput(Throughput::Elements(nodes));
        let id = |who: &str| BenchmarkId::new(who, format!("{name} depth {depth}"));
        group.bench_function(id("omnichess generic model"), |b| {
            b.iter(|| perft(&mut ours, depth))
        });
        group.bench_function(id("omnichess before (apply/undo at leaf parents)"), |b| {
            b.iter(|| perft(&mut before, depth))
        });
        group.bench_function(id("cozy-chess raw"), |b| {
            b.iter(|| cozy_perft(&cozy, depth))
        });
        group.bench_function(id("shakmaty"), |b| {
            b.iter(|| shakmaty::perft(&theirs, depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
