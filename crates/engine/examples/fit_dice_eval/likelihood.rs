//! The evaluation's model of a game's result, and its weights fitted by maximum likelihood.

use omnichess_engine::eval::dice::{TERMS, Terms, WIN_SCALE};

/// The fitted parameters: the terms' weights, then an offset that every position has (0 in
/// the evaluation; the first player's edge in self-play, the engine's in games against
/// another player).
pub const PARAMS: usize = TERMS + 1;

/// Weights of the terms and the offset, in centipawns (per unit).
pub type Weights = [f64; PARAMS];

/// The input of parameter `i` in `row`: a term's value, or 1 for the offset.
fn input(row: &Terms, i: usize) -> f64 {
    row.values.get(i).copied().unwrap_or(1.0)
}

/// The expected score (1 won, ½ drawn, 0 lost) as the evaluation models it, with the
/// derivative of that score by the weighted terms' x: ½ + ½ x/√(1 + x²).
fn expected(row: &Terms, weights: &Weights) -> (f64, f64) {
    let cp: f64 = (0..PARAMS).map(|i| input(row, i) * weights[i]).sum();
    let x = cp / WIN_SCALE;
    let root = (1.0 + x * x).sqrt();
    let p = (0.5 + 0.5 * x / root).clamp(1e-6, 1.0 - 1e-6);
    (p, 0.5 / (root * root * root))
}

/// The mean cross-entropy of the scores under the model with `weights` (lower is better).
pub fn loss(rows: &[(&Terms, f64)], weights: &Weights) -> f64 {
    let total: f64 = rows
        .iter()
        .map(|&(row, y)| {
            let (p, _) = expected(row, weights);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / rows.len().max(1) as f64
}

/// The weights that maximise the likelihood of the scores, by Fisher scoring from `start`
/// with a halving line search (the model is not concave everywhere); the parameters `fixed`
/// keep their weight in `start`.
pub fn fit(rows: &[(&Terms, f64)], start: Weights, fixed: &[usize]) -> Weights {
    let mut weights = start;
    let mut current = loss(rows, &weights);
    for round in 0..50 {
        let mut gradient = [0.0; PARAMS];
        let mut information = [[0.0; PARAMS]; PARAMS];
        for &(row, y) in rows {
            let (p, slope) = expected(row, &weights);
            let d = slope / WIN_SCALE;
            let spread = p * (1.0 - p);
            let slopes: Weights = std::array::from_fn(|i| d * input(row, i));
            for ((g, info), di) in gradient.iter_mut().zip(&mut information).zip(&slopes) {
                *g += (p - y) / spread * di;
                for (cell, dj) in info.iter_mut().zip(&slopes) {
                    *cell += di * dj / spread;
                }
            }
        }
        for (i, row) in information.iter_mut().enumerate() {
            row[i] = row[i] * (1.0 + 1e-9) + 1e-12;
        }
        for &i in fixed {
            gradient[i] = 0.0;
            information[i] = [0.0; PARAMS];
            for row in &mut information {
                row[i] = 0.0;
            }
            information[i][i] = 1.0;
        }
        let step = solve(information, gradient);
        let mut t = 1.0;
        loop {
            let trial: Weights = std::array::from_fn(|i| weights[i] - t * step[i]);
            let l = loss(rows, &trial);
            if l < current || t < 1e-6 {
                let gain = current - l;
                if l < current {
                    weights = trial;
                    current = l;
                }
                eprintln!("round {round}: cross-entropy {current:.6} (step {t})");
                if gain < 1e-9 {
                    return weights;
                }
                break;
            }
            t /= 2.0;
        }
    }
    weights
}

/// The factor of `weights` that maximises the likelihood of the scores (a golden-section
/// search between 1/20 and 20): how far the evaluation's scale alone is from the results'.
pub fn fit_scale(rows: &[(&Terms, f64)], weights: &Weights) -> f64 {
    let at = |log: f64| loss(rows, &weights.map(|w| w * log.exp()));
    let (mut lo, mut hi) = (-3.0_f64, 3.0_f64);
    let golden = (5.0_f64.sqrt() - 1.0) / 2.0;
    while hi - lo > 1e-4 {
        let (a, b) = (hi - golden * (hi - lo), lo + golden * (hi - lo));
        if at(a) < at(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky's method).
fn solve(a: [[f64; PARAMS]; PARAMS], b: [f64; PARAMS]) -> [f64; PARAMS] {
    let mut l = [[0.0; PARAMS]; PARAMS];
    for i in 0..PARAMS {
        for j in 0..=i {
            let sum: f64 = (0..j).map(|k| l[i][k] * l[j][k]).sum();
            l[i][j] = if i == j {
                (a[i][i] - sum).max(1e-300).sqrt()
            } else {
                (a[i][j] - sum) / l[j][j]
            };
        }
    }
    let mut y = [0.0; PARAMS];
    for i in 0..PARAMS {
        let sum: f64 = (0..i).map(|k| l[i][k] * y[k]).sum();
        y[i] = (b[i] - sum) / l[i][i];
    }
    let mut x = [0.0; PARAMS];
    for i in (0..PARAMS).rev() {
        let sum: f64 = (i + 1..PARAMS).map(|k| l[k][i] * x[k]).sum();
        x[i] = (y[i] - sum) / l[i][i];
    }
    x
}
