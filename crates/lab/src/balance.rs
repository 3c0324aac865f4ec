//! `lab balance`: who a variant favours, how its games end, how long they last and how
//! varied their openings are, from self-play of one engine setting against itself.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::distinct::distinct;
use super::events::EventFigures;
use super::plan;
use super::stats::{Estimate, Lengths, entropy_bits};
use super::summary::GameSummary;
use super::trinomial::Trinomial;
use super::verdict::ThreeWay;

/// How the games that ended one way are split by result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ByResult {
    /// Won by the first player.
    pub first: u32,
    /// Won by the second player.
    pub second: u32,
    /// Drawn (both-lose included).
    pub drawn: u32,
}

impl ByResult {
    /// All the games.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.first + self.second + self.drawn
    }

    fn add(&mut self, game: &GameSummary) {
        match game.winner {
            Some(0) => self.first += 1,
            Some(_) => self.second += 1,
            None => self.drawn += 1,
        }
    }
}

/// The figures of a balance study.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Balance {
    /// Games counted: the games played, each repeat of an earlier game counted once with it
    /// ([`crate::distinct`]).
    pub games: u32,
    /// Games played, repeats included.
    pub played: u32,
    /// All games by result.
    pub results: ByResult,
    /// The first player's score (a draw is half a point), with its 95 % interval.
    pub first_player_score: Estimate,
    /// Whom the score favours: the first player, the second, or neither within a margin.
    pub first_player_verdict: ThreeWay,
    /// The share of decisive games, with its 95 % interval.
    pub decisive_rate: Estimate,
    /// Games by what ended them (`checkmate`, `turn cap`, …), each split by result.
    pub causes: BTreeMap<String, ByResult>,
    /// Of the draws, games both players lost (an ending where the rules make both lose).
    pub both_lose: u32,
    /// Game lengths in turns.
    pub lengths: Lengths,
    /// The first decision of each game: how many games opened with each.
    pub first_decisions: BTreeMap<String, u32>,
    /// The entropy, in bits, of the first decision over the games.
    pub first_decision_entropy: f64,
    /// The entropy, in bits, of the first two decisions together.
    pub first_two_entropy: f64,
    /// The events of the variant's rules ([`EventFigures`]), in the variant's order.
    pub events: Vec<EventFigures>,
}

impl Balance {
    /// The figures of `games`, each repeated game counted once ([`distinct`]).
    #[must_use]
    pub fn of(played: &[GameSummary]) -> Balance {
        let games = &distinct(played)[..];
        let mut results = ByResult::default();
        let mut causes: BTreeMap<String, ByResult> = BTreeMap::new();
        let mut first: BTreeMap<String, u32> = BTreeMap::new();
        let mut first_two: BTreeMap<String, u32> = BTreeMap::new();
        for game in games {
            results.add(game);
            causes.entry(game.cause.clone()).or_default().add(game);
            if let Some(d) = game.first_decisions.first() {
                *first.entry(d.clone()).or_default() += 1;
            }
            *first_two.entry(game.first_decisions.join(" ")).or_default() += 1;
        }
        let n = u32::try_from(games.len()).unwrap_or(u32::MAX);
        let lengths: Vec<u64> = games.iter().map(|g| g.turns).collect();
        let score = Estimate::score(Trinomial {
            wins: results.first,
            draws: results.drawn,
            losses: results.second,
        });
        Balance {
            games: n,
            played: u32::try_from(played.len()).unwrap_or(u32::MAX),
            results,
            first_player_score: score,
            first_player_verdict: ThreeWay::of(score.low, score.high, 0.5),
            decisive_rate: Estimate::proportion(results.first + results.second, n),
            causes,
            both_lose: u32::try_from(games.iter().filter(|g| g.both_lose).count())
                .unwrap_or(u32::MAX),
            lengths: Lengths::of(&lengths, 10),
            first_decision_entropy: entropy_bits(&first),
            first_two_entropy: entropy_bits(&first_two),
            first_decisions: first,
            events: EventFigures::of(games),
        }
    }

    /// Where some games repeated earlier ones: how many, and what that means.
    #[must_use]
    pub fn repeats_line(&self) -> Option<String> {
        let repeats = self.played.checked_sub(self.games).filter(|&r| r > 0)?;
        Some(format!(
            "repeats: {repeats} of the {} games played repeat an earlier game move for move \
             (the player plays the same game from the same opening) and are counted once: \
             the figures are of {} different games; open with more random decisions \
             (--opening) for more",
            self.played, self.games
        ))
    }

    /// The report for people, with the players named `names` (first mover first).
    #[must_use]
    pub fn report(&self, names: [&str; 2]) -> String {
        let mut out = String::new();
        let [a, b] = names;
        let r = &self.results;
        let _ = writeln!(
            out,
            "games: {}  ({a} won {}, {b} won {}, drawn {})",
            self.games, r.first, r.second, r.drawn
        );
        if let Some(line) = self.repeats_line() {
            let _ = writeln!(out, "{line}");
        }
        let s = &self.first_player_score;
        let _ = writeln!(
            out,
            "{a}'s score: {:.3}  (95% interval {:.3} to {:.3}): {}",
            s.mean,
            s.low,
            s.high,
            self.first_player_verdict.on_score(names)
        );
        let d = &self.decisive_rate;
        let _ = writeln!(
            out,
            "decisive: {:.1}%  (95% interval {:.1}% to {:.1}%)",
            d.mean * 100.0,
            d.low * 100.0,
            d.high * 100.0
        );
        let _ = writeln!(out, "endings:");
        for (cause, by) in &self.causes {
            let _ = writeln!(
                out,
                "  {cause}: {}  ({a} {}, {b} {}, drawn {})",
                by.total(),
                by.first,
                by.second,
                by.drawn
            );
        }
        if self.both_lose > 0 {
            let _ = writeln!(
                out,
                "  (of the draws, both players lost: {})",
                self.both_lose
            );
        }
        let l = &self.lengths;
        let _ = writeln!(
            out,
            "length in turns: min {}, median {}, 90% {}, max {}, mean {:.1}",
            l.min, l.median, l.p90, l.max, l.mean
        );
        let _ = writeln!(
            out,
            "openings: {} different first decisions, entropy {:.2} bits (first two: {:.2} bits)",
            self.first_decisions.len(),
            self.first_decision_entropy,
            self.first_two_entropy
        );
        out.push_str(&EventFigures::report(&self.events));
        out
    }

    /// The planner's line for the first player's score (its report's last, [`plan::line`]),
    /// the first player named `first`.
    #[must_use]
    pub fn plan_line(&self, first: &str) -> String {
        let s = &self.first_player_score;
        plan::line(
            &format!("{first}'s score"),
            "game",
            s.variance,
            self.games,
            s.margin(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::tests::game;

    #[test]
    fn the_figures_count_every_game_once() {
        let games = [
            game(Some(0), "checkmate", 30, &["e4", "e5"]),
            game(Some(0), "checkmate", 40, &["e4", "c5"]),
            game(Some(1), "checkmate", 50, &["d4", "d5"]),
            game(None, "stalemate", 60, &["d4", "d5"]),
        ];
        let b = Balance::of(&games);
        assert_eq!(
            b.results,
            ByResult {
                first: 2,
                second: 1,
                drawn: 1
            }
        );
        assert!((b.first_player_score.mean - 0.625).abs() < 1e-12);
        assert!((b.decisive_rate.mean - 0.75).abs() < 1e-12);
        assert_eq!(
            b.causes["checkmate"],
            ByResult {
                first: 2,
                second: 1,
                drawn: 0
            }
        );
        assert_eq!(b.causes["stalemate"].drawn, 1);
        assert_eq!(b.first_decisions["e4"], 2);
        assert!((b.first_decision_entropy - 1.0).abs() < 1e-12);
        assert!((b.first_two_entropy - 1.5).abs() < 1e-12);
        assert_eq!((b.lengths.min, b.lengths.max), (30, 60));
        let text = b.report(["white", "black"]);
        // 2 wins, 1 draw, 1 loss: the trinomial score interval 0.248 to 0.889 holds ½.
        assert!(
            text.contains(
                "white's score: 0.625  (95% interval 0.248 to 0.889): balanced within ±0.389\n"
            ),
            "{text}"
        );
        // Variance (2 · 0.375² + 0.125² + 0.625²) / 4 = 0.171 875: 1 651 games for ±0.02.
        assert!((b.first_player_score.variance - 0.171_875).abs() < 1e-15);
        assert!(
            b.plan_line("white")
                .starts_with("planner: white's score varies 0.1719 a game: ±0.02 needs 1651 games"),
            "{}",
            b.plan_line("white")
        );
        assert!(
            text.contains("checkmate: 3  (white 2, black 1, drawn 0)"),
            "{text}"
        );
        assert!(!text.contains("events:"), "no events counted: {text}");
        let mut counted = games.clone();
        counted[0].events = vec![omnichess_core::EventCount {
            name: "crossing".to_owned(),
            count: 3,
            turns: None,
        }];
        let text = Balance::of(&counted).report(["light", "dark"]);
        assert!(
            text.ends_with("events:\n  crossing: 3 in all, 0.75 a game (in 1 game)\n"),
            "{text}"
        );
    }
}
