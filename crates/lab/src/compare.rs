//! `lab compare`: two starts of one variant (two rule profiles, two positions) played alike —
//! the same engine setting, games and seed — and the differences of their figures, each with
//! its 95 % interval. Game k from start A and game n + k from start B share their seed (the
//! same opening decisions and rolls), so the two are compared pair by pair: the interval of a
//! difference is that of the mean of the pairs' differences, mean ± z s / √pairs, s² their
//! sample variance — narrower than two independent samples' when a seed's game goes alike
//! from both starts, and 0 wide when every pair is alike.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::balance::Balance;
use super::distinct::distinct_pairs;
use super::plan;
use super::score::points;
use super::stats::Z95;
use super::summary::GameSummary;
use super::verdict::ThreeWay;

/// A difference B − A with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Difference {
    /// B's figure minus A's.
    pub delta: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
    /// The pairs of games (one from each start, one seed) it was taken over; `None` for
    /// two independent samples ([`Comparison::of`]).
    pub pairs: Option<u32>,
    /// The per-pair differences' sample variance (for independent samples: the sum of the
    /// two per-game variances).
    pub variance: f64,
    /// Whether B raises the figure, lowers it, or leaves it the same within a margin.
    pub verdict: ThreeWay,
}

impl Difference {
    /// The mean of the pairs' differences `diffs` (each B's game minus A's of the same seed)
    /// with its normal interval from their sample variance, within −1 to 1; fewer than two
    /// pairs: all of −1 to 1.
    #[must_use]
    pub fn paired(diffs: &[f64]) -> Difference {
        let pairs = u32::try_from(diffs.len()).unwrap_or(u32::MAX);
        let n = f64::from(pairs);
        let delta = if pairs == 0 {
            0.0
        } else {
            diffs.iter().sum::<f64>() / n
        };
        let (variance, low, high) = if pairs < 2 {
            (0.25, -1.0, 1.0)
        } else {
            let variance = diffs.iter().map(|d| (d - delta).powi(2)).sum::<f64>() / (n - 1.0);
            let half = Z95 * (variance / n).sqrt();
            (variance, (delta - half).max(-1.0), (delta + half).min(1.0))
        };
        Difference {
            delta,
            low,
            high,
            pairs: Some(pairs),
            variance,
            verdict: ThreeWay::of(low, high, 0.0),
        }
    }

    /// The difference of two proportions `a` and `b` of `na` and `nb` games taken as
    /// independent samples (each variance at least that of one game in `n + 1`, so that a
    /// sample of identical games still has a width) — for games not known to be paired.
    #[must_use]
    pub fn independent(a: f64, na: u32, b: f64, nb: u32) -> Difference {
        let var = |p: f64, n: u32| (p * (1.0 - p)).max(0.25 / (f64::from(n.max(1)) + 1.0));
        let variance = var(a, na) + var(b, nb);
        let half =
            Z95 * (var(a, na) / f64::from(na.max(1)) + var(b, nb) / f64::from(nb.max(1))).sqrt();
        let delta = b - a;
        Difference {
            delta,
            low: delta - half,
            high: delta + half,
            pairs: None,
            variance,
            verdict: ThreeWay::of(delta - half, delta + half, 0.0),
        }
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
    /// The comparison of a `compare` study's `games`, `n` from each start: games below `n`
    /// from A, game n + k from B with game k's seed, their differences taken pair by pair
    /// (a game whose pair is not stored yet counts in its start's figures only); a pair that
    /// repeats an earlier pair move for move in both its games is counted once
    /// ([`distinct_pairs`]).
    #[must_use]
    pub fn of_study(played: &[GameSummary], n: u32) -> Comparison {
        let games = distinct_pairs(played, n);
        let (a, b): (Vec<GameSummary>, Vec<GameSummary>) =
            games.iter().cloned().partition(|g| g.number < n);
        let from_a: BTreeMap<u32, &GameSummary> = a.iter().map(|g| (g.number, g)).collect();
        let decisive = |g: &GameSummary| f64::from(u8::from(g.winner.is_some()));
        let (mut score, mut decided) = (Vec::new(), Vec::new());
        for gb in &b {
            if let Some(ga) = from_a.get(&(gb.number - n)) {
                score.push(points(gb) - points(ga));
                decided.push(decisive(gb) - decisive(ga));
            }
        }
        let (a, b) = (Balance::of(&a), Balance::of(&b));
        Comparison {
            mean_length: b.lengths.mean - a.lengths.mean,
            a,
            b,
            first_player_score: Difference::paired(&score),
            decisive_rate: Difference::paired(&decided),
        }
    }

    /// The comparison of `a` and `b` taken as independent samples (the server's, until it
    /// pairs the games as [`Comparison::of_study`] does).
    #[must_use]
    pub fn of(a: Balance, b: Balance) -> Comparison {
        let first_player_score = Difference::independent(
            a.first_player_score.mean,
            a.games,
            b.first_player_score.mean,
            b.games,
        );
        let decisive_rate =
            Difference::independent(a.decisive_rate.mean, a.games, b.decisive_rate.mean, b.games);
        let mean_length = b.lengths.mean - a.lengths.mean;
        Comparison {
            a,
            b,
            first_player_score,
            decisive_rate,
            mean_length,
        }
    }

    /// The report for people: each study's own, then the differences, then the planner's
    /// line for the first player's score's difference.
    #[must_use]
    pub fn report(&self, names: [&str; 2], labels: [&str; 2]) -> String {
        let mut out = String::new();
        for (label, study) in labels.iter().zip([&self.a, &self.b]) {
            let _ = writeln!(out, "== {label}");
            out.push_str(&study.report(names));
        }
        let _ = writeln!(out, "== {} minus {}", labels[1], labels[0]);
        let line = |what: &str, d: &Difference| {
            let over = d.pairs.map_or_else(
                || "independent samples".to_owned(),
                |p| format!("{p} pairs"),
            );
            format!(
                "{what}: {:+.3}  (95% interval {:+.3} to {:+.3}, {over}): B {}\n",
                d.delta,
                d.low,
                d.high,
                d.verdict.on_difference()
            )
        };
        let s = &self.first_player_score;
        out.push_str(&line(&format!("{}'s score", names[0]), s));
        out.push_str(&line("decisive rate", &self.decisive_rate));
        let _ = writeln!(out, "mean length: {:+.1} turns", self.mean_length);
        if let Some(pairs) = s.pairs {
            let _ = writeln!(
                out,
                "{} (one game from each start: --games counts pairs)",
                plan::line(
                    &format!("the difference in {}'s score", names[0]),
                    "pair",
                    s.variance,
                    pairs,
                    (s.high - s.low) / 2.0,
                )
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::tests::game;

    /// Game `number` won by `winner` (`None` a draw).
    fn numbered(number: u32, winner: Option<u8>) -> GameSummary {
        let mut g = game(winner, "checkmate", 20 + u64::from(number), &["e4"]);
        g.number = number;
        g
    }

    #[test]
    fn identical_starts_differ_by_nothing_with_no_width() {
        let a = [Some(0), None, Some(1), Some(0), None];
        let games: Vec<GameSummary> = (0..10).map(|k| numbered(k, a[(k % 5) as usize])).collect();
        let c = Comparison::of_study(&games, 5);
        let d = c.first_player_score;
        assert_eq!((d.delta, d.low, d.high, d.pairs), (0.0, 0.0, 0.0, Some(5)));
        assert_eq!(d.verdict.on_difference(), "the same within ±0.000");
        assert_eq!(c.decisive_rate.high, 0.0);
        // Taken as independent samples the same games leave ±0.3 or more.
        let independent = Comparison::of(c.a.clone(), c.b.clone());
        assert!(independent.first_player_score.high > 0.3);
    }

    #[test]
    fn the_interval_is_that_of_the_pairs_differences() {
        // Pairs (A, B): (loss, win) +1, (win, win) 0, (draw, win) +½, (win, draw) −½, so the
        // differences' mean is ¼, their sample variance (0.5625 + 0.0625 + 0.0625 + 0.5625) / 3
        // = 0.416 667, the interval ¼ ± 1.959 964 √(0.416 667 / 4) = ¼ ± 0.632 575.
        let a = [Some(1), Some(0), None, Some(0)];
        let b = [Some(0), Some(0), Some(0), None];
        let mut games: Vec<GameSummary> = (0..4).map(|k| numbered(k, a[k as usize])).collect();
        games.extend((0..4).map(|k| numbered(4 + k, b[k as usize])));
        let c = Comparison::of_study(&games, 4);
        let d = c.first_player_score;
        assert!((d.delta - 0.25).abs() < 1e-15);
        assert!((d.variance - 1.25 / 3.0).abs() < 1e-15);
        assert!((d.high - 0.25 - 0.632_575).abs() < 1e-6, "{d:?}");
        assert!((d.low - (0.25 - 0.632_575)).abs() < 1e-6, "{d:?}");
        // Decisive or not, B minus A: 0, 0, +1 (draw then win), −1 (win then draw): mean 0.
        assert!(c.decisive_rate.delta.abs() < 1e-15);
        let text = c.report(["white", "black"], ["band 8", "band 12"]);
        assert!(text.contains("== band 12 minus band 8"), "{text}");
        assert!(
            text.contains(
                "white's score: +0.250  (95% interval -0.383 to +0.883, 4 pairs): B the same \
                 within ±0.883\n"
            ),
            "{text}"
        );
        // 1.959 964² · 0.416 667 / 0.02² = 4 001.5 pairs.
        assert!(
            text.ends_with(
                "planner: the difference in white's score varies 0.4167 a pair: ±0.02 needs \
                 4002 pairs (these 4 give ±0.633) (one game from each start: --games counts \
                 pairs)\n"
            ),
            "{text}"
        );
        // A B game whose A game is not stored yet is left out of the pairs.
        let c = Comparison::of_study(&games[1..], 4);
        assert_eq!(c.first_player_score.pairs, Some(3));
        assert_eq!(c.b.games, 4);
    }

    #[test]
    fn a_large_independent_difference_is_shown_and_none_is_not() {
        let d = Difference::independent(0.5, 400, 0.65, 400);
        assert!((d.delta - 0.15).abs() < 1e-12, "{d:?}");
        assert_eq!(d.verdict.on_difference(), "raises");
        let same = Difference::independent(0.5, 400, 0.5, 400);
        assert!(same.low < 0.0 && same.high > 0.0);
        assert_eq!(Difference::paired(&[1.0]).low, -1.0, "one pair says little");
    }
}
