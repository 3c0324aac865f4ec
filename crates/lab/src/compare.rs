//! `lab compare`: two starts of one variant (two rule profiles, two positions) played alike —
//! the same engine setting, games and seed — and the differences of their figures, each with
//! its 95 % interval.

use std::fmt::Write as _;

use serde::Serialize;

use super::balance::Balance;
use super::stats::Z95;

/// A difference B − A with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Difference {
    /// B's figure minus A's.
    pub delta: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

impl Difference {
    /// The difference of two proportions `a` and `b` of `na` and `nb` games, with the
    /// normal interval of two independent samples (each variance at least that of one game
    /// in `n + 1`, so that a sample of identical games still has a width).
    #[must_use]
    pub fn of(a: f64, na: u32, b: f64, nb: u32) -> Difference {
        let var = |p: f64, n: u32| {
            let n = f64::from(n.max(1));
            (p * (1.0 - p)).max(0.25 / (n + 1.0)) / n
        };
        let half = Z95 * (var(a, na) + var(b, nb)).sqrt();
        let delta = b - a;
        Difference {
            delta,
            low: delta - half,
            high: delta + half,
        }
    }

    /// Whether the interval leaves out 0: the two differ at the 95 % level.
    #[must_use]
    pub fn significant(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

/// The comparison of two studies.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The figures of start A.
    pub a: Balance,
    /// The figures of start B.
    pub b: Balance,
    /// B's first-player score minus A's.
    pub first_player_score: Difference,
    /// B's decisive rate minus A's.
    pub decisive_rate: Difference,
    /// B's mean length minus A's, in turns (no interval: lengths are not proportions).
    pub mean_length: f64,
}

impl Comparison {
    /// The comparison of `a` and `b`.
    #[must_use]
    pub fn of(a: Balance, b: Balance) -> Comparison {
        let first_player_score = Difference::of(
            a.first_player_score.mean,
            a.games,
            b.first_player_score.mean,
            b.games,
        );
        let decisive_rate =
            Difference::of(a.decisive_rate.mean, a.games, b.decisive_rate.mean, b.games);
        let mean_length = b.lengths.mean - a.lengths.mean;
        Comparison {
            a,
            b,
            first_player_score,
            decisive_rate,
            mean_length,
        }
    }

    /// The report for people: each study's own, then the differences.
    #[must_use]
    pub fn report(&self, names: [&str; 2], labels: [&str; 2]) -> String {
        let mut out = String::new();
        for (label, study) in labels.iter().zip([&self.a, &self.b]) {
            let _ = writeln!(out, "== {label}");
            out.push_str(&study.report(names));
        }
        let _ = writeln!(out, "== {} minus {}", labels[1], labels[0]);
        let line = |what: &str, d: &Difference| {
            let verdict = if d.significant() {
                "differs at 95%"
            } else {
                "no difference shown"
            };
            format!(
                "{what}: {:+.3}  (95% interval {:+.3} to {:+.3}; {verdict})\n",
                d.delta, d.low, d.high
            )
        };
        out.push_str(&line(
            &format!("{}'s score", names[0]),
            &self.first_player_score,
        ));
        out.push_str(&line("decisive rate", &self.decisive_rate));
        let _ = writeln!(out, "mean length: {:+.1} turns", self.mean_length);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::tests::game;

    #[test]
    fn a_large_difference_is_significant_and_none_is_not() {
        let d = Difference::of(0.5, 400, 0.65, 400);
        assert!((d.delta - 0.15).abs() < 1e-12 && d.significant(), "{d:?}");
        let same = Difference::of(0.5, 400, 0.5, 400);
        assert!(!same.significant() && same.low < 0.0 && same.high > 0.0);
        let identical = Difference::of(1.0, 10, 1.0, 10);
        assert!(
            identical.high > 0.0,
            "identical samples still have an interval"
        );
    }

    #[test]
    fn the_comparison_subtracts_a_from_b() {
        let white = game(Some(0), "checkmate", 20, &["e4"]);
        let draw = game(None, "stalemate", 40, &["e4"]);
        let a = Balance::of(&[white.clone(), draw.clone()]);
        let b = Balance::of(&[white.clone(), white]);
        let c = Comparison::of(a, b);
        assert!((c.first_player_score.delta - 0.25).abs() < 1e-12);
        assert!((c.decisive_rate.delta - 0.5).abs() < 1e-12);
        assert!((c.mean_length + 10.0).abs() < 1e-12);
        let text = c.report(["white", "black"], ["band 8", "band 12"]);
        assert!(text.contains("== band 12 minus band 8"), "{text}");
        assert!(text.contains("white's score: +0.250"), "{text}");
    }
}
