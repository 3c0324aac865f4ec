//! The statistics the lab reports: a mean score with its 95 % interval ([`crate::trinomial`]),
//! Shannon entropy, a histogram with quantiles.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::trinomial::Trinomial;

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A mean score or a proportion with its 95 % interval and the per-game variance it was
/// drawn from (what a planner needs: [`crate::plan`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean, 0 to 1.
    pub mean: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
    /// The observed per-game variance, Σ (x − mean)² / n.
    pub variance: f64,
}

impl Estimate {
    /// The mean score of `games` (a win 1, a draw ½, a loss 0) with the score interval of the
    /// trinomial mean ([`Trinomial::interval`]): draws counted as half points of a smaller
    /// variance. No games: ½, and all of 0–1.
    #[must_use]
    pub fn score(games: Trinomial) -> Estimate {
        let (low, high) = games.interval(Z95);
        Estimate {
            mean: games.mean(),
            low,
            high,
            variance: games.variance(),
        }
    }

    /// The share of `n` games that `hits` of them make, with Wilson's score interval (the
    /// trinomial's without draws).
    #[must_use]
    pub fn proportion(hits: u32, n: u32) -> Estimate {
        Estimate::score(Trinomial {
            wins: hits.min(n),
            draws: 0,
            losses: n.saturating_sub(hits),
        })
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
            // The last bin ends at the longest game (the cap, when a game reached it).
            let to = (from + width - 1).min(max);
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
    fn a_score_counts_draws_and_a_proportion_is_wilsons() {
        // 30 wins, 40 draws, 30 losses: ½, variance 0.15, interval 0.424 595 to 0.575 405
        // (crate::trinomial's tests); 60 hits of 100: Wilson's 0.502 003 to 0.690 599.
        let e = Estimate::score(Trinomial {
            wins: 30,
            draws: 40,
            losses: 30,
        });
        assert!((e.mean - 0.5).abs() < 1e-15 && (e.variance - 0.15).abs() < 1e-15);
        assert!((e.low - 0.424_595).abs() < 1e-6 && (e.high - 0.575_405).abs() < 1e-6);
        let p = Estimate::proportion(60, 100);
        assert!((p.low - 0.502_003).abs() < 1e-6 && (p.high - 0.690_599).abs() < 1e-6);
        assert!((p.variance - 0.24).abs() < 1e-15);
        let all = Estimate::proportion(10, 10);
        assert!(all.high <= 1.0 && all.low > 0.7 && (all.mean - 1.0).abs() < 1e-12);
        assert_eq!(Estimate::proportion(0, 0).low, 0.0);
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
        // Games of 14 to 600 turns (600 the cap): the last bin ends at 600, not past it.
        let capped = Lengths::of(&[14, 200, 600], 10);
        assert_eq!(capped.histogram.last(), Some(&[545, 600, 1]));
        assert_eq!(capped.histogram.len(), 10);
    }
}
