//! `lab values`: piece values fitted from self-play. At the start of every few turns of every
//! game the material balance (each kind's pieces, first player's minus second's) is noted
//! beside the game's result; a logistic regression of the first player's points on those
//! balances ([`crate::logistic`]) gives each kind's weight in log-odds per piece, read in
//! pawns where the variant has pawns. Samples of one game share its result, so the intervals
//! are cluster-robust (sandwich, clustered by game), not the naive ones that would count a
//! game many times. Games ended at a cap and positions in the middle of an exchange are left
//! out ([`crate::material_samples`]).
//!
//! A value in pawns is the ratio r = w_k / w_p of the kind's weight to the pawn's, its
//! variance by the delta method from the weights' covariance:
//! var r = var w_k / w_p² + w_k² var w_p / w_p⁴ − 2 w_k cov(w_k, w_p) / w_p³,
//! so the pawn's own uncertainty widens every value in pawns.

use std::fmt::Write as _;

use serde::Serialize;

use super::band;
use super::claims::ClaimCheck;
use super::distinct::distinct;
use super::logistic::{Fit, Row};
use super::material_samples::{CAP_CAUSES, SampleRule, capped};
use super::multiple::holm;
use super::normal::two_sided_p;
use super::score::points;
use super::stats::Z95;
use super::summary::GameSummary;

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
    /// The two-sided p-value of "the weight is 0".
    pub p_value: f64,
    /// Whether the weight is shown apart from 0 with Holm's correction over every kind
    /// fitted ([`Values::kinds_shown`]).
    pub shown_by_holm: bool,
    /// The weight in pawns (divided by the pawn's weight), where the variant has pawns.
    pub pawns: Option<f64>,
    /// The interval in pawns: the ratio ± z times its delta-method standard error.
    pub pawns_low: Option<f64>,
    /// Its high end.
    pub pawns_high: Option<f64>,
    /// The standard error of the value in pawns (the delta method's).
    pub pawns_se: Option<f64>,
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
    /// Games left out because they ended at a cap ([`CAP_CAUSES`]).
    pub capped_left_out: u32,
    /// Games left out because they repeat an earlier game move for move ([`distinct`]).
    pub repeats_left_out: u32,
    /// Samples left out as not quiet (their balance changed over the turns before).
    pub unquiet_left_out: u32,
    /// The material band fitted in, in log-odds ([`band`]; `None`: every sample).
    pub band: Option<f64>,
    /// The rounds of choosing samples by the band and fitting them.
    pub band_rounds: u32,
    /// Samples left out as outside the band (the material alone decides them).
    pub outside_band_left_out: u32,
    /// Kinds unequal only outside the band: not fitted (no value to tell).
    pub outside_band_kinds: Vec<String>,
    /// A sample was used every this many turns.
    pub every: u64,
    /// The quiet check's turns back (0: none).
    pub quiet: u64,
    /// The intercept: the first player's log-odds with material even.
    pub intercept: f64,
    /// Each kind whose balance ever differed, most valuable first.
    pub values: Vec<Value>,
    /// How many weights Holm's correction at the family-wise 5 % level shows apart from 0.
    pub kinds_shown: u32,
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
    /// Every game that noted material ended at a cap.
    #[error(
        "every game ({games}) ended at a cap: values are fitted without capped games (play longer games, or adjudicate them)"
    )]
    AllCapped {
        /// The games.
        games: usize,
    },
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
    /// The fit to `games`' material samples, every sample noted used where quiet
    /// ([`SampleRule::default`]), or why there is none.
    ///
    /// # Errors
    /// As [`Values::fit_with`].
    pub fn fit(games: &[GameSummary]) -> Result<Values, FitError> {
        Values::fit_with(games, SampleRule::default(), Some(band::DEFAULT_BAND))
    }

    /// The fit to the samples of `games` that `rule` chooses, games ended at a cap left out,
    /// in the material band `material_band` ([`band`]; `None`: every sample).
    ///
    /// # Errors
    /// When the games have no material samples (a variant whose boards do not count
    /// material), all ended at a cap, no sample has any material difference (nothing to
    /// fit), or the regression cannot be solved.
    pub fn fit_with(
        played: &[GameSummary],
        rule: SampleRule,
        material_band: Option<f64>,
    ) -> Result<Values, FitError> {
        let games = &distinct(played)[..];
        let repeats_left_out = count(played.len() - games.len());
        let noted: Vec<&GameSummary> = games.iter().filter(|g| !g.material.is_empty()).collect();
        if noted.is_empty() {
            return Err(FitError::NoSamples);
        }
        let capped_left_out = count(games.iter().filter(|g| capped(g)).count());
        let mut unquiet = 0;
        let chosen: Vec<(&GameSummary, Vec<&crate::summary::Material>)> = noted
            .iter()
            .filter(|g| !capped(g))
            .map(|g| {
                let (samples, left_out) = rule.samples(g);
                unquiet += left_out;
                (*g, samples)
            })
            .filter(|(_, samples)| !samples.is_empty())
            .collect();
        if chosen.is_empty() {
            return Err(FitError::AllCapped { games: noted.len() });
        }
        let mut kinds: Vec<&str> = Vec::new();
        for sample in chosen.iter().flat_map(|(_, s)| s) {
            for (kind, n) in &sample.balance {
                if *n != 0 && !kinds.contains(&kind.as_str()) {
                    kinds.push(kind);
                }
            }
        }
        kinds.sort_unstable();
        let samples: usize = chosen.iter().map(|(_, s)| s.len()).sum();
        if kinds.is_empty() {
            return Err(FitError::NoDifference { samples });
        }
        let rows: Vec<Row> = chosen
            .iter()
            .enumerate()
            .flat_map(|(g, (game, samples))| {
                let y = points(game);
                let kinds = &kinds;
                samples.iter().map(move |sample| {
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
        let noted_rows = rows.len();
        let banded = band::fit(rows, kinds.len() + 1, material_band).ok_or(FitError::Singular)?;
        let outside_band_left_out = count(noted_rows - banded.rows.len());
        let (rows, band_rounds) = (banded.rows, banded.rounds);
        let Fit { beta, covariance } = banded.fit;
        let se = |i: usize| covariance[i][i].max(0.0).sqrt();
        let pawn = kinds
            .iter()
            .position(|k| *k == "pawn")
            .map(|i| i + 1)
            .filter(|&i| beta[i] > 0.0);
        let values: Vec<Value> = (1..=kinds.len())
            .map(|i| {
                let (w, e) = (beta[i], se(i));
                let in_pawns = pawn.map(|p| {
                    let wp = beta[p];
                    let var = covariance[i][i] / (wp * wp) + w * w * covariance[p][p] / wp.powi(4)
                        - 2.0 * w * covariance[i][p] / wp.powi(3);
                    (w / wp, var.max(0.0).sqrt())
                });
                Value {
                    kind: kinds[i - 1].to_owned(),
                    log_odds: w,
                    log_odds_low: w - Z95 * e,
                    log_odds_high: w + Z95 * e,
                    p_value: if e > 0.0 { two_sided_p(w / e) } else { 1.0 },
                    shown_by_holm: false,
                    pawns: in_pawns.map(|(r, _)| r),
                    pawns_low: in_pawns.map(|(r, s)| r - Z95 * s),
                    pawns_high: in_pawns.map(|(r, s)| r + Z95 * s),
                    pawns_se: in_pawns.map(|(_, s)| s),
                    unequal_samples: count(rows.iter().filter(|(_, x, _)| x[i] != 0.0).count()),
                }
            })
            .collect();
        // A kind never unequal in the positions fitted (all its differences outside the band)
        // has no weight to tell: it is named, not fitted.
        let (mut values, never): (Vec<Value>, Vec<Value>) =
            values.into_iter().partition(|v| v.unequal_samples > 0);
        let outside_band_kinds: Vec<String> = never.into_iter().map(|v| v.kind).collect();
        let shown = holm(&values.iter().map(|v| v.p_value).collect::<Vec<_>>(), 0.05);
        for (v, shown) in values.iter_mut().zip(&shown) {
            v.shown_by_holm = *shown;
        }
        values.sort_by(|a, b| b.log_odds.total_cmp(&a.log_odds));
        Ok(Values {
            games: count(chosen.len()),
            samples: count(rows.len()),
            capped_left_out,
            repeats_left_out,
            unquiet_left_out: unquiet,
            band: material_band,
            band_rounds,
            outside_band_left_out,
            outside_band_kinds,
            every: rule.every.max(1),
            quiet: rule.quiet,
            intercept: beta[0],
            kinds_shown: count(shown.iter().filter(|s| **s).count()),
            values,
            claims: Vec::new(),
        })
    }

    /// Sets `claims`, the values the variant's rule text claims, beside the fit.
    pub fn check_claims(&mut self, claims: &[omnichess_core::ClaimedValue]) {
        self.claims = ClaimCheck::of(self, claims);
    }

    /// The report for people: the fit, what was left out, then the claims beside it.
    #[must_use]
    pub fn report(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "fitted from {} positions of {} games (first player's log-odds with material even: {:+.3})",
            self.samples, self.games, self.intercept
        );
        let _ = writeln!(
            out,
            "left out: {} games ended at a cap ({}); {} games repeating an earlier one move \
             for move; {} positions not quiet (balance changed over the {} turns before; a \
             position every {} turns)",
            self.capped_left_out,
            CAP_CAUSES.join(", "),
            self.repeats_left_out,
            self.unquiet_left_out,
            self.quiet,
            self.every
        );
        if let Some(band) = self.band {
            let _ = writeln!(
                out,
                "band: the positions whose material, by these values, gives log-odds within \
                 ±{band} ({} left out as decided by the material; {} rounds)",
                self.outside_band_left_out, self.band_rounds
            );
            if !self.outside_band_kinds.is_empty() {
                let _ = writeln!(
                    out,
                    "not fitted: {} (unequal only where the material decides the game)",
                    self.outside_band_kinds.join(", ")
                );
            }
        }
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
        let _ = writeln!(
            out,
            "{} weights tested against 0 at once: Holm's correction at the family-wise 5% level \
             shows {} apart from 0 (each interval above is 95% on its own)",
            self.values.len(),
            self.kinds_shown
        );
        out.push_str(&ClaimCheck::report(&self.claims));
        out
    }
}

/// A count as a u32, saturated.
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fit of every quiet sample, no band: these tests check the regression itself.
    fn fit_all(games: &[GameSummary]) -> Result<Values, FitError> {
        Values::fit_with(games, SampleRule::default(), None)
    }

    #[test]
    fn a_kind_unequal_only_where_the_material_decides_is_named_not_fitted() {
        let mut games = synthetic(2000, 11);
        // An amazon ahead only beside twenty pawns ahead: always outside the band.
        for (i, g) in games.iter_mut().enumerate().take(50) {
            g.winner = Some(0);
            g.material = vec![Material {
                turn: 10,
                balance: vec![("amazon".to_owned(), 1), ("pawn".to_owned(), 20)],
            }];
            g.number = u32::try_from(i).expect("small");
        }
        let fit = Values::fit(&games).expect("a fit");
        assert_eq!(fit.outside_band_kinds, ["amazon"]);
        assert!(fit.values.iter().all(|v| v.kind != "amazon"));
        assert!(
            fit.report()
                .contains("not fitted: amazon (unequal only where the material decides the game)"),
            "{}",
            fit.report()
        );
        let all = fit_all(&games).expect("a fit");
        assert!(all.values.iter().any(|v| v.kind == "amazon"));
        assert!(all.outside_band_kinds.is_empty());
    }

    #[test]
    fn the_lab_fits_in_the_band_by_default() {
        let games = synthetic(2000, 11);
        let banded = Values::fit(&games).expect("a fit");
        let all = fit_all(&games).expect("a fit");
        assert_eq!(banded.band, Some(band::DEFAULT_BAND));
        assert_eq!(
            banded.samples + banded.outside_band_left_out,
            all.samples,
            "every sample is in the band or left out as outside it"
        );
        assert!(banded.outside_band_left_out > 0);
        assert!(banded.report().contains(&format!(
            "band: the positions whose material, by these values, gives log-odds within ±1.5 \
             ({} left out as decided by the material; {} rounds)",
            banded.outside_band_left_out, banded.band_rounds
        )));
        assert_eq!(all.band, None);
        assert!(!all.report().contains("band:"));
    }
    use crate::summary::Material;
    use crate::summary::tests::game;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    fn sigmoid(z: f64) -> f64 {
        1.0 / (1.0 + (-z).exp())
    }

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
        let fit = fit_all(&synthetic(4000, 7)).expect("a fit");
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
        let once = fit_all(&synthetic(400, 3)).expect("a fit");
        let mut repeated = synthetic(400, 3);
        for g in &mut repeated {
            let sample = g.material[0].clone();
            g.material = vec![sample; 10];
        }
        let ten = fit_all(&repeated).expect("a fit");
        let width = |f: &Values| {
            let q = f.values.iter().find(|v| v.kind == "queen").expect("queen");
            q.log_odds_high - q.log_odds_low
        };
        assert!(
            (width(&once) - width(&ten)).abs() < 0.02 * width(&once),
            "clustered by game"
        );
    }

    /// `wins`, `draws` and `losses` of the first player, each game one sample at turn 10 with
    /// `pawns` and `queens` ahead.
    fn group(results: [usize; 3], pawns: i32, queens: i32) -> Vec<GameSummary> {
        let [w, d, l] = results;
        let winners = [Some(0)].repeat(w).into_iter();
        let winners = winners.chain([None].repeat(d)).chain([Some(1)].repeat(l));
        winners
            .map(|winner| {
                let mut g = game(winner, "checkmate", 40, &[]);
                g.material = vec![Material {
                    turn: 10,
                    balance: vec![("pawn".to_owned(), pawns), ("queen".to_owned(), queens)],
                }];
                g
            })
            .collect()
    }

    #[test]
    fn a_value_in_pawns_has_the_delta_methods_interval() {
        // Three kinds of game, one sample each: material even (300 won, 200 drawn, 300 lost:
        // p₀ = ½), a pawn ahead (500-200-300: p₁ = 0.6), a queen ahead (700-200-100: p₂ =
        // 0.8). The model is saturated: logit p₀ = β₀, logit p₁ = β₀ + w_p, logit p₂ = β₀ + w_q,
        // so w_p = logit 0.6 = 0.405 465, w_q = logit 0.8 = 1.386 294. The sandwich makes each
        // group's logit independent with variance v̂ / (n (p(1 − p))²), v̂ its results' own
        // variance: V₀ = 0.1875 / (800 · 0.0625) = 0.003 75, V₁ = 0.19 / (1000 · 0.0576),
        // V₂ = 0.11 / (1000 · 0.0256); var w_p = V₁ + V₀, var w_q = V₂ + V₀, cov = V₀.
        let mut games = group([300, 200, 300], 0, 0);
        games.extend(group([500, 200, 300], 1, 0));
        games.extend(group([700, 200, 100], 0, 1));
        let fit = fit_all(&games).expect("a fit");
        let logit = |p: f64| (p / (1.0 - p)).ln();
        let (wp, wq) = (logit(0.6), logit(0.8));
        let v0 = 0.1875 / (800.0 * 0.0625);
        let (v1, v2) = (0.19 / (1000.0 * 0.0576), 0.11 / (1000.0 * 0.0256));
        let (var_p, var_q, cov) = (v1 + v0, v2 + v0, v0);
        let r = wq / wp;
        let var_r = var_q / (wp * wp) + wq * wq * var_p / wp.powi(4) - 2.0 * wq * cov / wp.powi(3);
        let queen = fit
            .values
            .iter()
            .find(|v| v.kind == "queen")
            .expect("queen");
        let pawn = fit.values.iter().find(|v| v.kind == "pawn").expect("pawn");
        // The ridge (10⁻³) moves the weights by about 10⁻⁵.
        assert!((pawn.log_odds - wp).abs() < 1e-4, "{pawn:?}");
        assert!((queen.log_odds - wq).abs() < 1e-4, "{queen:?}");
        let half = |v: &Value| (v.log_odds_high - v.log_odds_low) / 2.0;
        assert!(
            (half(queen) / (Z95 * var_q.sqrt()) - 1.0).abs() < 1e-3,
            "{queen:?}"
        );
        let in_pawns = queen.pawns.expect("pawns");
        let se = queen.pawns_se.expect("its standard error");
        assert!((in_pawns - r).abs() < 1e-3, "{in_pawns} {r}");
        assert!(
            (se / var_r.sqrt() - 1.0).abs() < 1e-3,
            "{se} {}",
            var_r.sqrt()
        );
        assert!((queen.pawns_low.expect("low") - (in_pawns - Z95 * se)).abs() < 1e-12);
        // 3.419 pawns ± 1.96 · 0.628 = 2.19 to 4.65: wider than the weight's interval over the
        // pawn's weight (2.99 to 3.85), which leaves out the pawn's own uncertainty.
        assert!((var_r.sqrt() - 0.627_821).abs() < 1e-6, "{}", var_r.sqrt());
        assert!(queen.pawns_low < Some(queen.log_odds_low / pawn.log_odds));
        assert_eq!(pawn.pawns_se, Some(0.0), "the pawn is the unit");
        // Two weights tested against 0: both shown with Holm's correction.
        assert_eq!(fit.kinds_shown, 2);
        assert!(fit.report().contains(
            "2 weights tested against 0 at once: Holm's correction at the family-wise 5% level \
             shows 2 apart from 0"
        ));
    }

    #[test]
    fn a_game_repeated_move_for_move_is_fitted_once() {
        let mut games = synthetic(400, 5);
        for (i, g) in games.iter_mut().enumerate() {
            g.number = u32::try_from(i).expect("small");
            g.fingerprint = g.number.into();
            g.fingerprint += 1;
        }
        let whole = fit_all(&games).expect("a fit");
        let copies: Vec<GameSummary> = games[..100]
            .iter()
            .map(|g| GameSummary {
                number: g.number + 400,
                ..g.clone()
            })
            .collect();
        games.extend(copies);
        let fit = fit_all(&games).expect("a fit");
        assert_eq!((fit.repeats_left_out, fit.games), (100, 400));
        assert_eq!(fit.values, whole.values, "the copies change nothing");
    }

    #[test]
    fn games_at_a_cap_and_positions_mid_exchange_are_left_out() {
        let mut games = synthetic(400, 5);
        let whole = fit_all(&games).expect("a fit");
        let mut at_cap = game(None, "turn cap", 200, &[]);
        at_cap.material = vec![Material {
            turn: 10,
            balance: vec![("pawn".to_owned(), 5), ("queen".to_owned(), -1)],
        }];
        games.extend([at_cap.clone(), at_cap]);
        let fit = fit_all(&games).expect("a fit");
        assert_eq!((fit.capped_left_out, fit.games), (2, 400));
        assert_eq!(fit.values, whole.values, "the capped games change nothing");
        assert!(
            fit.report().contains(
                "left out: 2 games ended at a cap (turn cap, decision cap); 0 games repeating an \
                 earlier one move for move; 0 positions not quiet"
            ),
            "{}",
            fit.report()
        );
        // A sample whose balance changed since two turns before is left out.
        let mut mid = games[0].clone();
        mid.material.insert(
            0,
            Material {
                turn: 8,
                balance: vec![("pawn".to_owned(), 9)],
            },
        );
        games[0] = mid;
        let fit = fit_all(&games).expect("a fit");
        assert_eq!(
            (fit.samples, fit.unquiet_left_out),
            (400, 1),
            "turn 8 in, turn 10 out"
        );
        let all = Values::fit_with(&games, SampleRule { every: 1, quiet: 0 }, None).expect("a fit");
        assert_eq!((all.samples, all.unquiet_left_out), (401, 0));
        let only: Vec<GameSummary> = games.iter().filter(|g| capped(g)).cloned().collect();
        assert_eq!(
            fit_all(&only).expect_err("all capped"),
            FitError::AllCapped { games: 2 }
        );
    }

    #[test]
    fn nothing_to_fit_is_said() {
        let g = game(Some(0), "checkmate", 4, &[]);
        assert_eq!(
            fit_all(std::slice::from_ref(&g))
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
            fit_all(&[even]).expect_err("no difference"),
            FitError::NoDifference { samples: 1 }
        );
        assert!(
            FitError::NoDifference { samples: 1 }
                .to_string()
                .contains("in 1 positions: nothing to fit")
        );
    }
}
