//! The material band of `lab values`: which positions the fit weighs. A linear model of the
//! log-odds saturates where the material already decides the game: a side a queen up wins
//! nearly every game, and the better the player converts, the larger the queen's fitted
//! weight grows against the pawn's, without bound (with perfect conversion the weights have
//! no finite maximum). Piece values are exchange values — what makes a trade even — and they
//! are read where the game is still open. So the fit keeps the positions whose material, valued
//! by the fit itself, gives the first player log-odds within ±`band` (±1.5: a result between
//! 18 % and 82 % from the material alone), fits them again, and repeats until the positions
//! kept no longer change. No outside value is used to choose them. Choosing positions by the
//! balance they show (not by their results) leaves a right model's weights unbiased; the
//! intervals are those of the last fit, the choice of positions taken as given.

use super::logistic::{Fit, Row};

/// The band the lab fits in by default, in log-odds.
pub const DEFAULT_BAND: f64 = 1.5;

/// The most rounds of choosing and fitting before the band's fit is taken as it stands.
pub const MAX_ROUNDS: u32 = 20;

/// A fit in the band.
pub struct Banded {
    /// The last fit.
    pub fit: Fit,
    /// The rows it was fitted to.
    pub rows: Vec<Row>,
    /// The rounds of choosing and fitting (0: no band, every row fitted once).
    pub rounds: u32,
}

/// The fit of `rows` (`dim` weights, the intercept first) in `band` (`None`: every row), or
/// `None` where a fit cannot be solved.
#[must_use]
pub fn fit(rows: Vec<Row>, dim: usize, band: Option<f64>) -> Option<Banded> {
    let mut last = Fit::of(&rows, dim)?;
    let Some(band) = band else {
        return Some(Banded {
            fit: last,
            rows,
            rounds: 0,
        });
    };
    let mut chosen: Vec<bool> = vec![true; rows.len()];
    for round in 1..=MAX_ROUNDS {
        let now: Vec<bool> = rows
            .iter()
            .map(|(_, x, _)| material_log_odds(&last.beta, x).abs() <= band)
            .collect();
        let settled = now == chosen;
        chosen = now;
        let kept: Vec<Row> = rows
            .iter()
            .zip(&chosen)
            .filter(|(_, keep)| **keep)
            .map(|(row, _)| row.clone())
            .collect();
        if settled || round == MAX_ROUNDS {
            let fit = if settled { last } else { Fit::of(&kept, dim)? };
            return Some(Banded {
                fit,
                rows: kept,
                rounds: round,
            });
        }
        last = Fit::of(&kept, dim)?;
    }
    None
}

/// The log-odds the material of `x` gives by the weights `beta` (the intercept left out).
fn material_log_odds(beta: &[f64], x: &[f64]) -> f64 {
    beta.iter().zip(x).skip(1).map(|(w, n)| w * n).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Games whose result follows log-odds 0.8 per piece up to ±2 pieces, and is always won
    /// beyond: the saturation of a player who converts every large advantage.
    fn saturated(games: usize, seed: u64) -> Vec<Row> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..games)
            .map(|g| {
                let n: i32 = rng.gen_range(-5..=5);
                let z = if n.abs() > 2 {
                    f64::from(n.signum()) * 12.0
                } else {
                    0.8 * f64::from(n)
                };
                let y = f64::from(u8::from(rng.r#gen::<f64>() < 1.0 / (1.0 + (-z).exp())));
                (g, vec![1.0, f64::from(n)], y)
            })
            .collect()
    }

    #[test]
    fn the_band_reads_the_weight_where_the_material_leaves_the_game_open() {
        let rows = saturated(20_000, 3);
        let all = fit(rows.clone(), 2, None).expect("a fit");
        assert_eq!(all.rounds, 0);
        assert!(all.fit.beta[1] > 1.0, "saturated: {}", all.fit.beta[1]);
        let banded = fit(rows.clone(), 2, Some(DEFAULT_BAND)).expect("a fit");
        assert!(banded.rounds >= 2, "chosen again until settled");
        assert!(
            (banded.fit.beta[1] - 0.8).abs() < 0.15,
            "the weight inside the band: {}",
            banded.fit.beta[1]
        );
        // Every row kept is inside the band by the weights fitted.
        assert!(
            banded
                .rows
                .iter()
                .all(|(_, x, _)| (banded.fit.beta[1] * x[1]).abs() <= DEFAULT_BAND)
        );
        assert!(banded.rows.len() < rows.len());
    }
}
