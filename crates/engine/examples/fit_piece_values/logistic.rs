//! Logistic regression by Newton's method, for the fit of piece values to game scores.

use super::{Row, WEIGHTS};

/// The logistic weights that best predict the scores (Newton's method on the cross-entropy,
/// with a small ridge so that a kind never seen gets weight 0 rather than no answer).
pub fn fit(rows: &[(&Row, f64)]) -> [f64; WEIGHTS] {
    let mut w = [0.0; WEIGHTS];
    for _ in 0..25 {
        let mut gradient = [0.0; WEIGHTS];
        let mut hessian = [[0.0; WEIGHTS]; WEIGHTS];
        for (i, row) in hessian.iter_mut().enumerate() {
            row[i] = 1e-3;
        }
        for &(x, y) in rows {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            for i in 0..WEIGHTS {
                gradient[i] += (p - y) * x[i];
                for j in 0..WEIGHTS {
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        let step = solve(hessian, gradient);
        let mut largest: f64 = 0.0;
        for (wi, s) in w.iter_mut().zip(step) {
            *wi -= s;
            largest = largest.max(s.abs());
        }
        if largest < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; WEIGHTS]; WEIGHTS], mut b: [f64; WEIGHTS]) -> [f64; WEIGHTS] {
    for col in 0..WEIGHTS {
        let pivot = (col..WEIGHTS)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (upper, lower) = a.split_at_mut(col + 1);
        let pivot_row = &upper[col];
        for (offset, row) in lower.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            for (r, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *r -= f * p;
            }
            b[col + 1 + offset] -= f * b[col];
        }
    }
    let mut x = [0.0; WEIGHTS];
    for row in (0..WEIGHTS).rev() {
        let known: f64 = (row + 1..WEIGHTS).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - known) / a[row][row];
    }
    x
}
