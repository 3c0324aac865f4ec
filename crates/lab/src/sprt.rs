//! `lab sprt`: engine A against engine B until a sequential probability ratio test decides
//! between "A is `elo0` stronger" (H0) and "A is `elo1` stronger" (H1), as fishtest and
//! OpenBench run engine tests: the log-likelihood ratio of the games' scores, in the
//! generalised SPRT's normal approximation (Michel Van den Bergh's), against the bounds
//! `ln(β / (1 − α))` and `ln((1 − β) / α)`. Scores are taken game by game (trinomial: win,
//! draw, loss), Elo in the logistic model.

use serde::{Deserialize, Serialize};

use super::summary::GameSummary;
use omnichess_engine::match_play::MatchReport;

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtBounds {
    /// A's Elo advantage under H0.
    pub elo0: f64,
    /// A's Elo advantage under H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// Not decided: play on.
    Continue,
    /// H1 accepted: A is at least about `elo1` stronger.
    H1,
    /// H0 accepted: A is not `elo1` stronger (at most about `elo0`).
    H0,
}

/// Why a test's bounds make no sense.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// The hypotheses are not `elo0 < elo1`, each finite and within ±1000.
    #[error("SPRT needs elo0 < elo1, each from -1000 to 1000 (got {elo0} and {elo1})")]
    Elo {
        /// H0's Elo advantage, as given.
        elo0: f64,
        /// H1's, as given.
        elo1: f64,
    },
    /// An error rate is not above 0 and below 0.5.
    #[error("SPRT needs alpha and beta above 0 and below 0.5 (got {alpha} and {beta})")]
    Rates {
        /// The chance of accepting H1 when H0 holds, as given.
        alpha: f64,
        /// The chance of accepting H0 when H1 holds, as given.
        beta: f64,
    },
}

impl SprtBounds {
    /// The bounds, or why they make no sense.
    ///
    /// # Errors
    /// `elo0 < elo1`, both finite and within ±1000, and 0 < α, β < 0.5 are needed.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<SprtBounds, SprtError> {
        let sane_elo = |e: f64| e.is_finite() && e.abs() <= 1000.0;
        if !(sane_elo(elo0) && sane_elo(elo1) && elo0 < elo1) {
            return Err(SprtError::Elo { elo0, elo1 });
        }
        let rate = |r: f64| r > 0.0 && r < 0.5;
        if !(rate(alpha) && rate(beta)) {
            return Err(SprtError::Rates { alpha, beta });
        }
        Ok(SprtBounds {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower bound of the log-likelihood ratio (accept H0 at or below it).
    #[must_use]
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound (accept H1 at or above it).
    #[must_use]
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of `wins`, `draws` and `losses` (A's).
    #[must_use]
    pub fn llr(&self, wins: u32, draws: u32, losses: u32) -> f64 {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return 0.0;
        }
        let (w, d, l) = (
            f64::from(wins) / n,
            f64::from(draws) / n,
            f64::from(losses) / n,
        );
        let mean = w + d / 2.0;
        let variance = w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2);
        if variance <= 0.0 {
            return 0.0; // every game alike: the data say nothing of the spread yet
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The verdict on `wins`, `draws` and `losses`: [`Verdict::Continue`] before
    /// [`MIN_GAMES`] games.
    #[must_use]
    pub fn verdict(&self, wins: u32, draws: u32, losses: u32) -> Verdict {
        if wins + draws + losses < MIN_GAMES {
            return Verdict::Continue;
        }
        let llr = self.llr(wins, draws, losses);
        if llr >= self.upper() {
            Verdict::H1
        } else if llr <= self.lower() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// A test's games so far, from A's side, and what the test says of them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtResult {
    /// The test's hypotheses and error rates.
    pub bounds: SprtBounds,
    /// Games played.
    pub games: u32,
    /// Games A won.
    pub wins: u32,
    /// Games drawn (both-lose and adjudicated games included).
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The verdict.
    pub verdict: Verdict,
}

impl SprtResult {
    /// The test on A's `wins`, `draws` and `losses`.
    #[must_use]
    pub fn new(bounds: SprtBounds, wins: u32, draws: u32, losses: u32) -> SprtResult {
        SprtResult {
            bounds,
            games: wins + draws + losses,
            wins,
            draws,
            losses,
            llr: bounds.llr(wins, draws, losses),
            verdict: bounds.verdict(wins, draws, losses),
        }
    }

    /// The test on a stored study's `games` of A against B ([`GameSummary::a_first`] says
    /// which side A had).
    #[must_use]
    pub fn of(bounds: SprtBounds, games: &[GameSummary]) -> SprtResult {
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        for game in games {
            match game.winner {
                None => draws += 1,
                Some(w) if (w == 0) == game.a_first => wins += 1,
                Some(_) => losses += 1,
            }
        }
        SprtResult::new(bounds, wins, draws, losses)
    }

    /// The report for people: the ratio and its bounds, A's Elo, the result, the verdict.
    #[must_use]
    pub fn report(&self) -> String {
        let b = &self.bounds;
        let said = match self.verdict {
            Verdict::H1 => format!("H1 accepted: A is about {} Elo or more stronger", b.elo1),
            Verdict::H0 => format!("H0 accepted: A is not {} Elo stronger", b.elo1),
            Verdict::Continue => format!("undecided after {} games", self.games),
        };
        let report = MatchReport {
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
            ..MatchReport::default()
        };
        format!(
            "llr: {:.3}  (bounds {:.3} and {:.3}; elo0 {}, elo1 {}, alpha {}, beta {})\n{}\n{}\nsprt: {said}\n",
            self.llr,
            b.lower(),
            b.upper(),
            b.elo0,
            b.elo1,
            b.alpha,
            b.beta,
            report.elo_line(),
            report.result_line(),
        )
    }
}

/// Games before the test may decide: the normal approximation needs a few games of each
/// kind before its variance means anything (fishtest's batches are larger still).
pub const MIN_GAMES: u32 = 20;

/// The expected score of a player `elo` points stronger (logistic model).
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_fishtests_for_five_percent_errors() {
        let b = SprtBounds::new(0.0, 5.0, 0.05, 0.05).expect("sane");
        assert!((b.lower() + 2.944_438_979).abs() < 1e-6);
        assert!((b.upper() - 2.944_438_979).abs() < 1e-6);
    }

    #[test]
    fn a_clearly_stronger_engine_passes_and_an_equal_one_fails() {
        let b = SprtBounds::new(0.0, 50.0, 0.05, 0.05).expect("sane");
        assert_eq!(b.verdict(60, 20, 20), Verdict::H1);
        assert_eq!(
            b.verdict(40, 20, 40),
            Verdict::Continue,
            "even, but too few games"
        );
        assert_eq!(b.verdict(200, 100, 200), Verdict::H0);
        assert_eq!(b.verdict(3, 0, 2), Verdict::Continue);
        assert!(
            b.llr(9, 1, 0) > b.upper(),
            "past the bound, but too few games"
        );
        assert_eq!(b.verdict(9, 1, 0), Verdict::Continue);
        // The ratio by hand: w=.6 d=.2 l=.2, mean .7, variance .6*.09+.2*.04+.2*.49 = .16;
        // s0 = .5, s1 = .571 463; 100 * .071 463 * (1.4 - 1.071 463) / .32.
        let by_hand = 100.0 * 0.071_463_2 * (1.4 - 1.071_463_2) / 0.32;
        assert!(
            (b.llr(60, 20, 20) - by_hand).abs() < 1e-3,
            "{}",
            b.llr(60, 20, 20)
        );
    }

    #[test]
    fn a_stored_test_counts_each_game_from_a_side() {
        use crate::summary::tests::game;
        let b = SprtBounds::new(0.0, 50.0, 0.05, 0.05).expect("sane");
        let mut games = vec![
            game(Some(0), "checkmate", 10, &[]),
            game(Some(0), "checkmate", 10, &[]),
            game(Some(1), "checkmate", 10, &[]),
            game(None, "stalemate", 10, &[]),
        ];
        games[0].a_first = true; // A moved first and won
        games[1].a_first = false; // B moved first and won
        games[2].a_first = false; // A moved second and won
        let result = SprtResult::of(b, &games);
        assert_eq!((result.wins, result.draws, result.losses), (2, 1, 1));
        assert_eq!(result.verdict, Verdict::Continue);
        assert!(
            result
                .report()
                .ends_with("result: +2 =1 -1\nsprt: undecided after 4 games\n"),
            "{}",
            result.report()
        );
    }

    #[test]
    fn nonsense_bounds_are_refused() {
        assert_eq!(
            SprtBounds::new(5.0, 0.0, 0.05, 0.05)
                .expect_err("elo0 above elo1")
                .to_string(),
            "SPRT needs elo0 < elo1, each from -1000 to 1000 (got 5 and 0)"
        );
        assert_eq!(
            SprtBounds::new(0.0, 5.0, 0.0, 0.05),
            Err(SprtError::Rates {
                alpha: 0.0,
                beta: 0.05
            })
        );
        assert_eq!(
            SprtBounds::new(0.0, 5.0, 0.05, 0.7)
                .expect_err("beta too high")
                .to_string(),
            "SPRT needs alpha and beta above 0 and below 0.5 (got 0.05 and 0.7)"
        );
        assert!(matches!(
            SprtBounds::new(f64::NAN, 5.0, 0.05, 0.05),
            Err(SprtError::Elo { .. })
        ));
    }
}
