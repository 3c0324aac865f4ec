//! `lab values`: piece values fitted from self-play. At the start of every few turns of every
//! game the material balance (each kind's pieces, first player's minus second's) is noted
//! beside the game's result; a logistic regression of the first player's points on those
//! balances gives each kind's weight in log-odds per piece, read in pawns where the variant
//! has pawns. Samples of one game share its result, so the intervals are cluster-robust
//! (sandwich, clustered by game), not the naive ones that would count a game many times.

use std::fmt::Write as _;

use serde::Serialize;

use super::claims::ClaimCheck;
use super::stats::Z95;
use super::summary::GameSummary;

/// Ridge on the weights (not the intercept): keeps kinds that always trade together solvable.
const RIDGE: f64 = 1e-3;

/// One kind's fitted value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Value {
    /// The kind's name.
    pub kind: String,
    /// Its weight: the change in the log-odds of the first player's result per piece ahead.
    pub log_odds: f64,
    /// The weight's 95 % interval.
    pub log_odds_low: f64,
    /// The interval's high end.
    pub log_odds_high: f64,
    /// The weight in pawns (divided by the pawn's weight), where the variant has pawns.
    pub pawns: Option<f64>,
    /// The interval in pawns (the weight's interval over the pawn's weight).
    pub pawns_low: Option<f64>,
    /// Its high end.
    pub pawns_high: Option<f64>,
    /// Samples where the two sides had different numbers of this kind.
    pub unequal_samples: u32,
}

/// The fit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Values {
    /// Games whose samples were fitted.
    pub games: u32,
    /// Samples (positions) fitted.
    pub samples: u32,
    /// The intercept: the first player's log-odds with material even.
    pub intercept: f64,
    /// Each kind whose balance ever differed, most valuable first.
    pub values: Vec<Value>,
    /// The values the variant's rule text claims beside these ([`Values::check_claims`]);
    /// empty until checked, or where the text claims none.
    pub claims: Vec<ClaimCheck>,
}

/// Why there are no values to fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// The games noted no material (a variant whose boards do not count it).
    #[error("no material samples: this variant's boards do not count material")]
    NoSamples,
    /// No sample had any material difference.
    #[error(
        "no material difference in {samples} positions: nothing to fit (play more or longer games)"
    )]
    NoDifference {
        /// The samples read.
        samples: usize,
    },
    /// The regression could not be solved.
    #[error("the fit is singular (too few varied samples)")]
    Singular,
}

impl Values {
    /// The fit to `games`' material samples, or why there is none.
    ///
    /// # Errors
    /// When no sample has any material difference (nothing to fit), the games have no
    /// material samples (a variant whose boards do not count material), or the regression
    /// cannot be solved.
    pub fn fit(games: &[GameSummary]) -> Result<Values, FitError> {
        let mut kinds: Vec<&str> = Vec::new();
        for sample in games.iter().flat_map(|g| &g.material) {
            for (kind, n) in &sample.balance {
                if *n != 0 && !kinds.contains(&kind.as_str()) {
                    kinds.push(kind);
                }
            }
        }
        kinds.sort_unstable();
        let samples: usize = games.iter().map(|g| g.material.len()).sum();
        if samples == 0 {
            return Err(FitError::NoSamples);
        }
        if kinds.is_empty() {
            return Err(FitError::NoDifference { samples });
        }
        let rows: Vec<(usize, Vec<f64>, f64)> = games
            .iter()
            .enumerate()
            .flat_map(|(g, game)| {
                let y = points(game);
                let kinds = &kinds;
                game.material.iter().map(move |sample| {
                    let mut x = vec![1.0];
                    x.extend(kinds.iter().map(|k| {
                        sample
                            .balance
                            .iter()
                            .find(|(name, _)| name == k)
                            .map_or(0.0, |(_, n)| f64::from(*n))
                    }));
                    (g, x, y)
                })
            })
            .collect();
        let dim = kinds.len() + 1;
        let (beta, hessian) = newton(&rows, dim);
        let inverse = invert(&hessian).ok_or(FitError::Singular)?;
        let covariance = sandwich(&rows, &beta, &inverse, dim);
        let se: Vec<f64> = (0..dim).map(|i| covariance[i][i].max(0.0).sqrt()).collect();
        let pawn = kinds
            .iter()
            .position(|k| *k == "pawn")
            .map(|i| beta[i + 1])
            .filter(|w| *w > 0.0);
        let mut values: Vec<Value> = kinds
            .iter()
            .enumerate()
            .map(|(i, kind)| {
                let (w, e) = (beta[i + 1], se[i + 1]);
                let in_pawns = |v: f64| pawn.map(|p| v / p);
                Value {
                    kind: (*kind).to_owned(),
                    log_odds: w,
                    log_odds_low: w - Z95 * e,
                    log_odds_high: w + Z95 * e,
                    pawns: in_pawns(w),
                    pawns_low: in_pawns(w - Z95 * e),
                    pawns_high: in_pawns(w + Z95 * e),
                    unequal_samples: u32::try_from(
                        rows.iter().filter(|(_, x, _)| x[i + 1] != 0.0).count(),
                    )
                    .unwrap_or(u32::MAX),
                }
            })
            .collect();
        values.sort_by(|a, b| b.log_odds.total_cmp(&a.log_odds));
        Ok(Values {
            games: u32::try_from(games.iter().filter(|g| !g.material.is_empty()).count())
                .unwrap_or(u32::MAX),
            samples: u32::try_from(rows.len()).unwrap_or(u32::MAX),
            intercept: beta[0],
            values,
            claims: Vec::new(),
        })
    }

    /// Sets `claims`, the values the variant's rule text claims, beside the fit.
    pub fn check_claims(&mut self, claims: &[omnichess_core::ClaimedValue]) {
        self.claims = ClaimCheck::of(self, claims);
    }

    /// The report for people: the fit, then the claims beside it.
    #[must_use]
    pub fn report(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "fitted from {} positions of {} games (first player's log-odds with material even: {:+.3})",
            self.samples, self.games, self.intercept
        );
        for v in &self.values {
            let pawns = match (v.pawns, v.pawns_low, v.pawns_high) {
                (Some(p), Some(lo), Some(hi)) => format!("{p:.2} pawns ({lo:.2} to {hi:.2})  "),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  {}: {pawns}log-odds {:.3} ({:.3} to {:.3}), unequal in {} positions",
                v.kind, v.log_odds, v.log_odds_low, v.log_odds_high, v.unequal_samples
            );
        }
        out.push_str(&ClaimCheck::report(&self.claims));
        out
    }
}

/// The first player's points in `game`.
fn points(game: &GameSummary) -> f64 {
    match game.winner {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
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
fn newton(rows: &[(usize, Vec<f64>, f64)], dim: usize) -> (Vec<f64>, Vec<Vec<f64>>) {
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

/// The cluster-robust covariance H⁻¹ (Σ_games s sᵀ) H⁻¹, s a game's score vector.
fn sandwich(
    rows: &[(usize, Vec<f64>, f64)],
    beta: &[f64],
    inverse: &[Vec<f64>],
    dim: usize,
) -> Vec<Vec<f64>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::Material;
    use crate::summary::tests::game;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    /// Games drawn from a known model: a queen is worth four pawns' log-odds.
    fn synthetic(n: usize, seed: u64) -> Vec<GameSummary> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let pawns: i32 = rng.gen_range(-3..=3);
                let queens: i32 = rng.gen_range(-1..=1);
                let z = 0.1 + 0.4 * f64::from(pawns) + 1.6 * f64::from(queens);
                let winner = Some(u8::from(rng.r#gen::<f64>() >= sigmoid(z)));
                let mut g = game(winner, "checkmate", 40, &[]);
                g.material = vec![Material {
                    turn: 10,
                    balance: vec![
                        ("king".to_owned(), 0),
                        ("pawn".to_owned(), pawns),
                        ("queen".to_owned(), queens),
                    ],
                }];
                g
            })
            .collect()
    }

    #[test]
    fn the_fit_finds_the_model_that_made_the_games() {
        let fit = Values::fit(&synthetic(4000, 7)).expect("a fit");
        assert_eq!(fit.samples, 4000);
        let queen = fit
            .values
            .iter()
            .find(|v| v.kind == "queen")
            .expect("queen");
        let pawn = fit.values.iter().find(|v| v.kind == "pawn").expect("pawn");
        assert!((queen.log_odds - 1.6).abs() < 0.2, "{queen:?}");
        assert!((pawn.log_odds - 0.4).abs() < 0.08, "{pawn:?}");
        assert!(
            queen.log_odds_low < 1.6 && queen.log_odds_high > 1.6,
            "{queen:?}"
        );
        let in_pawns = queen.pawns.expect("pawns");
        assert!((in_pawns - 4.0).abs() < 0.8, "{in_pawns}");
        assert!(
            fit.values.iter().all(|v| v.kind != "king"),
            "a kind always even is left out"
        );
        assert!(fit.report().contains("queen: "), "{}", fit.report());
    }

    #[test]
    fn a_game_counted_many_times_does_not_narrow_the_interval() {
        let once = Values::fit(&synthetic(400, 3)).expect("a fit");
        let mut repeated = synthetic(400, 3);
        for g in &mut repeated {
            let sample = g.material[0].clone();
            g.material = vec![sample; 10];
        }
        let ten = Values::fit(&repeated).expect("a fit");
        let width = |f: &Values| {
            let q = f.values.iter().find(|v| v.kind == "queen").expect("queen");
            q.log_odds_high - q.log_odds_low
        };
        assert!(
            (width(&once) - width(&ten)).abs() < 0.02 * width(&once),
            "clustered by game"
        );
    }

    #[test]
    fn nothing_to_fit_is_said() {
        let g = game(Some(0), "checkmate", 4, &[]);
        assert_eq!(
            Values::fit(std::slice::from_ref(&g))
                .expect_err("no samples")
                .to_string(),
            "no material samples: this variant's boards do not count material"
        );
        let mut even = g;
        even.material = vec![Material {
            turn: 1,
            balance: vec![("pawn".to_owned(), 0)],
        }];
        assert_eq!(
            Values::fit(&[even]).expect_err("no difference"),
            FitError::NoDifference { samples: 1 }
        );
        assert!(
            FitError::NoDifference { samples: 1 }
                .to_string()
                .contains("in 1 positions: nothing to fit")
        );
    }
}
