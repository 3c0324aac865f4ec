//! The regression behind `lab values`: a logistic regression of a result in 0..1 (a draw ½)
//! on a few covariates, by Newton's method with a small ridge on the weights, and its
//! cluster-robust covariance — the sandwich H⁻¹ (Σ_clusters s sᵀ) H⁻¹, H the information and
//! s a cluster's score vector — so that samples of one game, which share its result, count
//! as one game's worth of evidence however many they are.

/// Ridge on the weights (not the intercept): keeps kinds that always trade together solvable.
const RIDGE: f64 = 1e-3;

/// One sample: its cluster (the game), its covariates (the first is the intercept's 1), its
/// result.
pub type Row = (usize, Vec<f64>, f64);

/// The fitted coefficients and their covariance.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The intercept, then each covariate's weight.
    pub beta: Vec<f64>,
    /// Their cluster-robust covariance.
    pub covariance: Vec<Vec<f64>>,
}

impl Fit {
    /// The fit to `rows` (clustered by their first field, rows of a cluster adjacent) with
    /// `dim` coefficients; `None` when the information cannot be inverted.
    #[must_use]
    pub fn of(rows: &[Row], dim: usize) -> Option<Fit> {
        let (beta, hessian) = newton(rows, dim);
        let inverse = invert(&hessian)?;
        let covariance = sandwich(rows, &beta, &inverse, dim);
        Some(Fit { beta, covariance })
    }
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Newton's method on the ridge-penalised log-likelihood: the weights and the Hessian (the
/// information) at them.
fn newton(rows: &[Row], dim: usize) -> (Vec<f64>, Vec<Vec<f64>>) {
    let mut beta = vec![0.0; dim];
    let mut hessian = vec![vec![0.0; dim]; dim];
    for _ in 0..100 {
        let mut gradient = vec![0.0; dim];
        hessian = vec![vec![0.0; dim]; dim];
        for (_, x, y) in rows {
            let p = sigmoid(dot(x, &beta));
            let w = (p * (1.0 - p)).max(1e-12);
            for i in 0..dim {
                gradient[i] += (y - p) * x[i];
                for j in 0..dim {
                    hessian[i][j] += w * x[i] * x[j];
                }
            }
        }
        for i in 1..dim {
            gradient[i] -= RIDGE * beta[i];
            hessian[i][i] += RIDGE;
        }
        let Some(step) = solve(&hessian, &gradient) else {
            break;
        };
        let size: f64 = step.iter().map(|s| s.abs()).sum();
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s.clamp(-5.0, 5.0);
        }
        if size < 1e-10 {
            break;
        }
    }
    (beta, hessian)
}

/// The cluster-robust covariance H⁻¹ (Σ_clusters s sᵀ) H⁻¹, s a cluster's score vector.
fn sandwich(rows: &[Row], beta: &[f64], inverse: &[Vec<f64>], dim: usize) -> Vec<Vec<f64>> {
    let mut meat = vec![vec![0.0; dim]; dim];
    let mut start = 0;
    while start < rows.len() {
        let game = rows[start].0;
        let end = rows[start..]
            .iter()
            .position(|r| r.0 != game)
            .map_or(rows.len(), |n| start + n);
        let mut score = vec![0.0; dim];
        for (_, x, y) in &rows[start..end] {
            let r = y - sigmoid(dot(x, beta));
            for (s, xi) in score.iter_mut().zip(x) {
                *s += r * xi;
            }
        }
        for i in 0..dim {
            for j in 0..dim {
                meat[i][j] += score[i] * score[j];
            }
        }
        start = end;
    }
    let left: Vec<Vec<f64>> = (0..dim)
        .map(|i| {
            (0..dim)
                .map(|j| (0..dim).map(|k| inverse[i][k] * meat[k][j]).sum())
                .collect()
        })
        .collect();
    (0..dim)
        .map(|i| {
            (0..dim)
                .map(|j| (0..dim).map(|k| left[i][k] * inverse[k][j]).sum())
                .collect()
        })
        .collect()
}

/// `a x = b` by Gaussian elimination with partial pivoting; `None` when `a` is singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &v)| row.iter().copied().chain([v]).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (row, r) in m.iter_mut().enumerate() {
            if row != col {
                let f = r[col] / pivot_row[col];
                for (x, p) in r[col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// The inverse of `a`, column by column.
fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let columns: Option<Vec<Vec<f64>>> = (0..n)
        .map(|c| {
            solve(
                a,
                &(0..n)
                    .map(|r| f64::from(u8::from(r == c)))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    let columns = columns?;
    Some(
        (0..n)
            .map(|r| (0..n).map(|c| columns[c][r]).collect())
            .collect(),
    )
}
