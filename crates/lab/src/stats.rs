//! The statistics the lab reports: a mean score with its 95 % interval, Shannon entropy, a
//! histogram with quantiles.

use std::collections::BTreeMap;

use serde::Serialize;

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A proportion of points with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean, 0 to 1.
    pub mean: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

impl Estimate {
    /// The Wilson score interval of `points` out of `n` games (a draw is half a point). With
    /// draws it is a little wide: it takes every game as all or nothing. `n = 0`: all of 0–1.
    #[must_use]
    pub fn wilson(points: f64, n: u32) -> Estimate {
        if n == 0 {
            return Estimate {
                mean: 0.5,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = f64::from(n);
        let p = (points / n).clamp(0.0, 1.0);
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Estimate {
            mean: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    /// Half the interval's width, for `0.55 ± 0.07`.
    #[must_use]
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The Shannon entropy, in bits, of the distribution that `counts` sample.
#[must_use]
pub fn entropy_bits<K>(counts: &BTreeMap<K, u32>) -> f64 {
    let total: u32 = counts.values().sum();
    if total == 0 {
        return 0.0;
    }
    let total = f64::from(total);
    counts
        .values()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / total;
            -p * p.log2()
        })
        .sum()
}

/// Game lengths: quantiles and a histogram of equal-width bins.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// The shortest.
    pub min: u64,
    /// The median.
    pub median: u64,
    /// The 90th percentile.
    pub p90: u64,
    /// The longest.
    pub max: u64,
    /// The mean.
    pub mean: f64,
    /// `[from, to, games]`: games from `from` to `to` turns, both included.
    pub histogram: Vec<[u64; 3]>,
}

impl Lengths {
    /// The lengths `values` summed up in at most `bins` bins.
    #[must_use]
    pub fn of(values: &[u64], bins: u64) -> Lengths {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let at = |q: f64| -> u64 {
            if sorted.is_empty() {
                return 0;
            }
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                clippy::cast_precision_loss
            )]
            let i = ((sorted.len() - 1) as f64 * q).round() as usize;
            sorted[i]
        };
        let (min, max) = (at(0.0), at(1.0));
        let width = (max - min) / bins.max(1) + 1;
        let mut histogram: Vec<[u64; 3]> = Vec::new();
        let mut from = min;
        while !sorted.is_empty() && from <= max {
            let to = from + width - 1;
            let n = sorted.iter().filter(|&&v| (from..=to).contains(&v)).count() as u64;
            histogram.push([from, to, n]);
            from = to + 1;
        }
        #[allow(clippy::cast_precision_loss)]
        let mean = if sorted.is_empty() {
            0.0
        } else {
            sorted.iter().sum::<u64>() as f64 / sorted.len() as f64
        };
        Lengths {
            min,
            median: at(0.5),
            p90: at(0.9),
            max,
            mean,
            histogram,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_its_formula_and_stays_inside_zero_to_one() {
        // 60 points of 100: the Wilson interval is [0.5020, 0.6906].
        let e = Estimate::wilson(60.0, 100);
        assert!(
            (e.low - 0.5020).abs() < 1e-4 && (e.high - 0.6906).abs() < 1e-4,
            "{e:?}"
        );
        let all = Estimate::wilson(10.0, 10);
        assert!(all.high <= 1.0 && all.low > 0.6 && (all.mean - 1.0).abs() < 1e-12);
        assert_eq!(Estimate::wilson(0.0, 0).low, 0.0);
    }

    #[test]
    fn entropy_of_uniform_choices_is_their_log() {
        let four: BTreeMap<&str, u32> = [("a", 5), ("b", 5), ("c", 5), ("d", 5)].into();
        assert!((entropy_bits(&four) - 2.0).abs() < 1e-12);
        let one: BTreeMap<&str, u32> = [("a", 9)].into();
        assert_eq!(entropy_bits(&one), 0.0);
    }

    #[test]
    fn lengths_have_their_quantiles_and_every_game_in_a_bin() {
        let values: Vec<u64> = (1..=100).collect();
        let l = Lengths::of(&values, 10);
        assert_eq!((l.min, l.median, l.p90, l.max), (1, 51, 90, 100));
        assert_eq!(l.histogram.iter().map(|b| b[2]).sum::<u64>(), 100);
        assert_eq!(l.histogram[0], [1, 10, 10]);
        assert!((l.mean - 50.5).abs() < 1e-12);
    }
}
