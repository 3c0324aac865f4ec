//! An SPRT's expected length before it is played: fishtest's SPRT calculator
//! (`server/fishtest/static/js/sprt.js` at the commit of [`crate::llr`], after Van den
//! Bergh's "sprta.pdf"), which takes the ratio for a Brownian motion with drift. With the
//! per-game variance σ² of the pairs' scores (read from a pilot's pentanomial counts: half a
//! pair's), the hypotheses' scores s₀ and s₁ (normalized Elo: ½ + t σ; logistic: the expected
//! score), w² = (s₁ − s₀)² / σ² per game, and for a true score s the drift's
//! h = (2s − s₀ − s₁) / (s₁ − s₀): the chance of passing P = (1 − e^(−h a)) / (e^(−h b) −
//! e^(−h a)) and the expected games (2 / h)(b P + a (1 − P)) / w², a and b the bounds
//! (−a b / w² where h (a − b) is about 0).

use serde::Serialize;

use crate::llr::{NELO_PER_T, logistic_score};
use crate::sprt::{EloModel, SprtBounds};

/// What a test expects for one true strength.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Expectation {
    /// A's true expected score per game.
    pub score: f64,
    /// The chance that the test accepts H1.
    pub pass: f64,
    /// The expected games until it decides.
    pub games: f64,
}

/// A test's expectations for a per-game variance.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtPlan {
    /// The test.
    pub bounds: SprtBounds,
    /// The per-game variance of A's score in colour-swapped pairs.
    pub variance: f64,
    /// If A is `elo0` stronger.
    pub at_elo0: Expectation,
    /// If A is `elo1` stronger.
    pub at_elo1: Expectation,
}

impl SprtPlan {
    /// The plan of `bounds` for per-game `variance`; `None` unless the variance is above 0.
    #[must_use]
    pub fn new(bounds: SprtBounds, variance: f64) -> Option<SprtPlan> {
        if variance.is_nan() || variance <= 0.0 {
            return None;
        }
        let sigma = variance.sqrt();
        let score = |elo: f64| match bounds.model {
            EloModel::Normalized => elo / NELO_PER_T * sigma + 0.5,
            EloModel::Logistic => logistic_score(elo),
        };
        let (s0, s1) = (score(bounds.elo0), score(bounds.elo1));
        let mut plan = SprtPlan {
            bounds,
            variance,
            at_elo0: Expectation {
                score: s0,
                pass: 0.0,
                games: 0.0,
            },
            at_elo1: Expectation {
                score: s1,
                pass: 0.0,
                games: 0.0,
            },
        };
        plan.at_elo0 = plan.at(s0);
        plan.at_elo1 = plan.at(s1);
        Some(plan)
    }

    /// What the test expects if A's true score per game is `score`.
    #[must_use]
    pub fn at(&self, score: f64) -> Expectation {
        let (s0, s1) = (self.at_elo0.score, self.at_elo1.score);
        let w2 = (s1 - s0).powi(2) / self.variance;
        let (a, b) = (self.bounds.lower(), self.bounds.upper());
        let h = (2.0 * score - (s0 + s1)) / (s1 - s0);
        let (pass, t) = if (h * (a - b)).abs() < 1e-6 {
            (-a / (b - a), -a * b)
        } else {
            let (ea, eb) = ((-h * a).exp(), (-h * b).exp());
            let pass = (1.0 - ea) / (eb - ea);
            (pass, 2.0 / h * (b * pass + a * (1.0 - pass)))
        };
        Expectation {
            score,
            pass,
            games: t / w2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference: fishtest's sprt.js (commit b8eecff2) run under Node 20: `new Sprt(0.05,
    // 0.05, elo0, elo1, draw_ratio, rms_bias, model)`, whose per-game variance is
    // (1 − draw_ratio)/4 − (L(rms_bias) − ½)², and its `characteristics(elo)`.

    #[test]
    fn the_expected_games_are_fishtests_calculators() {
        // Draw ratio 0.6, no bias: variance 0.1. Normalized 0 to 10: at H0 5 % passes in
        // 6 397.696 887 640 956 games — by hand 2 · 0.9 · ln 19 / (10 / 347.436)² = 6 397.7.
        let b = SprtBounds::new(0.0, 10.0, 0.05, 0.05).expect("sane");
        let plan = SprtPlan::new(b, 0.1).expect("a plan");
        assert!((plan.at_elo0.pass - 0.05).abs() < 1e-12);
        assert!((plan.at_elo0.games - 6_397.696_887_640_956).abs() < 1e-6);
        assert!((plan.at_elo1.pass - 0.95).abs() < 1e-12);
        assert!((plan.at_elo1.games - 6_397.696_887_641_064).abs() < 1e-6);
        // Logistic 0 to 10: 2 560.49 games at either; a true 5 Elo passes half the time in
        // 4 188.45 games.
        let logistic = SprtPlan::new(b.in_model(EloModel::Logistic), 0.1).expect("a plan");
        assert!((logistic.at_elo0.games - 2_560.492_202_834_369).abs() < 1e-6);
        let five = logistic.at(logistic_score(5.0));
        assert!(
            (five.pass - 0.500_152_431_248_064_9).abs() < 1e-9,
            "{five:?}"
        );
        assert!(
            (five.games - 4_188.451_564_389_404).abs() < 1e-6,
            "{five:?}"
        );
        // The calculator's defaults: normalized 0 to 2, draw ratio 0.49, RMS bias 191.
        let bias = logistic_score(191.0) - 0.5;
        let variance = 0.51 / 4.0 - bias * bias;
        assert!((variance - 0.064_918_232_359_370_7).abs() < 1e-12);
        let b = SprtBounds::new(0.0, 2.0, 0.05, 0.05).expect("sane");
        let plan = SprtPlan::new(b, variance).expect("a plan");
        assert!((plan.at_elo0.games - 159_942.422_191_019_8).abs() < 1e-4);
        let five = plan.at(logistic_score(5.0));
        assert!(
            (five.games - 20_168.844_904_841_455).abs() < 1e-5,
            "{five:?}"
        );
        assert!(
            (five.pass - 0.999_999_999_994_598_5).abs() < 1e-12,
            "{five:?}"
        );
        assert_eq!(SprtPlan::new(b, 0.0), None);
    }
}
