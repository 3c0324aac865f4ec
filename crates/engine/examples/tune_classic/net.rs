//! Step 3, a network instead: `fit-net IN OUT.bin [EPOCHS] [on-terms]` trains an evaluation
//! network ([`classic_net`](omnichess_engine::eval::classic_net)) on the labelled positions and writes its weights, quantised,
//! in the layout [`Network::from_bytes`] reads; with `on-terms` the network learns what the
//! weighted terms miss (its output is added to theirs).
//!
//! The loss is the squared difference of win expectancies, as the weights' fit has it; the
//! weights are clipped to ±1.98 so that the quantised first layer cannot overflow 16 bits.
//! Every tenth block of 2 000 positions (whole games, mostly) is held out; the error of the evaluation compiled in (the weighted
//! terms) on the same positions is printed beside the network's.

use cozy_chess::{Board, Color, Piece};
use omnichess_engine::eval::material::{self, Pieces};
use omnichess_engine::eval::{classic, classic_terms};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::Failure;
use omnichess_engine::eval::classic_net::{
    BUCKETS, HIDDEN, INPUTS, Network, PIECE_INPUTS, Perspective, QA, QB, SCALE, bucket,
};

/// Positions per step of Adam.
const BATCH: usize = 4096;

/// The largest weight (so that `QA` × 1.98 × 33 inputs fits in an `i16`).
const CLIP: f32 = 1.98;

/// One labelled position: the side to move, its inputs in both views and Stockfish's win
/// expectancy for the side to move.
struct Sample {
    white_to_move: bool,
    /// White's view's inputs, then as many of Black's.
    inputs: Vec<u16>,
    /// The output layer that scores it ([`bucket`]).
    bucket: u8,
    target: f32,
    /// The weighted terms' score for the side to move (centipawns / 400) when the network
    /// learns what they miss; 0 when it learns alone.
    base: f32,
}

/// The network's weights in floating point (the units of the quantised file divided by its
/// scales).
#[derive(Clone)]
struct Weights {
    rows: Vec<f32>,
    bias: Vec<f32>,
    /// Each bucket's output weights (`2 × HIDDEN`, the side to move's first), bucket after
    /// bucket.
    out: Vec<f32>,
    out_bias: Vec<f32>,
}

impl Weights {
    fn zero() -> Weights {
        Weights {
            rows: vec![0.0; INPUTS * HIDDEN],
            bias: vec![0.0; HIDDEN],
            out: vec![0.0; BUCKETS * 2 * HIDDEN],
            out_bias: vec![0.0; BUCKETS],
        }
    }

    fn random(rng: &mut StdRng) -> Weights {
        let mut w = Weights::zero();
        for x in &mut w.rows {
            *x = rng.gen_range(-0.15..0.15);
        }
        for x in &mut w.out {
            *x = rng.gen_range(-0.1..0.1);
        }
        w
    }

    /// The weights of the network file at `path`, in floating point; a file of one king set
    /// has its first layer copied into every set.
    fn read(path: &str) -> Result<Weights, Failure> {
        let bytes = std::fs::read(path)?;
        let tail = 2 * (HIDDEN + BUCKETS * 2 * HIDDEN) + 4 * BUCKETS;
        let row_bytes = 2 * HIDDEN;
        let rows = bytes.len().saturating_sub(tail) / row_bytes;
        if rows * row_bytes + tail != bytes.len() || (rows != INPUTS && rows != PIECE_INPUTS) {
            return Err(format!(
                "{path}: {} bytes is no network of {HIDDEN} neurons",
                bytes.len()
            )
            .into());
        }
        let words: Vec<f32> = bytes[..bytes.len() - 4 * BUCKETS]
            .chunks_exact(2)
            .map(|pair| f32::from(i16::from_le_bytes([pair[0], pair[1]])))
            .collect();
        let (first, rest) = words.split_at(rows * HIDDEN);
        let (bias, out) = rest.split_at(HIDDEN);
        let mut w = Weights::zero();
        for (set, row) in w
            .rows
            .chunks_exact_mut(first.len())
            .zip(std::iter::repeat(first))
        {
            set.iter_mut()
                .zip(row)
                .for_each(|(x, &q)| *x = q / QA as f32);
        }
        w.bias
            .iter_mut()
            .zip(bias)
            .for_each(|(x, &q)| *x = q / QA as f32);
        w.out
            .iter_mut()
            .zip(out)
            .for_each(|(x, &q)| *x = q / QB as f32);
        let out_bias = bytes[bytes.len() - 4 * BUCKETS..].chunks_exact(4);
        for (x, word) in w.out_bias.iter_mut().zip(out_bias) {
            let q = i32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            *x = q as f32 / (QA * QB) as f32;
        }
        Ok(w)
    }

    /// Every parameter in one order, for Adam.
    fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.rows
            .iter_mut()
            .chain(&mut self.bias)
            .chain(&mut self.out)
            .chain(&mut self.out_bias)
    }

    fn add(&mut self, other: &Weights) {
        for (a, b) in self.params_mut().zip(other.params()) {
            *a += b;
        }
    }

    fn params(&self) -> impl Iterator<Item = f32> + '_ {
        self.rows
            .iter()
            .chain(&self.bias)
            .chain(&self.out)
            .chain(&self.out_bias)
            .copied()
    }
}

impl Sample {
    /// The inputs of White's view and of Black's.
    fn views(&self) -> (&[u16], &[u16]) {
        self.inputs.split_at(self.inputs.len() / 2)
    }
}

/// Where a training starts.
pub enum Start<'a> {
    /// Random weights, learning alone.
    Random,
    /// Random weights learning what the weighted terms miss (the network's output is added to
    /// theirs).
    OnTerms,
    /// The weights of a network file, at half the learning rate: this layout's, or one of a
    /// single king set (an older layout) whose first layer is copied into every set.
    From(&'a str),
}

/// Trains on `input` for `epochs` passes from `start` and writes the quantised weights to
/// `out`.
pub fn run(input_file: &str, out: &str, epochs: u64, start: &Start) -> Result<(), Failure> {
    let on_terms = matches!(start, Start::OnTerms);
    let mut train = Vec::new();
    let mut test = Vec::new();
    let mut test_fens = Vec::new();
    let mut baseline = 0.0;
    for (n, (fen, board, white)) in super::label::read(input_file)?.into_iter().enumerate() {
        let mut sample = sample(&board, white as f32);
        // Every tenth block of 2 000 lines is held out: a game's positions stand together in
        // the file, and a position one move from a training position says little.
        let held_out = (n / 2_000) % 10 == 0;
        // The weighted terms' score, needed for the held-out baseline and under `on-terms`.
        let terms = (held_out || on_terms).then(|| {
            let pieces = Pieces::new(|c, p| board.colored_pieces(c, p));
            let phase = material::phase(&pieces);
            let terms = classic_terms::score(&pieces, classic::rights(&board), phase)
                + material::mop_up(&pieces, phase);
            let terms = if sample.white_to_move { terms } else { -terms };
            terms as f32 / SCALE as f32
        });
        if on_terms {
            sample.base = terms.unwrap_or(0.0);
        }
        if let (true, Some(terms)) = (held_out, terms) {
            baseline += f64::from((expectancy(terms) - sample.target).powi(2));
            test.push(sample);
            test_fens.push(fen);
        } else {
            train.push(sample);
        }
    }
    eprintln!(
        "{} positions to train on, {} held out; the weighted terms' error there: {:.6}",
        train.len(),
        test.len(),
        baseline / test.len().max(1) as f64
    );
    let mut rng = StdRng::seed_from_u64(22);
    let (mut weights, peak) = match start {
        Start::From(path) => {
            let weights = Weights::read(path)?;
            eprintln!("{path}'s error there: {:.6}", error(&weights, &test));
            (weights, 0.5e-3)
        }
        _ => (Weights::random(&mut rng), 1e-3),
    };
    let mut adam = Adam::new();
    let steps_per_epoch = train.len().div_ceil(BATCH);
    let total = epochs as usize * steps_per_epoch;
    let mut order: Vec<usize> = (0..train.len()).collect();
    for epoch in 0..epochs as usize {
        order.shuffle(&mut rng);
        for (k, batch) in order.chunks(BATCH).enumerate() {
            let step = epoch * steps_per_epoch + k;
            // The rate falls by a cosine from its peak to a tenth of it.
            let progress = step as f32 / total.max(1) as f32;
            let rate = peak * (0.1 + 0.9 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
            let gradient = gradient(&weights, &train, batch);
            adam.step(&mut weights, &gradient, rate, batch.len());
        }
        eprintln!(
            "epoch {}: error {:.6} (training {:.6})",
            epoch + 1,
            error(&weights, &test),
            error(&weights, &train[..train.len().min(50_000)])
        );
    }
    let bytes = quantised(&weights);
    std::fs::write(out, &bytes)?;
    eprintln!("written to {out}");
    // The integer network must say what the floating-point one says.
    let network = Network::from_bytes(&bytes)?;
    let mut gap = 0.0;
    for (s, fen) in test.iter().zip(&test_fens).take(10_000) {
        let board: Board = fen.parse().map_err(|_| "a held-out FEN no longer reads")?;
        let float = output(&weights, &hidden(&weights, s), s.bucket) * SCALE as f32;
        let white = if s.white_to_move { float } else { -float };
        gap += f64::from((network.evaluate(&board) as f32 - white).abs());
    }
    let gap = gap / test.len().clamp(1, 10_000) as f64;
    eprintln!("quantised against floating point: {gap:.2} centipawns apart on average");
    if gap > 5.0 {
        return Err("the integer network strays from the trained one: a quantisation bug".into());
    }
    Ok(())
}

/// The sample of `board`, scored `white` centipawns from White's view.
fn sample(board: &Board, white: f32) -> Sample {
    let mut inputs = Vec::with_capacity(64);
    for view in Color::ALL {
        let seen = Perspective::new(view, board.king(view));
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in board.colored_pieces(color, piece) {
                    inputs.push(seen.input(color, piece, square) as u16);
                }
            }
        }
    }
    let white_to_move = board.side_to_move() == Color::White;
    let mover = if white_to_move { white } else { -white };
    Sample {
        white_to_move,
        bucket: bucket(board.occupied().len()) as u8,
        inputs,
        target: expectancy(mover / SCALE as f32),
        base: 0.0,
    }
}

/// Win expectancy of an output (centipawns / 400).
fn expectancy(output: f32) -> f32 {
    1.0 / (1.0 + 10f32.powf(-output))
}

/// The first layer of both views: (side to move's, other's).
fn hidden(w: &Weights, s: &Sample) -> ([f32; HIDDEN], [f32; HIDDEN]) {
    let mut white = [0f32; HIDDEN];
    let mut black = [0f32; HIDDEN];
    white.copy_from_slice(&w.bias);
    black.copy_from_slice(&w.bias);
    let (white_inputs, black_inputs) = s.views();
    for (view, inputs) in [(&mut white, white_inputs), (&mut black, black_inputs)] {
        for &i in inputs {
            let row = &w.rows[usize::from(i) * HIDDEN..][..HIDDEN];
            view.iter_mut().zip(row).for_each(|(a, r)| *a += r);
        }
    }
    if s.white_to_move {
        (white, black)
    } else {
        (black, white)
    }
}

/// The network's output for the side to move (centipawns / 400) by the output layer
/// `bucket`.
fn output(w: &Weights, views: &([f32; HIDDEN], [f32; HIDDEN]), bucket: u8) -> f32 {
    let (own, other) = views;
    let b = usize::from(bucket);
    let out = &w.out[b * 2 * HIDDEN..][..2 * HIDDEN];
    let mut y = w.out_bias[b];
    for j in 0..HIDDEN {
        y += own[j].clamp(0.0, 1.0) * out[j] + other[j].clamp(0.0, 1.0) * out[HIDDEN + j];
    }
    y
}

/// Mean squared error of the win expectancies over `samples`.
fn error(w: &Weights, samples: &[Sample]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let y = output(w, &hidden(w, s), s.bucket);
            f64::from((expectancy(s.base + y) - s.target).powi(2))
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The loss's gradient summed over `batch` (indices into `samples`), on two threads.
fn gradient(w: &Weights, samples: &[Sample], batch: &[usize]) -> Weights {
    let halves = batch.split_at(batch.len() / 2);
    let (mut a, b) = std::thread::scope(|scope| {
        let other = scope.spawn(|| part_gradient(w, samples, halves.1));
        let mine = part_gradient(w, samples, halves.0);
        (mine, other.join())
    });
    if let Ok(b) = b {
        a.add(&b);
    }
    a
}

fn part_gradient(w: &Weights, samples: &[Sample], batch: &[usize]) -> Weights {
    let mut g = Weights::zero();
    let ln10 = std::f32::consts::LN_10;
    for &n in batch {
        let s = &samples[n];
        let views = hidden(w, s);
        let p = expectancy(s.base + output(w, &views, s.bucket));
        let dy = 2.0 * (p - s.target) * p * (1.0 - p) * ln10;
        let b = usize::from(s.bucket);
        g.out_bias[b] += dy;
        let out = &w.out[b * 2 * HIDDEN..][..2 * HIDDEN];
        let g_out = &mut g.out[b * 2 * HIDDEN..][..2 * HIDDEN];
        let mut d_white = [0f32; HIDDEN];
        let mut d_black = [0f32; HIDDEN];
        {
            let (d_own, d_other) = if s.white_to_move {
                (&mut d_white, &mut d_black)
            } else {
                (&mut d_black, &mut d_white)
            };
            for j in 0..HIDDEN {
                let (h, k) = (views.0[j], views.1[j]);
                g_out[j] += dy * h.clamp(0.0, 1.0);
                g_out[HIDDEN + j] += dy * k.clamp(0.0, 1.0);
                if h > 0.0 && h < 1.0 {
                    d_own[j] = dy * out[j];
                }
                if k > 0.0 && k < 1.0 {
                    d_other[j] = dy * out[HIDDEN + j];
                }
            }
        }
        for j in 0..HIDDEN {
            g.bias[j] += d_white[j] + d_black[j];
        }
        let (white_inputs, black_inputs) = s.views();
        for (d, inputs) in [(&d_white, white_inputs), (&d_black, black_inputs)] {
            for &i in inputs {
                let row = &mut g.rows[usize::from(i) * HIDDEN..][..HIDDEN];
                row.iter_mut().zip(d).for_each(|(a, d)| *a += d);
            }
        }
    }
    g
}

/// Adam's moments.
struct Adam {
    m: Weights,
    v: Weights,
    t: i32,
}

impl Adam {
    fn new() -> Adam {
        Adam {
            m: Weights::zero(),
            v: Weights::zero(),
            t: 0,
        }
    }

    /// One step with the summed gradient `g` of `n` positions.
    fn step(&mut self, w: &mut Weights, g: &Weights, rate: f32, n: usize) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        let scale = 1.0 / n.max(1) as f32;
        let moments = self.m.params_mut().zip(self.v.params_mut());
        for ((x, g), (m, v)) in w.params_mut().zip(g.params()).zip(moments) {
            let g = g * scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *x -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *x = x.clamp(-CLIP, CLIP);
        }
    }
}

/// The weights in the layout [`Network::from_bytes`] reads.
fn quantised(w: &Weights) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut push = |x: f32, q: i32| {
        let v = (x * q as f32).round() as i16;
        bytes.extend_from_slice(&v.to_le_bytes());
    };
    for &x in w.rows.iter().chain(&w.bias) {
        push(x, QA);
    }
    for &x in &w.out {
        push(x, QB);
    }
    for &b in &w.out_bias {
        let out_bias = (b * (QA * QB) as f32).round() as i32;
        bytes.extend_from_slice(&out_bias.to_le_bytes());
    }
    bytes
}
