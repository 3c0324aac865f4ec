//! Step 3: the weights fitted to the scores, written as `classic_weights.rs`.

use std::fmt::Write as _;

use cozy_chess::Board;
use omnichess_engine::eval::classic_terms::{self, TERMS};
use omnichess_engine::eval::classic_weights::WEIGHTS;
use omnichess_engine::eval::material::{self, Pieces};

use super::Failure;

/// The pull towards the compiled-in weights, per squared centipawn.
const PULL: f64 = 1e-8;

/// One position: its terms' counts, its phase (1 = middlegame), the fixed part of its score
/// (the mop-up) and Stockfish's score.
struct Sample {
    counts: Vec<(u16, i16)>,
    middle: f64,
    fixed: f64,
    target: f64,
}

/// Win expectancy of a score in centipawns.
fn expectancy(score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-score / 400.0))
}

/// Fits the weights to `input`'s scores over `epochs` passes and writes them to `out`.
pub fn run(input: &str, out: &str, epochs: u64) -> Result<(), Failure> {
    let samples: Vec<Sample> = super::label::read(input)?
        .iter()
        .map(|(_, board, target)| sample(board, *target))
        .collect();
    // Every tenth position is held out, to check that the fit predicts positions it has not seen.
    let (train, test): (Vec<_>, Vec<_>) = samples
        .into_iter()
        .enumerate()
        .partition(|(i, _)| i % 10 != 0);
    let train: Vec<Sample> = train.into_iter().map(|s| s.1).collect();
    let test: Vec<Sample> = test.into_iter().map(|s| s.1).collect();
    let start: Vec<[f64; 2]> = WEIGHTS
        .iter()
        .map(|&(m, e)| [f64::from(m), f64::from(e)])
        .collect();
    eprintln!(
        "{} positions to fit, {} held out; error before: {:.6} / {:.6}",
        train.len(),
        test.len(),
        error(&train, &start),
        error(&test, &start)
    );
    let fitted = adam(&train, &start, epochs);
    let rounded: Vec<[f64; 2]> = fitted
        .iter()
        .map(|w| [w[0].round(), w[1].round()])
        .collect();
    eprintln!(
        "error after: {:.6} / {:.6} (rounded weights)",
        error(&train, &rounded),
        error(&test, &rounded)
    );
    std::fs::write(out, source(&rounded, input, train.len() + test.len()))?;
    eprintln!("written to {out}");
    Ok(())
}

/// The sample of `board` scored `target`.
fn sample(board: &Board, target: f64) -> Sample {
    let pieces = Pieces::new(|c, p| board.colored_pieces(c, p));
    let mut counts = Vec::with_capacity(48);
    let rights = omnichess_engine::eval::classic::rights(board);
    classic_terms::terms(&pieces, rights, |term, count| {
        if count != 0 {
            counts.push((term as u16, count as i16));
        }
    });
    let phase = material::phase(&pieces);
    Sample {
        counts,
        middle: f64::from(phase) / 24.0,
        fixed: f64::from(material::mop_up(&pieces, phase)),
        target: expectancy(target),
    }
}

/// The evaluation of `s` with `weights`.
fn evaluate(s: &Sample, weights: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(term, count) in &s.counts {
        let w = weights[usize::from(term)];
        mg += f64::from(count) * w[0];
        eg += f64::from(count) * w[1];
    }
    mg * s.middle + eg * (1.0 - s.middle) + s.fixed
}

/// The mean squared difference of win expectancies.
fn error(samples: &[Sample], weights: &[[f64; 2]]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (expectancy(evaluate(s, weights)) - s.target).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// Adam over the whole set, `epochs` steps from `start`.
fn adam(samples: &[Sample], start: &[[f64; 2]], epochs: u64) -> Vec<[f64; 2]> {
    let (rate, b1, b2) = (1.0, 0.9, 0.999);
    let mut w = start.to_vec();
    let mut m = vec![[0.0; 2]; TERMS];
    let mut v = vec![[0.0; 2]; TERMS];
    let slope = 10f64.ln() / 400.0;
    let n = samples.len().max(1) as f64;
    for epoch in 1..=epochs {
        let mut g = vec![[0.0; 2]; TERMS];
        for s in samples {
            let p = expectancy(evaluate(s, &w));
            let d = 2.0 * (p - s.target) * slope * p * (1.0 - p) / n;
            for &(term, count) in &s.counts {
                let c = f64::from(count) * d;
                let gi = &mut g[usize::from(term)];
                gi[0] += c * s.middle;
                gi[1] += c * (1.0 - s.middle);
            }
        }
        for t in 0..TERMS {
            for k in 0..2 {
                let grad = g[t][k] + 2.0 * PULL * (w[t][k] - start[t][k]);
                m[t][k] = b1 * m[t][k] + (1.0 - b1) * grad;
                v[t][k] = b2 * v[t][k] + (1.0 - b2) * grad * grad;
                let mh = m[t][k] / (1.0 - b1.powi(epoch as i32));
                let vh = v[t][k] / (1.0 - b2.powi(epoch as i32));
                w[t][k] -= rate * mh / (vh.sqrt() + 1e-12);
            }
        }
        if epoch.is_multiple_of(100) {
            eprintln!("epoch {epoch}: error {:.6}", error(samples, &w));
        }
    }
    w
}

/// The Rust source of `classic_weights.rs` holding `weights`.
fn source(weights: &[[f64; 2]], input: &str, positions: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "//! The weights of classic chess's evaluation terms (classic_terms.rs), as (middlegame,\n\
         //! endgame) pairs in centipawns, in the order of the terms.\n\
         //!\n\
         //! Written by `tune_classic fit` (crates/engine/examples/tune_classic) from {positions}\n\
         //! quiet positions scored by Stockfish ({}); docs/ENGINE.md, \"Classic's evaluation\n\
         //! fitted\", tells how they were made.\n\
         \n\
         use super::classic_terms::TERMS;\n\
         \n\
         /// Each term's (middlegame, endgame) weight.\n\
         #[rustfmt::skip]\n\
         pub const WEIGHTS: [(i16, i16); TERMS] = [",
        std::path::Path::new(input)
            .file_name()
            .map_or(String::new(), |f| f.to_string_lossy().into_owned())
    );
    let pair = |w: &[f64; 2]| format!("({}, {}),", w[0] as i16, w[1] as i16);
    for (p, name) in ["pawn", "knight", "bishop", "rook", "queen", "king"]
        .iter()
        .enumerate()
    {
        let _ = writeln!(s, "    // {name}, a1..h8 from its own side");
        for rank in 0..8 {
            let row: Vec<String> = (0..8)
                .map(|f| pair(&weights[p * 64 + rank * 8 + f]))
                .collect();
            let _ = writeln!(s, "    {}", row.join(" "));
        }
    }
    use classic_terms as t;
    let rows = [
        (
            "mobility: knight, bishop, rook, queen",
            t::MOBILITY,
            t::PASSED,
        ),
        ("passed pawns on ranks 2 to 7", t::PASSED, t::ISOLATED),
        (
            "isolated, doubled, bishop pair, rook open, rook half-open, king shield, king danger",
            t::ISOLATED,
            t::TEMPO,
        ),
        (
            "tempo, passed pawns' enemy and own king distances",
            t::TEMPO,
            t::THREATENED,
        ),
        (
            "threatened, rook on the seventh, outpost, open files by the king, supported pawns",
            t::THREATENED,
            t::CASTLE_SHORT,
        ),
        (
            "castling short and long, king attack units",
            t::CASTLE_SHORT,
            TERMS,
        ),
    ];
    for (title, from, to) in rows {
        let row: Vec<String> = weights[from..to].iter().map(pair).collect();
        let _ = writeln!(s, "    // {title}\n    {}", row.join(" "));
    }
    s.push_str("];\n");
    s
}
