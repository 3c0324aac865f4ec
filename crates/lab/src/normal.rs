//! The standard normal distribution's cumulative function, for p-values (Holm's correction of
//! many claims) and fishtest's likelihood of superiority: the error function by its Taylor
//! series below 2 and its complementary function's continued fraction (Laplace's) above,
//! each good to about 1e-14 there.

/// Φ(x): the chance that a standard normal variable is at most `x`.
#[must_use]
pub fn cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The two-sided p-value of a normal statistic `z`: the chance of |Z| ≥ |z|.
#[must_use]
pub fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// The complementary error function, 1 − erf(x).
fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    if x < 2.0 {
        return 1.0 - erf_series(x);
    }
    // erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), evaluated from the
    // 60th level up: at x ≥ 2 it has converged far below a double's precision.
    let mut tail = x;
    for k in (1..=60).rev() {
        tail = x + f64::from(k) / 2.0 / tail;
    }
    (-x * x).exp() / std::f64::consts::PI.sqrt() / tail
}

/// erf(x) = 2/√π Σ (−1)ⁿ x^(2n+1) / (n! (2n + 1)), for |x| < 2.
fn erf_series(x: f64) -> f64 {
    let mut term = x; // (−1)ⁿ x^(2n+1) / n!
    let mut sum = x;
    for n in 1..60 {
        let n = f64::from(n);
        term *= -x * x / n;
        let next = term / (2.0 * n + 1.0);
        sum += next;
        if next.abs() < 1e-17 {
            break;
        }
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Z95;

    #[test]
    fn the_cdf_has_its_tabled_values() {
        // Φ(1.959 963 984 540 054) = 0.975 (the 95 % quantile), Φ(−3) = 0.001 349 898 031 630 1,
        // Φ(1) = 0.841 344 746 068 542 9, Φ(−6) = 9.865 876 450 377e−10 (tables of Φ).
        assert!((cdf(Z95) - 0.975).abs() < 1e-14);
        assert!((cdf(0.0) - 0.5).abs() < 1e-15);
        assert!((cdf(-3.0) - 0.001_349_898_031_630_1).abs() < 1e-15);
        assert!((cdf(1.0) - 0.841_344_746_068_542_9).abs() < 1e-14);
        assert!((cdf(-6.0) / 9.865_876_450_377e-10 - 1.0).abs() < 1e-10);
        assert!((two_sided_p(-Z95) - 0.05).abs() < 1e-13);
        assert!((cdf(2.0) + cdf(-2.0) - 1.0).abs() < 1e-15);
    }
}
