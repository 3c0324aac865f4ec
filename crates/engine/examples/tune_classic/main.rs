//! Fits classic chess's evaluation weights (`crates/engine/src/eval/classic_weights.rs`) to
//! Stockfish's scores of quiet positions (docs/ENGINE.md, "Evaluation").
//!
//! Three steps, each reading the one before's file:
//!
//! 1. `generate OUT [POSITIONS] [NODES] [JOBS] [SEED] [KEEP]`: the engine plays itself at
//!    NODES per move (1 000 by default) after 8 random plies, one move in 30 random besides;
//!    one in KEEP (4) of the positions the engine searched that are out of check and whose
//!    best move is quiet is kept as a FEN line, until POSITIONS (200 000).
//! 2. `label IN OUT STOCKFISH [DEPTH] [JOBS]`: STOCKFISH (a UCI engine's path) searches each
//!    position to DEPTH (8); the quiet ones (its best move neither captures nor promotes, no
//!    mate found) are written as `FEN<TAB>score`, the score in centipawns from White's view.
//!
//!    `label-static IN OUT STOCKFISH [JOBS]` instead writes Stockfish's static evaluation of
//!    every position out of check (its `eval` command; about 4 000 positions a second per
//!    process against 130 at depth 7), for data by the million.
//! 3. `fit IN OUT.rs [EPOCHS]`: the weights that make the evaluation's win expectancy,
//!    1 / (1 + 10^(−score/400)), closest to Stockfish's (mean squared error, plus a small pull
//!    towards the weights compiled in, so that terms the data hardly sees keep their values),
//!    by Adam over the whole set; written as the Rust source of `classic_weights.rs`.
//!
//! Instead of step 3, `fit-net IN OUT.bin [EPOCHS] [on-terms | FROM.bin]` trains a network
//! (768 inputs per side's view in each of four king sets, `HIDDEN` neurons each, eight output
//! layers by piece count) on the same scores and writes its 16-bit integer weights (`net.rs`;
//! the integer form is the engine's `eval::classic_net`), from random weights or from the
//! network file FROM.bin (one of a single king set is copied into every set). The network compiled in came from five rounds of
//! `generate` and `label-static` (the last: `generate pos.fen 7000000 200 2 45 3`, played by
//! the network before it and stopped at 4 M positions), their files concatenated, and
//! `fit-net lab31.tsv net.bin 14`, then five passes with king sets from that network
//! (docs/ENGINE.md, "Evaluation").
//!
//! `cargo run --release -p omnichess-engine --features tools --example tune_classic -- STEP …`

mod fit;
mod generate;
mod label;
mod net;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let number = |i: usize, default: u64| arg(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let done = match (arg(0), arg(1), arg(2)) {
        (Some("generate"), Some(out), _) => generate::run(
            out,
            &generate::Plan {
                positions: number(2, 200_000),
                nodes: number(3, 1_000),
                jobs: number(4, 2),
                seed: number(5, 1),
                keep: number(6, 4),
            },
        ),
        (Some("label"), Some(input), Some(out)) => match arg(3) {
            Some(stockfish) => {
                let depth = label::Scoring::Depth(number(4, 8));
                label::run(input, out, stockfish, depth, number(5, 2))
            }
            None => Err("label needs IN OUT STOCKFISH".into()),
        },
        (Some("label-static"), Some(input), Some(out)) => match arg(3) {
            Some(stockfish) => {
                label::run(input, out, stockfish, label::Scoring::Static, number(4, 2))
            }
            None => Err("label-static needs IN OUT STOCKFISH".into()),
        },
        (Some("fit"), Some(input), Some(out)) => fit::run(input, out, number(3, 2_000)),
        (Some("fit-net"), Some(input), Some(out)) => {
            let start = match arg(4) {
                None => net::Start::Random,
                Some("on-terms") => net::Start::OnTerms,
                Some(path) => net::Start::From(path),
            };
            net::run(input, out, number(3, 30), &start)
        }
        _ => Err(
            "usage: tune_classic generate OUT [POSITIONS] [NODES] [JOBS] [SEED] [KEEP] | \
                  label IN OUT STOCKFISH [DEPTH] [JOBS] | label-static IN OUT STOCKFISH [JOBS] | \
                  fit IN OUT.rs [EPOCHS] | \
                  fit-net IN OUT.bin [EPOCHS] [on-terms | FROM.bin]"
                .into(),
        ),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tune_classic: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A step's failure, as text.
pub type Failure = Box<dyn std::error::Error>;
