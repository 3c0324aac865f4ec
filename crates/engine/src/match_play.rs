//! Matches between two agents: colours alternate, chance is rolled from a seeded generator by
//! the model's probabilities, and a game still running after a cap on turns is adjudicated a
//! draw. The report counts wins, draws and losses from A's side and estimates the Elo
//! difference with its 95 % margin.

use std::fmt;

use omnichess_core::{Game, Player, ToAct, Variant, Verdict};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::agents::Agent;
use crate::error::EngineError;
use crate::limits::REFEREE_TEST_EFFORT;

/// The default cap on turns per game: a game still running after 300 turns (150 moves each in
/// the one-decision-per-turn variants) is adjudicated a draw. Every variant's own rules end
/// games too (75 moves, fivefold repetition), but a random agent can shuffle for a long time
/// before they do.
pub const DEFAULT_MAX_TURNS: u64 = 300;

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// Games to play. A has White in the first game and every other one after it.
    pub games: u32,
    /// The seed of the chance rolls (the agents have their own seeds).
    pub seed: u64,
    /// Turns after which a game is adjudicated a draw.
    pub max_turns: u64,
}

/// The result so far, from A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchReport {
    /// Games A won.
    pub wins: u32,
    /// Games drawn, including both-lose results and adjudicated games.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Of the draws, games both players lost (QEC's bare kings): neither beat the other.
    pub both_lose: u32,
    /// Of the draws, games adjudicated at the turn cap.
    pub adjudicated: u32,
    /// Of the decisive games, those that ended when the side on turn found no legal turn
    /// while the referee's bounded test could not tell whether one exists (5D Chess: a
    /// checkmate too wide to prove exhaustively); that side lost. See [`play_match`].
    pub no_turn_found: u32,
}

impl MatchReport {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score: (wins + draws / 2) / games; 0.5 before any game.
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            0.5
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n
        }
    }

    /// The Elo difference A − B implied by the score, and the half-width of its 95 % interval
    /// (from the per-game variance of the results: 1.96 standard errors of the mean score,
    /// mapped through the Elo curve). A score of 0 or 1 gives an infinite difference.
    #[must_use]
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let s = self.score();
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let error = 1.96 * (variance / n).sqrt();
        let low = elo_of(s - error);
        let high = elo_of(s + error);
        (elo_of(s), (high - low) / 2.0)
    }

    /// `elo: +123.4 ± 56.7 (95%)`: the line before the result.
    #[must_use]
    pub fn elo_line(&self) -> String {
        let (elo, margin) = self.elo();
        format!("elo: {} ± {} (95%)", signed(elo), unsigned(margin))
    }

    /// The games that did not end by the rules alone, when there were any: one line for the
    /// progress output before the Elo line.
    #[must_use]
    pub fn notes(&self) -> Option<String> {
        let mut notes = Vec::new();
        if self.adjudicated > 0 {
            notes.push(format!("{} drawn at the turn cap", self.adjudicated));
        }
        if self.no_turn_found > 0 {
            notes.push(format!(
                "{} lost by the side that found no legal turn (not proven exhaustively)",
                self.no_turn_found
            ));
        }
        (!notes.is_empty()).then(|| format!("adjudicated: {}", notes.join("; ")))
    }

    /// `result: +W =D -L`: A's wins, draws and losses.
    #[must_use]
    pub fn result_line(&self) -> String {
        format!("result: +{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

impl fmt::Display for MatchReport {
    /// The two closing lines: Elo, then the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.elo_line(), self.result_line())
    }
}

/// The Elo difference of an expected score (clamped to ±infinity outside (0, 1)).
fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{x:+.1}")
    }
}

fn unsigned(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "inf".into()
    }
}

/// Plays `config.games` games from `start` between `a` and `b`, colours alternating, calling
/// `progress` with the report after every game. Fails only if an agent chooses an illegal
/// decision.
///
/// The referee asks who acts with [`Game::to_act_bounded`] and [`REFEREE_TEST_EFFORT`]: in
/// every variant but 5D Chess that is exact. In 5D Chess, when the test of "has the side on
/// turn any legal action?" runs over it, that side is asked to move; if its agent finds no
/// legal turn either, the game is lost by that side and counted in
/// [`MatchReport::no_turn_found`] (docs/ENGINE.md, "5D: bounded terminal test").
pub fn play_match<V: Variant>(
    start: &V,
    a: &mut dyn Agent<V>,
    b: &mut dyn Agent<V>,
    config: &MatchConfig,
    progress: &mut dyn FnMut(&MatchReport),
) -> Result<MatchReport, EngineError> {
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut report = MatchReport::default();
    for game_number in 0..config.games {
        let a_colour = if game_number % 2 == 0 {
            Player::White
        } else {
            Player::Black
        };
        let (white, black): (&mut dyn Agent<V>, &mut dyn Agent<V>) = if a_colour == Player::White {
            (&mut *a, &mut *b)
        } else {
            (&mut *b, &mut *a)
        };
        white.new_game();
        black.new_game();
        match play_game(start, white, black, config.max_turns, &mut rng)? {
            Ending::TurnCap => {
                report.draws += 1;
                report.adjudicated += 1;
            }
            Ending::NoTurnFound(p) => {
                report.no_turn_found += 1;
                if p == a_colour {
                    report.losses += 1;
                } else {
                    report.wins += 1;
                }
            }
            Ending::Rules(Verdict::Win(p)) if p == a_colour => report.wins += 1,
            Ending::Rules(Verdict::Win(_)) => report.losses += 1,
            Ending::Rules(Verdict::Draw) => report.draws += 1,
            Ending::Rules(Verdict::BothLose) => {
                report.draws += 1;
                report.both_lose += 1;
            }
        }
        progress(&report);
    }
    Ok(report)
}

/// How a game of a match ended.
enum Ending {
    /// By the rules.
    Rules(Verdict),
    /// Adjudicated a draw at the turn cap.
    TurnCap,
    /// The player found no legal turn, and the referee's bounded test could not tell.
    NoTurnFound(Player),
}

/// One game.
fn play_game<V: Variant>(
    start: &V,
    white: &mut dyn Agent<V>,
    black: &mut dyn Agent<V>,
    max_turns: u64,
    rng: &mut StdRng,
) -> Result<Ending, EngineError> {
    let mut game = start.clone();
    let first_turn = game.turn_index();
    let mut open = Vec::new();
    loop {
        if game.turn_index() - first_turn >= max_turns {
            return Ok(Ending::TurnCap);
        }
        match game.to_act_bounded(REFEREE_TEST_EFFORT) {
            ToAct::Nobody(outcome) => return Ok(Ending::Rules(outcome.verdict)),
            ToAct::Chance => {
                game.decisions(&mut open);
                let d = roll(&game, &open, rng);
                game.apply(d);
            }
            ToAct::Player(player) => {
                let (turn, name) = match player {
                    Player::White => (white.choose_turn(&game), "white"),
                    Player::Black => (black.choose_turn(&game), "black"),
                };
                if turn.is_empty() {
                    return Ok(Ending::NoTurnFound(player));
                }
                for d in turn {
                    game.decisions(&mut open);
                    if !open.contains(&d) {
                        return Err(illegal(&game, name, format!("{d:?}")));
                    }
                    game.apply(d);
                }
            }
        }
    }
}

/// A chance outcome drawn by the model's probabilities.
fn roll<G: Game>(game: &G, open: &[G::Decision], rng: &mut StdRng) -> G::Decision {
    let mut left: f64 = rng.r#gen();
    for &d in open {
        left -= game.probability(d).unwrap_or(0.0);
        if left < 0.0 {
            return d;
        }
    }
    open[open.len() - 1]
}

fn illegal<V: Variant>(game: &V, agent: &str, decision: String) -> EngineError {
    EngineError::IllegalChoice {
        agent: format!("the {agent} agent"),
        decision,
        position: game.position_text(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_follows_the_score_and_its_margin_shrinks_with_games() {
        let even = MatchReport {
            wins: 5,
            draws: 0,
            losses: 5,
            ..MatchReport::default()
        };
        assert_eq!(even.elo().0, 0.0);
        let ahead = MatchReport {
            wins: 75,
            draws: 0,
            losses: 25,
            ..MatchReport::default()
        };
        let (elo, margin) = ahead.elo();
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        let more = MatchReport {
            wins: 750,
            draws: 0,
            losses: 250,
            ..MatchReport::default()
        };
        assert!(more.elo().1 < margin / 3.0);
        let perfect = MatchReport {
            wins: 4,
            ..MatchReport::default()
        };
        assert_eq!(
            perfect.to_string(),
            "elo: +inf ± inf (95%)\nresult: +4 =0 -0"
        );
        assert_eq!(ahead.result_line(), "result: +75 =0 -25");
    }
}
