//! Speed of the variants built on classic chess (QEC, Die Chess), of Three Realms and DMChess beside
//! classic perft through the same generic model in the same run, and of 5D Chess action
//! counting.
//! `cargo bench -p omnichess-variants --bench variants_perft`; figures in docs/PERFORMANCE.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use omnichess_core::perft::perft;
use omnichess_core::{Counting, Notation, Records, Variant};
use omnichess_variants::classic::Classic;
use omnichess_variants::dice::Dice;
use omnichess_variants::dmchess::DmChess;
use omnichess_variants::multiverse::Multiverse;
use omnichess_variants::qec::Qec;
use omnichess_variants::realms::Realms;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("variants");
    group.sample_size(10);

    let mut classic = Classic::start();
    let n = perft(&mut classic, 4);
    group.throughput(Throughput::Elements(n));
    group.bench_function("classic perft 4 (reference)", |b| {
        b.iter(|| perft(&mut classic, 4))
    });

    let mut qec_classic = Qec::from_position_text(&format!("{START} -")).expect("position");
    assert_eq!(perft(&mut qec_classic, 4), n);
    group.bench_function("qec without links perft 4 (same tree)", |b| {
        b.iter(|| perft(&mut qec_classic, 4))
    });

    let mut qec = Qec::start();
    group.throughput(Throughput::Elements(perft(&mut qec, 4)));
    group.bench_function("qec file mapping perft 4", |b| {
        b.iter(|| perft(&mut qec, 4))
    });

    let mut dice = Dice::start();
    group.throughput(Throughput::Elements(perft(&mut dice, 6)));
    group.bench_function("dice perft 6", |b| b.iter(|| perft(&mut dice, 6)));

    let mut realms = Realms::start();
    group.throughput(Throughput::Elements(perft(&mut realms, 3)));
    group.bench_function("realms perft 3", |b| b.iter(|| perft(&mut realms, 3)));

    let mut dmchess = DmChess::start();
    group.throughput(Throughput::Elements(perft(&mut dmchess, 2)));
    group.bench_function("dmchess perft 2", |b| b.iter(|| perft(&mut dmchess, 2)));

    let game = "[Board \"Standard\"]\n1. e3 / Nf6\n2. Bb5 / e6\n3. c3 / Ne4\n4. Qb3 / Qf6\n\
                5. (0T5)Qb3>>x(0T1)f7~ (>L1) / (1T1)Kxf7\n6. (1T2)Nf3 / (1T2)e6\n";
    let record = Multiverse::parse_record(game).expect("record");
    let mut five = Multiverse::after_record(&record).expect("the record plays");
    group.throughput(Throughput::Elements(1));
    group.bench_function("multiverse actions, two timelines (cap 1000)", |b| {
        b.iter(|| five.count_turns(1000))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
