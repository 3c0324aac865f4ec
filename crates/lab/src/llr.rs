//! The log-likelihood ratio of a test's results as fishtest computes it: Michel Van den
//! Bergh's generalised SPRT, `server/fishtest/stats/LLRcalc.py` of official-stockfish/fishtest
//! (commit b8eecff220b562a0dc2c4e68d1fa02521e06d72c), after his notes "Support of the MLE of a
//! multinomial" and "Normalized Elo: practical" (cantate.be/Fishtest).
//!
//! The results are counts from the worst to the best result: pentanomial pair scores 0, ½, 1,
//! 1½, 2 (or trinomial game scores 0, ½, 1), read as a distribution on 0..1. A count that is 0
//! is replaced by a prior of 10⁻³ ([`PRIOR`]), so that a run of one result (all wins, all
//! draws) still has a spread and its ratio moves. Under each hypothesis the distribution of
//! the same support likeliest for the data is found (its mean, or its t-value (μ − ½)/σ, as
//! the hypothesis says), by the root of a secular equation; the ratio is N Σ p̂ᵢ ln(p₁ᵢ/p₀ᵢ).

/// fishtest's prior for a count of 0 (its `regularize`): 10⁻³ games or pairs.
pub const PRIOR: f64 = 1e-3;

/// Normalized Elo per unit of t-value, 800 / ln 10 (fishtest's `nelo_divided_by_nt`).
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// A distribution on a few values: `(value, probability)`.
pub type Pdf = Vec<(f64, f64)>;

/// The expected score of a player `elo` points stronger (logistic Elo).
#[must_use]
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// `counts` with [`PRIOR`] for each 0, their total and their distribution on 0..1 (the
/// k-th of m counts at k / (m − 1)): fishtest's `results_to_pdf`.
#[must_use]
pub fn regularised(counts: &[u32]) -> (f64, Pdf) {
    let counts: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { PRIOR } else { f64::from(c) })
        .collect();
    let total: f64 = counts.iter().sum();
    let last = f64::from(u32::try_from(counts.len().max(2) - 1).unwrap_or(u32::MAX));
    let pdf = counts
        .iter()
        .zip(0_u32..)
        .map(|(c, k)| (f64::from(k) / last, c / total))
        .collect();
    (total, pdf)
}

/// The mean and variance of `pdf` (its probabilities taken as they are).
#[must_use]
pub fn mean_variance(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|(a, p)| p * a).sum();
    let variance = pdf.iter().map(|(a, p)| p * (a - mean).powi(2)).sum();
    (mean, variance)
}

/// The log-likelihood ratio of `counts` for mean score `logistic_score(elo1)` against
/// `logistic_score(elo0)` (fishtest's `LLR_logistic`); `None` where no distribution of the
/// counts' support has such a mean.
#[must_use]
pub fn logistic(elo0: f64, elo1: f64, counts: &[u32]) -> Option<f64> {
    let (n, pdf) = regularised(counts);
    let p0 = with_mean(&pdf, logistic_score(elo0))?;
    let p1 = with_mean(&pdf, logistic_score(elo1))?;
    Some(n * ratio(&pdf, &p0, &p1))
}

/// The log-likelihood ratio of `counts` for normalized Elo `nelo1` against `nelo0` (fishtest's
/// `LLR_normalized`): t-values nelo / [`NELO_PER_T`], times √2 for pairs (a pair's score has
/// half the variance of two games' sum). `None` where the likeliest distribution with such a
/// t-value cannot be found (bounds far beyond fishtest's ±10; then fishtest fails too).
#[must_use]
pub fn normalized(nelo0: f64, nelo1: f64, counts: &[u32]) -> Option<f64> {
    let scale = if counts.len() == 5 {
        std::f64::consts::SQRT_2
    } else {
        1.0
    };
    let (t0, t1) = (nelo0 / NELO_PER_T * scale, nelo1 / NELO_PER_T * scale);
    let (n, pdf) = regularised(counts);
    let p0 = with_t_value(&pdf, 0.5, t0)?;
    let p1 = with_t_value(&pdf, 0.5, t1)?;
    Some(n * ratio(&pdf, &p0, &p1))
}

/// fishtest's closed-form approximation of [`normalized`] (`LLR_normalized_alt`, section 4.2
/// of "Normalized Elo: practical"): (games / 2) ln((1 + (t − t₀)²) / (1 + (t − t₁)²)), t the
/// observed per-game t-value. Used where [`normalized`] has no answer.
#[must_use]
pub fn normalized_approximation(nelo0: f64, nelo1: f64, counts: &[u32]) -> f64 {
    let (n, pdf) = regularised(counts);
    let (mean, variance) = mean_variance(&pdf);
    let (sigma, games) = if counts.len() == 5 {
        ((2.0 * variance).powf(0.5), 2.0 * n)
    } else {
        (variance.powf(0.5), n)
    };
    let (t0, t1) = (nelo0 / NELO_PER_T, nelo1 / NELO_PER_T);
    let t = (mean - 0.5) / sigma;
    games / 2.0 * ((1.0 + (t - t0) * (t - t0)) / (1.0 + (t - t1) * (t - t1))).ln()
}

/// fishtest's approximation of [`logistic`] (`LLR_alt2`, "GSPRT approximation"):
/// N (s₁ − s₀)(2 μ − s₀ − s₁) / 2σ², μ and σ² the regularised counts' mean and variance.
/// Used where [`logistic`] has no answer.
#[must_use]
pub fn logistic_approximation(elo0: f64, elo1: f64, counts: &[u32]) -> f64 {
    let (n, pdf) = regularised(counts);
    let (mean, variance) = mean_variance(&pdf);
    let (s0, s1) = (logistic_score(elo0), logistic_score(elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / variance / 2.0
}

/// Σ p̂ᵢ (ln p₁ᵢ − ln p₀ᵢ): the ratio per sample.
fn ratio(pdf: &[(f64, f64)], p0: &[(f64, f64)], p1: &[(f64, f64)]) -> f64 {
    pdf.iter()
        .zip(p0.iter().zip(p1))
        .map(|((_, p), ((_, q0), (_, q1)))| p * (q1.ln() - q0.ln()))
        .sum()
}

/// The distribution on `pdf`'s support likeliest for it among those of mean `s`:
/// pᵢ / (1 + x (aᵢ − s)), x the secular equation's root (fishtest's `MLE_expected`).
fn with_mean(pdf: &[(f64, f64)], s: f64) -> Option<Pdf> {
    let shifted: Pdf = pdf.iter().map(|&(a, p)| (a - s, p)).collect();
    let x = secular(&shifted)?;
    Some(
        pdf.iter()
            .map(|&(a, p)| (a, p / (1.0 + x * (a - s))))
            .collect(),
    )
}

/// The distribution on `pdf`'s support likeliest for it among those whose t-value
/// (μ − `reference`) / σ is `t`: from the uniform one, at most ten steps of the secular
/// equation, stopping when no probability moves by 10⁻⁹ (fishtest's `MLE_t_value`).
fn with_t_value(pdf: &[(f64, f64)], reference: f64, t: f64) -> Option<Pdf> {
    #[allow(clippy::cast_precision_loss)]
    let uniform = 1.0 / pdf.len() as f64;
    let mut mle: Pdf = pdf.iter().map(|&(a, _)| (a, uniform)).collect();
    for _ in 0..10 {
        let (mu, var) = mean_variance(&mle);
        let sigma = var.powf(0.5);
        let shifted: Pdf = pdf
            .iter()
            .map(|&(a, p)| {
                (
                    a - reference - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0,
                    p,
                )
            })
            .collect();
        let x = secular(&shifted)?;
        let next: Pdf = pdf
            .iter()
            .zip(&shifted)
            .map(|(&(a, p), &(b, _))| (a, p / (1.0 + x * b)))
            .collect();
        let moved = mle
            .iter()
            .zip(&next)
            .map(|((_, p), (_, q))| (p - q).abs())
            .fold(0.0, f64::max);
        mle = next;
        if moved < 1e-9 {
            break;
        }
    }
    Some(mle)
}

/// The root x of Σ pᵢ aᵢ / (1 + x aᵢ) = 0 between −1/max aᵢ and −1/min aᵢ (each bound moved
/// in by 10⁻⁹); `None` unless the aᵢ straddle 0 and the root is found.
fn secular(pdf: &[(f64, f64)]) -> Option<f64> {
    let v = pdf.iter().map(|&(a, _)| a).fold(f64::INFINITY, f64::min);
    let w = pdf
        .iter()
        .map(|&(a, _)| a)
        .fold(f64::NEG_INFINITY, f64::max);
    if v * w >= 0.0 {
        return None;
    }
    let f = |x: f64| -> f64 { pdf.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum() };
    let epsilon = 1e-9;
    brent(&f, -1.0 / w + epsilon, -1.0 / v - epsilon)
}

/// A root of `f` between `a` and `b` (where `f` changes sign) by Brent's method as SciPy's
/// `brentq` runs it: tolerance 2·10⁻¹² + 4ε|x|, at most 100 steps; `None` without a change of
/// sign or without convergence.
fn brent(f: &dyn Fn(f64) -> f64, a: f64, b: f64) -> Option<f64> {
    const XTOL: f64 = 2e-12;
    const RTOL: f64 = 4.0 * f64::EPSILON;
    let (mut xpre, mut xcur) = (a, b);
    let (mut fpre, mut fcur) = (f(xpre), f(xcur));
    if fpre == 0.0 {
        return Some(xpre);
    }
    if fcur == 0.0 {
        return Some(xcur);
    }
    if (fpre < 0.0) == (fcur < 0.0) {
        return None;
    }
    let (mut xblk, mut fblk) = (0.0, 0.0);
    let (mut spre, mut scur) = (0.0, 0.0);
    for _ in 0..100 {
        if fpre != 0.0 && fcur != 0.0 && (fpre < 0.0) != (fcur < 0.0) {
            xblk = xpre;
            fblk = fpre;
            spre = xcur - xpre;
            scur = spre;
        }
        if fblk.abs() < fcur.abs() {
            (xpre, xcur, xblk) = (xcur, xblk, xcur);
            (fpre, fcur, fblk) = (fcur, fblk, fcur);
        }
        let delta = (XTOL + RTOL * xcur.abs()) / 2.0;
        let sbis = (xblk - xcur) / 2.0;
        if fcur == 0.0 || sbis.abs() < delta {
            return Some(xcur);
        }
        let mut bisect = true;
        if spre.abs() > delta && fcur.abs() < fpre.abs() {
            let stry = if xpre == xblk {
                -fcur * (xcur - xpre) / (fcur - fpre) // the secant
            } else {
                let dpre = (fpre - fcur) / (xpre - xcur);
                let dblk = (fblk - fcur) / (xblk - xcur);
                -fcur * (fblk * dblk - fpre * dpre) / (dblk * dpre * (fblk - fpre))
            };
            if 2.0 * stry.abs() < spre.abs().min(3.0 * sbis.abs() - delta) {
                spre = scur;
                scur = stry;
                bisect = false;
            }
        }
        if bisect {
            spre = sbis;
            scur = sbis;
        }
        xpre = xcur;
        fpre = fcur;
        if scur.abs() > delta {
            xcur += scur;
        } else {
            xcur += if sbis > 0.0 { delta } else { -delta };
        }
        fcur = f(xcur);
    }
    None
}
