//! `lab sprt`: engine A against engine B until a sequential probability ratio test decides
//! between "A is `elo0` stronger" (H0) and "A is `elo1` stronger" (H1), as fishtest runs it
//! (official-stockfish/fishtest, commit b8eecff220b562a0dc2c4e68d1fa02521e06d72c,
//! `server/fishtest/stats/stat_util.py`'s `update_SPRT`): the games in colour-swapped pairs
//! ([`crate::pentanomial`]), the log-likelihood ratio of the pairs' pentanomial counts
//! ([`crate::llr`]) in normalized Elo (fishtest's default; logistic Elo on request), against
//! the bounds ln(β / (1 − α)) and ln((1 − β) / α), each moved in by fishtest's estimate of the
//! overshoot ([`Overshoot`]). The ratio is taken after every pair, in pair order; the first
//! time it is past a bound decides, and games played after it do not undo the decision.

use serde::{Deserialize, Serialize};

use super::llr;
use super::pentanomial::{EloEstimate, Pairs};
use super::summary::GameSummary;

/// How Elo is measured in a test's hypotheses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EloModel {
    /// Normalized Elo (fishtest's default): the t-value (μ − ½) / σ of a pair's score, times
    /// 800 / ln 10 / √2; it does not depend on the draw rate.
    #[default]
    Normalized,
    /// Logistic Elo: the expected score 1 / (1 + 10^(−elo/400)).
    Logistic,
}

impl EloModel {
    /// The model of a test stored before tests had one: they were logistic.
    fn stored_without_one() -> EloModel {
        EloModel::Logistic
    }

    /// `normalized` or `logistic`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EloModel::Normalized => "normalized",
            EloModel::Logistic => "logistic",
        }
    }
}

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
    /// The Elo of `elo0` and `elo1`.
    #[serde(default = "EloModel::stored_without_one")]
    pub model: EloModel,
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
    /// The bounds in normalized Elo, or why they make no sense.
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
            model: EloModel::Normalized,
        })
    }

    /// The same bounds with `elo0` and `elo1` read in `model`.
    #[must_use]
    pub fn in_model(self, model: EloModel) -> SprtBounds {
        SprtBounds { model, ..self }
    }

    /// The lower bound of the log-likelihood ratio (accept H0 below it).
    #[must_use]
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound (accept H1 above it).
    #[must_use]
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of pentanomial `counts` (A's pair scores, lowest first) in
    /// the bounds' model ([`llr::normalized`] or [`llr::logistic`]; fishtest's approximation
    /// of it where it has no answer).
    #[must_use]
    pub fn llr(&self, counts: &[u32; 5]) -> f64 {
        let (e0, e1) = (self.elo0, self.elo1);
        match self.model {
            EloModel::Normalized => llr::normalized(e0, e1, counts)
                .unwrap_or_else(|| llr::normalized_approximation(e0, e1, counts)),
            EloModel::Logistic => llr::logistic(e0, e1, counts)
                .unwrap_or_else(|| llr::logistic_approximation(e0, e1, counts)),
        }
    }
}

/// fishtest's dynamic overshoot correction (`update_SPRT`'s `overshoot`, after Siegmund,
/// Sequential Analysis, Corollary 8.33): over the ratio's updates, the sums of its new lows'
/// steps below the lowest so far and of their squares (and likewise of its new highs); each
/// bound is moved in by sum of squares / sum / 2.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Overshoot {
    low: f64,
    low_sum: f64,
    low_squares: f64,
    high: f64,
    high_sum: f64,
    high_squares: f64,
}

impl Overshoot {
    /// Takes the ratio of one more update.
    pub fn update(&mut self, llr: f64) {
        if llr < self.low {
            let step = llr - self.low;
            self.low_sum += step;
            self.low_squares += step * step;
            self.low = llr;
        }
        if llr > self.high {
            let step = llr - self.high;
            self.high_sum += step;
            self.high_squares += step * step;
            self.high = llr;
        }
    }

    /// How far the lower bound is moved up.
    #[must_use]
    pub fn below(&self) -> f64 {
        if self.low_sum == 0.0 {
            0.0
        } else {
            -self.low_squares / self.low_sum / 2.0
        }
    }

    /// How far the upper bound is moved down.
    #[must_use]
    pub fn above(&self) -> f64 {
        if self.high_sum == 0.0 {
            0.0
        } else {
            self.high_squares / self.high_sum / 2.0
        }
    }
}

/// A test's games so far, from A's side, and what the test says of them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtResult {
    /// The test's hypotheses and error rates.
    pub bounds: SprtBounds,
    /// Games counted: those of the complete pairs.
    pub games: u32,
    /// Of them, games A won.
    pub wins: u32,
    /// Games drawn (both-lose and adjudicated games included).
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Games left out: stored without the other game of their pair.
    pub unpaired: u32,
    /// The pentanomial counts: pairs in which A scored 0, ½, 1, 1½ and 2.
    pub pentanomial: [u32; 5],
    /// A's points per game counted.
    pub score: f64,
    /// The log-likelihood ratio of all the pairs.
    pub llr: f64,
    /// The lower bound as the overshoot correction moved it, when the test decided (or now).
    pub llr_lower: f64,
    /// The upper bound, likewise.
    pub llr_upper: f64,
    /// A's Elo with its 95 % interval and the likelihood of superiority.
    pub elo: EloEstimate,
    /// The verdict.
    pub verdict: Verdict,
    /// The pairs after which the test decided, if it has.
    pub decided_after: Option<u32>,
}

impl SprtResult {
    /// The test on a stored study's `games` of A against B, in any order
    /// ([`GameSummary::number`] pairs them, [`GameSummary::a_first`] says which side A had).
    #[must_use]
    pub fn of(bounds: SprtBounds, games: &[GameSummary]) -> SprtResult {
        let pairs = Pairs::of(games);
        let mut overshoot = Overshoot::default();
        let mut counts = [0_u32; 5];
        let (mut llr_lower, mut llr_upper) = (bounds.lower(), bounds.upper());
        let mut decided = None;
        for (k, &score) in (1_u32..).zip(&pairs.scores) {
            counts[usize::from(score.min(4))] += 1;
            let llr = bounds.llr(&counts);
            overshoot.update(llr);
            llr_lower = bounds.lower() + overshoot.below();
            llr_upper = bounds.upper() - overshoot.above();
            if llr < llr_lower {
                decided = Some((Verdict::H0, k));
            } else if llr > llr_upper {
                decided = Some((Verdict::H1, k));
            }
            if decided.is_some() {
                break;
            }
        }
        let pentanomial = pairs.counts(pairs.scores.len());
        let g = pairs.games;
        SprtResult {
            bounds,
            games: g.games(),
            wins: g.wins,
            draws: g.draws,
            losses: g.losses,
            unpaired: pairs.unpaired,
            pentanomial,
            score: g.mean(),
            llr: bounds.llr(&pentanomial),
            llr_lower,
            llr_upper,
            elo: EloEstimate::of(&pentanomial),
            verdict: decided.map_or(Verdict::Continue, |(v, _)| v),
            decided_after: decided.map(|(_, k)| k),
        }
    }

    /// The report for people: the pairs, A's score and Elo, the ratio and its bounds, the
    /// result, the verdict.
    #[must_use]
    pub fn report(&self) -> String {
        let b = &self.bounds;
        let model = b.model.name();
        let after = |k: Option<u32>| k.map_or_else(String::new, |k| format!(" after {k} pairs"));
        let said = match self.verdict {
            Verdict::H1 => format!(
                "H1 accepted{}: A is about {} {model} Elo or more stronger",
                after(self.decided_after),
                b.elo1
            ),
            Verdict::H0 => format!(
                "H0 accepted{}: A is not {} {model} Elo stronger",
                after(self.decided_after),
                b.elo1
            ),
            Verdict::Continue => format!("undecided after {} games", self.games),
        };
        let p = &self.pentanomial;
        let waiting = if self.unpaired == 0 {
            String::new()
        } else {
            format!("; {} games wait for an earlier pair", self.unpaired)
        };
        let e = &self.elo;
        format!(
            "pairs: {}  (A scored 0, ½, 1, 1½, 2 in {} {} {} {} {}){waiting}\n\
             A's score: {:.3}  elo: {:+.1} ± {:.1} (95%, logistic), LOS {:.1}%\n\
             llr: {:.3}  (bounds {:.3} and {:.3}, moved in for overshoot to {:.3} and {:.3}; \
             elo0 {}, elo1 {} {model}, alpha {}, beta {})\n\
             result: +{} ={} -{}\nsprt: {said}\n",
            p.iter().sum::<u32>(),
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            self.score,
            e.elo,
            e.elo95,
            e.los * 100.0,
            self.llr,
            b.lower(),
            b.upper(),
            self.llr_lower,
            self.llr_upper,
            b.elo0,
            b.elo1,
            b.alpha,
            b.beta,
            self.wins,
            self.draws,
            self.losses,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::tests::game;

    // The reference numbers below are fishtest's own Python, official-stockfish/fishtest at
    // commit b8eecff220b562a0dc2c4e68d1fa02521e06d72c (server/fishtest/stats/LLRcalc.py's
    // LLR_normalized and LLR_logistic; stat_util.py's update_SPRT called after every pair with
    // batch_size 1), run with Python 3 and SciPy 1.17.

    fn bounds(elo0: f64, elo1: f64, model: EloModel) -> SprtBounds {
        SprtBounds::new(elo0, elo1, 0.05, 0.05)
            .expect("sane")
            .in_model(model)
    }

    /// The pair scores of a test in which game 2k + 1 is A's pair `scores[k]`'s second game.
    fn games_of(scores: &[u8]) -> Vec<GameSummary> {
        let mut games = Vec::new();
        for (k, &s) in (0_u32..).zip(scores) {
            // A first then second: (won, won) 4, (won, drew) 3, (drew, drew) 2, (lost, drew)
            // 1, (lost, lost) 0; the winner's index is the first mover's.
            let (first, second) = match s {
                4 => (Some(0), Some(1)),
                3 => (Some(0), None),
                2 => (None, None),
                1 => (Some(1), None),
                _ => (Some(1), Some(0)),
            };
            let mut a = game(first, "checkmate", 10, &[]);
            (a.number, a.a_first) = (2 * k, true);
            let mut b = game(second, "checkmate", 10, &[]);
            (b.number, b.a_first) = (2 * k + 1, false);
            games.extend([a, b]);
        }
        games
    }

    /// A deterministic mixed run: pair k scores `TABLE[(37k + k² mod 13) mod 20]`.
    fn mixed(n: u32) -> Vec<u8> {
        const TABLE: [u8; 20] = [0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4];
        (0..n)
            .map(|k| TABLE[((k * 37 + (k * k) % 13) % 20) as usize])
            .collect()
    }

    #[test]
    fn bounds_are_fishtests_for_five_percent_errors() {
        let b = SprtBounds::new(0.0, 5.0, 0.05, 0.05).expect("sane");
        assert!((b.lower() + 2.944_438_979).abs() < 1e-6);
        assert!((b.upper() - 2.944_438_979).abs() < 1e-6);
        assert_eq!(b.model, EloModel::Normalized, "fishtest's default");
    }

    #[test]
    fn the_ratio_is_fishtests_on_the_same_counts() {
        let normalized = bounds(0.0, 10.0, EloModel::Normalized);
        let logistic = bounds(0.0, 10.0, EloModel::Logistic);
        for (counts, n, l) in [
            // 30 pairs each 2-0 (the issue's +60 =0 -0): no longer 0.
            (
                [0, 0, 0, 0, 30],
                1.195_978_889_179_253_8,
                0.851_100_700_957_463_2,
            ),
            // 30 pairs each drawn twice.
            (
                [0, 0, 30, 0, 0],
                -0.045_607_918_445_595_606,
                -0.868_626_460_363_507_5,
            ),
            (
                [3, 12, 40, 15, 5],
                0.259_730_085_970_041_9,
                0.356_478_147_754_687_3,
            ),
            (
                [1, 1, 100, 1, 0],
                -0.460_746_581_653_104_34,
                -2.989_593_674_728_965,
            ),
        ] {
            let (got_n, got_l) = (normalized.llr(&counts), logistic.llr(&counts));
            assert!(
                (got_n - n).abs() < 1e-9,
                "{counts:?} normalized {got_n} {n}"
            );
            assert!((got_l - l).abs() < 1e-9, "{counts:?} logistic {got_l} {l}");
        }
        // fishtest's own examples (stat_util.py's __main__).
        let big = [10789, 19328, 33806, 19402, 10543];
        let l = bounds(-3.0, 1.0, EloModel::Logistic).llr(&big);
        assert!((l - 2.131_067_811_794_080_7).abs() < 1e-7, "{l}");
        let small = [39, 2226, 31451, 2412, 40];
        let n = bounds(0.764, 3.439, EloModel::Normalized).llr(&small);
        assert!((n - 2.162_940_869_584_568).abs() < 1e-7, "{n}");
        let l = bounds(0.2, 0.9, EloModel::Logistic).llr(&small);
        assert!((l - 2.162_542_580_048_359_3).abs() < 1e-7, "{l}");
    }

    #[test]
    fn where_fishtest_has_no_ratio_its_approximation_answers() {
        // fishtest's LLR_normalized fails on one pair 2-0 with elo1 500 (no distribution of
        // that t-value on the support); its LLR_normalized_alt gives 0.382 877 987 808 855 3.
        let b = bounds(0.0, 500.0, EloModel::Normalized);
        let r = b.llr(&[0, 0, 0, 0, 1]);
        assert!((r - 0.382_877_987_808_855_3).abs() < 1e-9, "{r}");
    }

    #[test]
    fn sixty_straight_wins_and_all_draws_decide_where_fishtest_does() {
        let normalized = bounds(0.0, 10.0, EloModel::Normalized);
        // +60 =0 -0: 30 pairs 2-0, ratio 1.196: fishtest goes on too.
        let r = SprtResult::of(normalized, &games_of(&[4; 30]));
        assert_eq!(
            (r.verdict, r.pentanomial),
            (Verdict::Continue, [0, 0, 0, 0, 30])
        );
        assert!((r.llr - 1.195_978_889_179_253_8).abs() < 1e-9);
        assert!((r.score - 1.0).abs() < 1e-15 && (r.wins, r.games) == (60, 60));
        // fishtest accepts H1 at pair 74 (ratio 2.950 055 197 344 724), H0 for draws at pair
        // 1784 (−2.945 188 828 968 922 8); in logistic Elo at pairs 104 and 101; with elo1 100
        // (normalized) at pairs 9 and 19.
        for (scores, b, verdict, pairs, llr) in [
            (
                vec![4; 80],
                normalized,
                Verdict::H1,
                74,
                2.950_055_197_344_724,
            ),
            (
                vec![2; 1800],
                normalized,
                Verdict::H0,
                1784,
                -2.945_188_828_968_922_8,
            ),
            (
                vec![4; 110],
                bounds(0.0, 10.0, EloModel::Logistic),
                Verdict::H1,
                104,
                2.950_344_550_755_087,
            ),
            (
                vec![2; 110],
                bounds(0.0, 10.0, EloModel::Logistic),
                Verdict::H0,
                101,
                -2.940_361_664_709_228,
            ),
            (
                vec![4; 20],
                bounds(0.0, 100.0, EloModel::Normalized),
                Verdict::H1,
                9,
                2.879_189_755_790_260_4,
            ),
            (
                vec![2; 20],
                bounds(0.0, 100.0, EloModel::Normalized),
                Verdict::H0,
                19,
                -2.905_227_879_609_184,
            ),
        ] {
            let r = SprtResult::of(b, &games_of(&scores[..pairs]));
            assert_eq!((r.verdict, r.decided_after), (verdict, Some(pairs as u32)));
            assert!((r.llr - llr).abs() < 1e-8, "{} {llr}", r.llr);
            let before = SprtResult::of(b, &games_of(&scores[..pairs - 1]));
            assert_eq!(before.verdict, Verdict::Continue, "not a pair sooner");
            let later = SprtResult::of(b, &games_of(&scores));
            assert_eq!(
                later.decided_after,
                Some(pairs as u32),
                "games after do not undo it"
            );
        }
    }

    #[test]
    fn a_mixed_run_decides_at_fishtests_pair_with_the_overshoot_correction() {
        // The ratio crosses the bounds as moved in for overshoot, not ln 19 itself: fishtest
        // accepts at pair 276 with ratio 2.935 845 < 2.944 439 (normalized, 0 to 10), at 245
        // (logistic); A weaker (each pair 4 − score), it rejects at 251 and 225.
        let run = mixed(400);
        let weaker: Vec<u8> = run.iter().map(|s| 4 - s).collect();
        for (scores, model, verdict, pairs, llr, counts) in [
            (
                &run,
                EloModel::Normalized,
                Verdict::H1,
                276,
                2.935_845_185_953_135_6,
                [15, 40, 109, 67, 45],
            ),
            (
                &run,
                EloModel::Logistic,
                Verdict::H1,
                245,
                2.942_352_122_652_843,
                [13, 38, 97, 63, 34],
            ),
            (
                &weaker,
                EloModel::Normalized,
                Verdict::H0,
                251,
                -2.932_346_189_644_974,
                [38, 63, 98, 39, 13],
            ),
            (
                &weaker,
                EloModel::Logistic,
                Verdict::H0,
                225,
                -2.930_162_120_759_120_6,
                [31, 56, 88, 37, 13],
            ),
        ] {
            let b = bounds(0.0, 10.0, model);
            let r = SprtResult::of(b, &games_of(&scores[..pairs]));
            assert_eq!(
                (r.verdict, r.decided_after),
                (verdict, Some(pairs as u32)),
                "{model:?}"
            );
            assert_eq!(r.pentanomial, counts);
            assert!((r.llr - llr).abs() < 1e-8, "{model:?}: {} {llr}", r.llr);
            assert!(
                r.llr.abs() < b.upper(),
                "inside ln 19: the overshoot decided it"
            );
        }
        assert_eq!(
            mixed(20),
            [0, 4, 4, 0, 2, 4, 3, 2, 2, 3, 4, 2, 2, 1, 4, 4, 1, 3, 4, 3]
        );
    }

    #[test]
    fn a_stored_test_counts_complete_pairs_from_a_side() {
        let b = bounds(0.0, 50.0, EloModel::Normalized);
        let mut games = games_of(&[4, 1]);
        let mut lone = game(Some(0), "checkmate", 10, &[]);
        lone.number = 4;
        games.push(lone);
        let result = SprtResult::of(b, &games);
        assert_eq!((result.wins, result.draws, result.losses), (2, 1, 1));
        assert_eq!((result.unpaired, result.pentanomial), (1, [0, 1, 0, 0, 1]));
        assert_eq!(result.verdict, Verdict::Continue);
        let report = result.report();
        assert!(
            report.starts_with(
                "pairs: 2  (A scored 0, ½, 1, 1½, 2 in 0 1 0 0 1); 1 games wait for an earlier pair\n\
                 A's score: 0.625  elo: +"
            ),
            "{report}"
        );
        assert!(
            report.ends_with("result: +2 =1 -1\nsprt: undecided after 4 games\n"),
            "{report}"
        );
    }

    #[test]
    fn a_test_stored_before_elo_models_reads_as_logistic() {
        let old = r#"{"elo0":0.0,"elo1":10.0,"alpha":0.05,"beta":0.05}"#;
        let b: SprtBounds = serde_json::from_str(old).expect("an old test");
        assert_eq!(b.model, EloModel::Logistic);
        let new = serde_json::to_string(&SprtBounds::new(0.0, 10.0, 0.05, 0.05).expect("sane"))
            .expect("JSON");
        assert!(new.ends_with(r#""model":"normalized"}"#), "{new}");
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
