//! A test's games in colour-swapped pairs, as fishtest counts them: game 2k has A first and
//! game 2k + 1 B first, from the same seed (the same opening and rolls), and the pair's score
//! for A, 0 to 2 in half points, is one of five results — its pentanomial counts. The pairs'
//! scores vary less than the games' when an opening favours one side (both games of the pair
//! share it), and the test's variance is theirs. Pairs count in pair order, from pair 0 up
//! to the first that is not complete: games stored past it (workers finish batches out of
//! order) wait, so a stored test's sequence of pairs only grows and its decision, once made,
//! stays.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::llr;
use crate::normal;
use crate::stats::Z95;
use crate::summary::GameSummary;
use crate::trinomial::Trinomial;

/// A's points in `game` of a test: 1 won, ½ drawn, 0 lost ([`GameSummary::a_first`] says
/// which side A had).
#[must_use]
pub fn a_points(game: &GameSummary) -> f64 {
    match game.winner {
        None => 0.5,
        Some(w) if (w == 0) == game.a_first => 1.0,
        Some(_) => 0.0,
    }
}

/// The complete pairs of a test's games from pair 0 on, in pair order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pairs {
    /// Each counted pair's score for A in half points (0 to 4), pair k at index k.
    pub scores: Vec<u8>,
    /// A's wins, draws and losses in the counted pairs' games.
    pub games: Trinomial,
    /// Games left out: those of the first pair not complete and of every pair after it.
    pub unpaired: u32,
}

impl Pairs {
    /// The pairs of `games` (any order; game 2k and 2k + 1 make pair k), counted from pair 0
    /// to the first pair not complete.
    #[must_use]
    pub fn of(games: &[GameSummary]) -> Pairs {
        let mut halves: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
        for game in games {
            halves
                .entry(game.number / 2)
                .or_default()
                .push(a_points(game));
        }
        let mut pairs = Pairs::default();
        let mut unbroken = true;
        for (expected, (&number, points)) in (0_u32..).zip(&halves) {
            unbroken &= number == expected;
            match points[..] {
                [x, y] if unbroken => {
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    pairs.scores.push(((x + y) * 2.0).round() as u8);
                    pairs.games.add(x);
                    pairs.games.add(y);
                }
                _ => {
                    unbroken = false;
                    pairs.unpaired += u32::try_from(points.len()).unwrap_or(u32::MAX);
                }
            }
        }
        pairs
    }

    /// The pentanomial counts of the first `n` pairs: A's pair scores 0, ½, 1, 1½, 2.
    #[must_use]
    pub fn counts(&self, n: usize) -> [u32; 5] {
        let mut counts = [0; 5];
        for &s in self.scores.iter().take(n) {
            counts[usize::from(s.min(4))] += 1;
        }
        counts
    }
}

/// The per-game variance of A's score in pairs with pentanomial `counts`, regularised as
/// [`llr::regularised`] does: twice that of a pair's mean score (fishtest's
/// `stat_util.stats`), what a test's length depends on ([`crate::sprt_plan`]).
#[must_use]
pub fn per_game_variance(counts: &[u32; 5]) -> f64 {
    2.0 * llr::mean_variance(&llr::regularised(counts).1).1
}

/// A's Elo as fishtest's `get_elo` (`server/fishtest/stats/stat_util.py`, the commit of
/// [`crate::llr`]) reads it from pentanomial counts, regularised: the per-game score μ and
/// variance σ² (half a pair's), the 95 % interval μ ± z σ / √games, each end in logistic Elo.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    /// A's Elo: the mean score's, in logistic Elo (scores clamped to 10⁻³ from 0 and 1).
    pub elo: f64,
    /// Half the width of its 95 % interval, in Elo.
    pub elo95: f64,
    /// The likelihood that A is the stronger: Φ((μ − ½) / (σ / √games)).
    pub los: f64,
}

impl EloEstimate {
    /// The estimate from pentanomial `counts`.
    #[must_use]
    pub fn of(counts: &[u32; 5]) -> EloEstimate {
        let (pairs, pdf) = llr::regularised(counts);
        // Per game: the mean of the pairs' mean score, and per_game_variance.
        let games = 2.0 * pairs;
        let (mu, var) = (llr::mean_variance(&pdf).0, per_game_variance(counts));
        let sd = (var / games).sqrt();
        let elo = |x: f64| -400.0 * (1.0 / x.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
        EloEstimate {
            elo: elo(mu),
            elo95: (elo(mu + Z95 * sd) - elo(mu - Z95 * sd)) / 2.0,
            los: normal::cdf((mu - 0.5) / sd),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::tests::game;

    #[test]
    fn pairs_are_scored_for_a_and_a_lone_game_waits() {
        let numbered = |number, winner, a_first| {
            let mut g = game(winner, "checkmate", 10, &[]);
            g.number = number;
            g.a_first = a_first;
            g
        };
        let games = [
            numbered(1, Some(0), false), // B first and won: A lost
            numbered(0, Some(0), true),  // A first and won
            numbered(2, None, true),
            numbered(3, Some(1), false), // A second and won
            numbered(4, Some(0), true),  // its pair not stored yet
        ];
        let pairs = Pairs::of(&games);
        assert_eq!(pairs.scores, [2, 3]);
        assert_eq!(pairs.unpaired, 1);
        assert_eq!(pairs.counts(2), [0, 0, 1, 1, 0]);
        assert_eq!(pairs.counts(1), [0, 0, 1, 0, 0]);
    }

    #[test]
    fn pairs_stop_at_the_first_that_is_not_complete() {
        let numbered = |number| {
            let mut g = game(Some(0), "checkmate", 10, &[]);
            g.number = number;
            g.a_first = number % 2 == 0;
            g
        };
        // Pair 1 has one game and pair 3 none: pairs 2 and 4 wait, whole as they are.
        let games: Vec<_> = [0, 1, 2, 4, 5, 8, 9].into_iter().map(numbered).collect();
        let pairs = Pairs::of(&games);
        assert_eq!((pairs.scores.as_slice(), pairs.unpaired), (&[2][..], 5));
        // Pair 1 completed, pair 3 still missing: pair 2 joins, in order; pair 4 waits.
        let mut more = games.clone();
        more.push(numbered(3));
        let pairs = Pairs::of(&more);
        assert_eq!(
            (pairs.scores.as_slice(), pairs.unpaired),
            (&[2, 2, 2][..], 2)
        );
        assert_eq!(pairs.games.games(), 6);
    }

    #[test]
    fn the_elo_estimate_is_fishtests() {
        // fishtest's stat_util.get_elo (commit b8eecff2, SciPy 1.17) on [3, 12, 40, 15, 5]:
        // (16.225445977668766, 34.86986915718965, 0.820274161933451); on 30 pairs 2-0:
        // (1199.8261952903777, 92.99726320423002, 1.0).
        let e = EloEstimate::of(&[3, 12, 40, 15, 5]);
        assert!((e.elo - 16.225_445_977_668_766).abs() < 1e-9, "{e:?}");
        assert!((e.elo95 - 34.869_869_157_189_65).abs() < 1e-9, "{e:?}");
        assert!((e.los - 0.820_274_161_933_451).abs() < 1e-9, "{e:?}");
        let e = EloEstimate::of(&[0, 0, 0, 0, 30]);
        assert!((e.elo - 1_199.826_195_290_377_7).abs() < 1e-6, "{e:?}");
        assert!((e.elo95 - 92.997_263_204_230_02).abs() < 1e-6, "{e:?}");
        assert!((e.los - 1.0).abs() < 1e-12, "{e:?}");
    }
}
