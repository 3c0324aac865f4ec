//! Classic perft speed through the generic model, beside raw cozy-chess and shakmaty perft
//! measured in the same run. `cargo bench -p omnichess-variants --bench classic_perft`;
//! figures in docs/PERFORMANCE.md.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use omnichess_core::perft::perft;
use omnichess_core::{Game, ToAct, Variant};
use omnichess_variants::classic::Classic;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// Positions and depths: the start position and kiwipete, a few million nodes each.
const CASES: [(&str, &str, u32); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

/// Plain copy-make perft over cozy-chess, counting the last ply in bulk: the reference the
/// library's authors publish.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Classic as it was before `count_decisions_after` counted the ply above the leaves on a
/// copy: every child applied and undone through the history stack (the trait's default). Kept
/// so that the change is measured against its "before" in every run.
#[derive(Clone)]
struct ApplyUndoAtLeafParents(Classic);

impl Game for ApplyUndoAtLeafParents {
    type Decision = cozy_chess::Move;
    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }
    fn decisions(&self, out: &mut Vec<Self::Decision>) {
        self.0.decisions(out);
    }
    fn count_decisions(&self, scratch: &mut Vec<Self::Decision>) -> usize {
        self.0.count_decisions(scratch)
    }
    fn apply(&mut self, decision: Self::Decision) {
        self.0.apply(decision);
    }
    fn undo(&mut self) -> bool {
        self.0.undo()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn turn_index(&self) -> u64 {
        self.0.turn_index()
    }
}

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
