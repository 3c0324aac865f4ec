//! Matches between two agents: colours alternate, chance is rolled from a seeded generator by
//! the model's probabilities, a game may be adjudicated by the players' own scores
//! ([`Adjudication`]: resigned when lost, drawn when level), and a game still running after a
//! cap on turns (or decisions) is adjudicated a draw. The report counts wins, draws and
//! losses from A's side and estimates the Elo difference with its 95 % margin.

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use omnichess_core::{
    EventCount, Game, Outcome, Player, ToAct, Variant, Verdict, count_events, play_checked,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub use crate::adjudication::Adjudication;
use crate::adjudication::{Ruling, Tracker};
use crate::agents::Agent;
use crate::error::EngineError;
use crate::limits::{LAST_RESORT_EFFORT, REFEREE_TEST_EFFORT};
use crate::turn_walk::any_complete_turn;

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
    /// The seed of the match: every game's chance rolls and agents' choices come from it and
    /// the game's number ([`game_seeds`]).
    pub seed: u64,
    /// Turns after which a game is adjudicated a draw.
    pub max_turns: u64,
    /// Decisions (of both players and chance, over the whole game) after which a game is
    /// adjudicated a draw at the next turn's start (`u64::MAX`: no cap). In 5D Chess a turn
    /// may hold a hundred moves once the multiverse has exploded; this bounds such a game's
    /// time and memory where a turn cap does not.
    pub max_decisions: u64,
    /// Whether each game's record is written for the progress callback
    /// ([`PlayedGame::record`]); writing a 5D record tests every checking action for
    /// softmate, so it is not done unasked.
    pub records: bool,
    /// The players' decisions played uniformly at random (from the game's seed) before the
    /// agents take over, chance rolled between them as in the game: varied games between
    /// agents that would otherwise play the same game every time (an engine at a fixed node
    /// count against itself). Part of the game and its record.
    pub opening: u32,
    /// Whether each game is played twice, colours swapped ([`game_seeds`] of the pair).
    /// Games 1 and 2, 3 and 4 … share their chance seed (the same random opening, the same
    /// rolls while the two games agree) and hand the players' seeds out by colour, so two
    /// identical players score exactly even and a comparison of two is not swayed by
    /// openings that favour one colour.
    pub paired: bool,
    /// Every this many turns, the material on the boards is noted in
    /// [`PlayedGame::material`] (0: never): what the lab fits piece values to.
    pub material_every: u64,
    /// Whether each game's events are counted ([`PlayedGame::events`]): the lab's balance
    /// studies ask, by replaying the game once it is over; nothing else pays for it.
    pub events: bool,
    /// The number of the first game, from 0: a match plays games `first_game` to
    /// `first_game + games - 1`, each seeded and coloured by its number, so that a longer
    /// match can be played in parts (the lab's batches) and every part plays the games the
    /// whole would.
    pub first_game: u32,
    /// The rules that end a game by the players' scores before its cap
    /// ([`Adjudication::NONE`]: none).
    pub adjudication: Adjudication,
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
    /// Of the draws, games adjudicated at a cap (turns or decisions).
    pub adjudicated: u32,
    /// Of the wins and losses, games a player resigned by the resign rule
    /// ([`Adjudication::resign`]).
    pub resigned: u32,
    /// Of the draws, games drawn by the draw rule ([`Adjudication::draw`]).
    pub drawn_by_score: u32,
    /// Of the draws, games adjudicated when the side on turn found no legal turn while the
    /// referee could not prove that none exists (5D Chess: its agent's search gave up among
    /// many timelines). A side never loses for a turn it did not find. See [`play_match`].
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
        if self.resigned > 0 {
            notes.push(format!("{} resigned by score", self.resigned));
        }
        if self.drawn_by_score > 0 {
            notes.push(format!("{} drawn by score", self.drawn_by_score));
        }
        if self.adjudicated > 0 {
            notes.push(format!("{} drawn at a cap", self.adjudicated));
        }
        if self.no_turn_found > 0 {
            notes.push(format!(
                "{} drawn where the side on turn found no legal turn (none proven absent)",
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
/// Every game is seeded on its own ([`game_seeds`]): its chance rolls and both agents'
/// choices (through [`Agent::new_game`]) depend on the match seed and the game's number
/// only, so [`play_match_parallel`] plays the same games.
///
/// The referee asks who acts with [`omnichess_core::Hooks::to_act_bounded`] and [`REFEREE_TEST_EFFORT`]: in
/// every variant but 5D Chess that is exact. In 5D Chess, when the test of "has the side on
/// turn any legal action?" runs over it, that side is asked to move. If its agent finds no
/// legal turn, the game ends only by what the referee can prove within
/// [`LAST_RESORT_EFFORT`]: checkmate or stalemate when no legal turn exists; otherwise a draw
/// adjudicated and counted in [`MatchReport::no_turn_found`], whether a turn was found to
/// exist or the bound was reached (docs/ENGINE.md, "Search"). A side never loses for a turn
/// it did not find.
pub fn play_match<V: Variant>(
    start: &V,
    a: &mut dyn Agent<V>,
    b: &mut dyn Agent<V>,
    config: &MatchConfig,
    progress: &mut dyn FnMut(&MatchReport, &PlayedGame),
) -> Result<MatchReport, EngineError> {
    let mut report = MatchReport::default();
    for game_number in config.first_game..config.first_game.saturating_add(config.games) {
        let game = play_numbered(start, a, b, config, game_number)?;
        report.record(game.ending, a_colour(game_number));
        progress(&report, &game.played(start, game_number, config));
    }
    Ok(report)
}

/// One finished game of a match, as the progress callback sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The game's number, from 1.
    pub number: u32,
    /// Whether A had White.
    pub a_white: bool,
    /// How it ended, the result first: `1-0 white wins by checkmate`, `1/2-1/2 drawn at the
    /// turn cap (40 turns)`, `1/2-1/2 black found no legal turn, though one exists` (the
    /// referee's adjudications read like the rules' endings, so the result can be read from
    /// every one).
    pub ending: String,
    /// The game in the variant's record format ([`omnichess_core::Records::record_text`]),
    /// when the match keeps records ([`MatchConfig::records`]); its result is unknown (`*`)
    /// where the referee, not the rules, ended it.
    pub record: Option<String>,
    /// The time the game took to play, on the one thread that played it (its agents' turns,
    /// the referee's tests and the rolls): its CPU time where no more games run at once than
    /// there are cores.
    pub elapsed: Duration,
    /// The longest time A's agent took to choose one turn in this game (zero if it chose none).
    pub slowest_a: Duration,
    /// The same for B.
    pub slowest_b: Duration,
    /// A's turn that took the longest per decision it held (an agent limited per decision,
    /// `engine:time=0.1`, has a turn budget of that time for each decision).
    pub slowest_per_decision_a: TurnTime,
    /// The same for B.
    pub slowest_per_decision_b: TurnTime,
    /// The winner, `None` for a draw of any kind (both-lose and adjudications included).
    pub winner: Option<Player>,
    /// What ended the game: the rule (`checkmate`, `stalemate`, `fivefold repetition`, …),
    /// or the referee's `turn cap`, `decision cap`, `no legal turn found`.
    pub cause: String,
    /// Whether both players lost (QEC's bare kings).
    pub both_lose: bool,
    /// Complete turns played.
    pub turns: u64,
    /// The first [`OPENING_SHOWN`] decisions of the players (chance's left out), in the
    /// variant's notation: what the lab's opening diversity counts.
    pub first_decisions: Vec<String>,
    /// The material every [`MatchConfig::material_every`] turns (none when that is 0 or the
    /// variant's boards do not count material, as 5D's repeat pieces through time).
    pub material: Vec<MaterialSample>,
    /// The events of the variant's rules in the game, one count per kind it names
    /// ([`omnichess_core::Events`]), when the match counts them ([`MatchConfig::events`]);
    /// empty otherwise.
    pub events: Vec<EventCount>,
    /// The game's fingerprint: every position it passed through, from the start, folded into
    /// one number ([`fingerprint`]). Two games are the same game when their fingerprints are
    /// equal: a player limited by nodes or depth plays the same game again from the same
    /// opening (and the same rolls), and the lab counts such a repeat once.
    pub fingerprint: u64,
}

/// The fingerprint of the game played by `decisions` from `start`: the position hashes
/// ([`Game::hash`]) of the start and of every position after it, folded in order. Never 0
/// (0 is a game whose fingerprint was not kept).
#[must_use]
pub fn fingerprint<V: Variant>(start: &V, decisions: &[V::Decision]) -> u64 {
    const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
    let fold = |folded: u64, hash: u64| (folded ^ hash).wrapping_mul(MULTIPLIER).rotate_left(29);
    let mut game = start.clone();
    let mut folded = fold(0, game.hash());
    for &d in decisions {
        game.apply(d);
        folded = fold(folded, game.hash());
    }
    folded.max(1)
}

/// The material on the boards at the start of one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialSample {
    /// The turn, counted from the game's first.
    pub turn: u64,
    /// For each kind of piece on the boards (by name), the first player's pieces minus the
    /// second's.
    pub balance: Vec<(&'static str, i32)>,
}

/// The cause ([`PlayedGame::cause`]) of a game a player resigned by the resign rule.
pub const RESIGN_CAUSE: &str = "resign adjudication";

/// The cause of a game drawn by the draw rule.
pub const DRAW_CAUSE: &str = "draw adjudication";

/// The causes of games the referee drew at a cap (the turn cap, the decision cap), not by
/// the rules or the players' scores.
pub const CAP_CAUSES: [&str; 2] = ["turn cap", "decision cap"];

/// The players' decisions a [`PlayedGame`] names in [`PlayedGame::first_decisions`].
pub const OPENING_SHOWN: usize = 2;

/// The time an agent took to choose one turn, and the decisions the turn held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnTime {
    /// The time taken.
    pub time: Duration,
    /// The decisions of the turn.
    pub decisions: usize,
}

impl TurnTime {
    /// The time taken per decision of the turn (zero for no turn).
    #[must_use]
    pub fn per_decision(&self) -> Duration {
        u32::try_from(self.decisions)
            .ok()
            .filter(|&n| n > 0)
            .map_or(Duration::ZERO, |n| self.time / n)
    }

    /// The turn of the two that took longer per decision.
    #[must_use]
    pub fn slower(self, other: TurnTime) -> TurnTime {
        if other.per_decision() > self.per_decision() {
            other
        } else {
            self
        }
    }
}

/// Agents A and B.
pub type AgentPair<V> = (Box<dyn Agent<V>>, Box<dyn Agent<V>>);

/// Builds a fresh pair of agents for one worker thread.
pub type AgentPairFn<'a, V> = dyn Fn() -> Result<AgentPair<V>, EngineError> + Sync + 'a;

/// [`play_match`] on `jobs` threads, each with its own pair of agents from `agents`, taking
/// the next game to play until all are played. The games and the final report are those of
/// [`play_match`] (each game is seeded on its own); `progress` sees the games in the order
/// they end.
pub fn play_match_parallel<V: Variant + Send>(
    start: &V,
    agents: &AgentPairFn<'_, V>,
    config: &MatchConfig,
    jobs: usize,
    progress: &mut dyn FnMut(&MatchReport, &PlayedGame),
) -> Result<MatchReport, EngineError> {
    let next = AtomicU32::new(config.first_game);
    let end = config.first_game.saturating_add(config.games);
    let (sender, results) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, config.games.max(1) as usize) {
            let sender = sender.clone();
            let next = &next;
            let start = start.clone();
            scope.spawn(move || {
                let (mut a, mut b) = match agents() {
                    Ok(pair) => pair,
                    Err(e) => {
                        let _ = sender.send(Err(e));
                        return;
                    }
                };
                loop {
                    let game_number = next.fetch_add(1, Ordering::Relaxed);
                    if game_number >= end {
                        return;
                    }
                    let game = play_numbered(&start, a.as_mut(), b.as_mut(), config, game_number)
                        .map(|g| (g.ending, g.played(&start, game_number, config)));
                    let failed = game.is_err();
                    if sender.send(game.map(|g| (g, game_number))).is_err() || failed {
                        // The collector has stopped (an error elsewhere), or this game failed:
                        // no more games from this thread.
                        next.store(end, Ordering::Relaxed);
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut report = MatchReport::default();
        for result in results {
            let ((ending, played), game_number) = result?;
            report.record(ending, a_colour(game_number));
            progress(&report, &played);
        }
        Ok(report)
    })
}

/// One game between `white` and `black` from `start`, refereed as a match's games are (its
/// caps, the bounded terminal test of [`play_match`]), chance rolled from `chance_seed`: the
/// decisions played and the winner (`None` for a draw of any kind, adjudications included).
/// For experiments that vary the start game by game (the 5D piece-value measurement,
/// docs/ENGINE.md); the agents are used as they are ([`Agent::new_game`] is the caller's).
pub fn play_refereed<V: Variant>(
    start: &V,
    white: &mut dyn Agent<V>,
    black: &mut dyn Agent<V>,
    config: &MatchConfig,
    chance_seed: u64,
) -> Result<(Vec<V::Decision>, Option<Player>), EngineError> {
    let mut rng = StdRng::seed_from_u64(chance_seed);
    let game = play_game(start, white, black, config, &mut rng)?;
    let winner = game.ending.winner();
    Ok((game.decisions, winner))
}

/// A's colour in game `game_number` (from 0): White in the even ones.
fn a_colour(game_number: u32) -> Player {
    if game_number.is_multiple_of(2) {
        Player::White
    } else {
        Player::Black
    }
}

/// The seeds of game `game_number` of a match seeded with `seed`: its chance rolls, agent A's
/// and agent B's (SplitMix64 steps, so that neighbouring games share nothing).
#[must_use]
pub fn game_seeds(seed: u64, game_number: u32) -> [u64; 3] {
    let mut state = seed ^ (u64::from(game_number) << 32);
    [0, 1, 2].map(|_| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

/// Plays game `game_number` of the match: colours by its number, seeds by [`game_seeds`] (of
/// its pair's number, [`MatchConfig::paired`]).
fn play_numbered<V: Variant>(
    start: &V,
    a: &mut dyn Agent<V>,
    b: &mut dyn Agent<V>,
    config: &MatchConfig,
    game_number: u32,
) -> Result<GameOver<V>, EngineError> {
    let (chance, a_seed, b_seed) = if config.paired {
        let [chance, white, black] = game_seeds(config.seed, game_number / 2);
        if a_colour(game_number) == Player::White {
            (chance, white, black)
        } else {
            (chance, black, white)
        }
    } else {
        let [chance, a_seed, b_seed] = game_seeds(config.seed, game_number);
        (chance, a_seed, b_seed)
    };
    a.new_game(a_seed);
    b.new_game(b_seed);
    let mut rng = StdRng::seed_from_u64(chance);
    if a_colour(game_number) == Player::White {
        play_game(start, a, b, config, &mut rng)
    } else {
        play_game(start, b, a, config, &mut rng)
    }
}

impl MatchReport {
    /// Counts a game that ended with `ending`, A having played `a_colour`.
    fn record(&mut self, ending: Ending, a_colour: Player) {
        match ending {
            Ending::TurnCap(_) | Ending::DecisionCap(_) => {
                self.draws += 1;
                self.adjudicated += 1;
            }
            Ending::NoTurnFound { .. } => {
                self.draws += 1;
                self.no_turn_found += 1;
            }
            Ending::Resigned(loser) => {
                self.resigned += 1;
                if loser == a_colour {
                    self.losses += 1;
                } else {
                    self.wins += 1;
                }
            }
            Ending::DrawnByScore => {
                self.draws += 1;
                self.drawn_by_score += 1;
            }
            Ending::Rules(outcome) => match outcome.verdict {
                Verdict::Win(p) if p == a_colour => self.wins += 1,
                Verdict::Win(_) => self.losses += 1,
                Verdict::Draw => self.draws += 1,
                Verdict::BothLose => {
                    self.draws += 1;
                    self.both_lose += 1;
                }
            },
        }
    }
}

/// How a game of a match ended.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// By the rules.
    Rules(Outcome),
    /// Adjudicated a draw at the turn cap (the cap).
    TurnCap(u64),
    /// Adjudicated a draw at the decision cap (the cap).
    DecisionCap(u64),
    /// The player found no legal turn and the referee could not prove that none exists:
    /// adjudicated a draw. `exists`: the referee found one.
    NoTurnFound { player: Player, exists: bool },
    /// This player resigned by the resign rule.
    Resigned(Player),
    /// Drawn by the draw rule.
    DrawnByScore,
}

impl Ending {
    /// The winner, `None` for a draw of any kind.
    fn winner(&self) -> Option<Player> {
        match self {
            Ending::Rules(Outcome {
                verdict: Verdict::Win(p),
                ..
            }) => Some(*p),
            Ending::Resigned(loser) => Some(loser.opponent()),
            _ => None,
        }
    }

    /// What ended the game, in a few words.
    fn cause(&self) -> &'static str {
        match self {
            Ending::Rules(outcome) => outcome.reason,
            Ending::TurnCap(_) => CAP_CAUSES[0],
            Ending::DecisionCap(_) => CAP_CAUSES[1],
            Ending::NoTurnFound { .. } => "no legal turn found",
            Ending::Resigned(_) => RESIGN_CAUSE,
            Ending::DrawnByScore => DRAW_CAUSE,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(outcome) => write!(f, "{outcome}"),
            Ending::TurnCap(cap) => write!(
                f,
                "{} drawn at the turn cap ({})",
                Outcome::draw("").score_text(),
                omnichess_core::counted(*cap, "turn", "turns")
            ),
            Ending::DecisionCap(cap) => write!(
                f,
                "{} drawn at the decision cap ({})",
                Outcome::draw("").score_text(),
                omnichess_core::counted(*cap, "decision", "decisions")
            ),
            Ending::NoTurnFound { player, exists } => write!(
                f,
                "{} {player} found no legal turn, {}",
                Outcome::draw("").score_text(),
                if *exists {
                    "though one exists"
                } else {
                    "and none was proven absent within the referee's bound"
                }
            ),
            Ending::Resigned(loser) => write!(
                f,
                "{} {loser} resigns (adjudicated by the players' scores)",
                Outcome::win(loser.opponent(), "").score_text()
            ),
            Ending::DrawnByScore => write!(
                f,
                "{} drawn by adjudication (both players' scores level)",
                Outcome::draw("").score_text()
            ),
        }
    }
}

/// A game played out: its ending and every decision played.
struct GameOver<V: Variant> {
    ending: Ending,
    decisions: Vec<V::Decision>,
    /// Complete turns played.
    turns: u64,
    /// The longest time White's and Black's agents took to choose one turn.
    slowest: [Duration; 2],
    /// White's and Black's turns that took longest per decision.
    per_decision: [TurnTime; 2],
    /// The time the game took.
    elapsed: Duration,
}

impl<V: Variant> GameOver<V> {
    /// The game as the progress callback sees it, with its record written from `start` if
    /// `record`.
    fn played(&self, start: &V, game_number: u32, config: &MatchConfig) -> PlayedGame {
        let (record, material_every) = (config.records, config.material_every);
        let outcome = match self.ending {
            Ending::Rules(outcome) => Some(outcome),
            _ => None,
        };
        let a_white = a_colour(game_number) == Player::White;
        let (slowest_a, slowest_b) = a_then_b(self.slowest, a_white);
        let (slowest_per_decision_a, slowest_per_decision_b) = a_then_b(self.per_decision, a_white);
        PlayedGame {
            number: game_number + 1,
            a_white,
            ending: self.ending.to_string(),
            record: record.then(|| V::record_text(start, &self.decisions, outcome)),
            elapsed: self.elapsed,
            slowest_a,
            slowest_b,
            slowest_per_decision_a,
            slowest_per_decision_b,
            winner: self.ending.winner(),
            cause: self.ending.cause().to_owned(),
            both_lose: matches!(
                self.ending,
                Ending::Rules(Outcome {
                    verdict: Verdict::BothLose,
                    ..
                })
            ),
            turns: self.turns,
            first_decisions: self.first_decisions(start),
            material: self.material(start, material_every),
            events: if config.events {
                count_events(start, &self.decisions)
            } else {
                Vec::new()
            },
            fingerprint: fingerprint(start, &self.decisions),
        }
    }

    /// The material at the start of every `every`-th turn after the first (none for 0).
    fn material(&self, start: &V, every: u64) -> Vec<MaterialSample> {
        let mut samples = Vec::new();
        if every == 0 {
            return samples;
        }
        let mut game = start.clone();
        let first = game.turn_index();
        let mut noted = first;
        for &d in &self.decisions {
            game.apply(d);
            let turn = game.turn_index();
            if turn != noted && (turn - first).is_multiple_of(every) {
                noted = turn;
                let view = game.view();
                if !view.counts_material {
                    return samples;
                }
                samples.push(MaterialSample {
                    turn: turn - first,
                    balance: balance(&view),
                });
            }
        }
        samples
    }

    /// The texts of the players' first [`OPENING_SHOWN`] decisions.
    fn first_decisions(&self, start: &V) -> Vec<String> {
        let mut game = start.clone();
        let mut texts = Vec::new();
        for &d in &self.decisions {
            if texts.len() == OPENING_SHOWN {
                break;
            }
            if matches!(game.to_act(), ToAct::Player(_)) {
                texts.push(game.decision_text(d));
            }
            game.apply(d);
        }
        texts
    }
}
/// For each kind of piece in `view` (by name), the first player's pieces minus the second's.
fn balance(view: &omnichess_core::View) -> Vec<(&'static str, i32)> {
    let mut kinds: Vec<(&'static str, i32)> = Vec::new();
    for piece in view.boards.iter().flat_map(|b| b.squares.iter().flatten()) {
        let sign = if piece.player == 0 { 1 } else { -1 };
        match kinds.iter_mut().find(|(name, _)| *name == piece.name) {
            Some((_, n)) => *n += sign,
            None => kinds.push((piece.name, sign)),
        }
    }
    kinds.sort_unstable();
    kinds
}

/// White's and Black's `[white, black]` as A's and B's.
fn a_then_b<T>([white, black]: [T; 2], a_white: bool) -> (T, T) {
    if a_white {
        (white, black)
    } else {
        (black, white)
    }
}

/// One game, refereed: its agents are told no draw can be claimed ([`Agent::set_claims`]).
fn play_game<V: Variant>(
    start: &V,
    white: &mut dyn Agent<V>,
    black: &mut dyn Agent<V>,
    config: &MatchConfig,
    rng: &mut StdRng,
) -> Result<GameOver<V>, EngineError> {
    // The referee ends games by the rules' automatic draws alone: nobody can claim one.
    white.set_claims(false);
    black.set_claims(false);
    let began = Instant::now();
    let mut game = start.clone();
    let first_turn = game.turn_index();
    let mut open = Vec::new();
    let mut decisions = Vec::new();
    let mut slowest = [Duration::ZERO; 2];
    let mut per_decision = [TurnTime::default(); 2];
    let mut tracker = Tracker::new(config.adjudication);
    // A ruling by the players' scores, taken unless the turn ruled on ended the game.
    let mut ruled = None;
    // The random opening: its players' decisions drawn uniformly, chance rolled between
    // them by the model (a game that starts with a roll opens after it).
    let mut chosen = 0;
    while chosen < config.opening {
        let chance = match game.to_act() {
            ToAct::Nobody(_) => break,
            ToAct::Chance => true,
            ToAct::Player(_) => false,
        };
        game.decisions(&mut open);
        let d = if chance {
            roll(&game, &open, rng)
        } else {
            let Some(&d) = open.get(rng.gen_range(0..open.len().max(1))) else {
                break;
            };
            chosen += 1;
            d
        };
        game.apply(d);
        decisions.push(d);
    }
    loop {
        let ending = if let Some(ruling) = ruled.take() {
            match game.to_act_bounded(REFEREE_TEST_EFFORT) {
                ToAct::Nobody(outcome) => Ending::Rules(outcome),
                _ => ruling,
            }
        } else if game.turn_index() - first_turn >= config.max_turns {
            Ending::TurnCap(config.max_turns)
        } else if decisions.len() as u64 >= config.max_decisions {
            Ending::DecisionCap(config.max_decisions)
        } else {
            match game.to_act_bounded(REFEREE_TEST_EFFORT) {
                ToAct::Nobody(outcome) => Ending::Rules(outcome),
                ToAct::Chance => {
                    game.decisions(&mut open);
                    let d = roll(&game, &open, rng);
                    game.apply(d);
                    decisions.push(d);
                    continue;
                }
                ToAct::Player(player) => {
                    match player {
                        Player::White => white.set_game(start, &decisions),
                        Player::Black => black.set_game(start, &decisions),
                    }
                    let started = Instant::now();
                    let (turn, name, side, score) = match player {
                        Player::White => (white.choose_turn(&game), "white", 0, white.last_score()),
                        Player::Black => (black.choose_turn(&game), "black", 1, black.last_score()),
                    };
                    let time = started.elapsed();
                    slowest[side] = slowest[side].max(time);
                    per_decision[side] = per_decision[side].slower(TurnTime {
                        time,
                        decisions: turn.len(),
                    });
                    if turn.is_empty() {
                        no_turn_found(&game, player)
                    } else {
                        let played = play_checked(&mut game, &turn);
                        let legal = played.err().unwrap_or(turn.len());
                        decisions.extend_from_slice(&turn[..legal]);
                        if legal < turn.len() {
                            return Err(illegal(&game, name, format!("{:?}", turn[legal])));
                        }
                        ruled = tracker
                            .turn(player, score, game.turn_index() - first_turn)
                            .map(|ruling| match ruling {
                                Ruling::Resigns(loser) => Ending::Resigned(loser),
                                Ruling::Drawn => Ending::DrawnByScore,
                            });
                        continue;
                    }
                }
            }
        };
        return Ok(GameOver {
            ending,
            decisions,
            turns: game.turn_index() - first_turn,
            slowest,
            per_decision,
            elapsed: began.elapsed(),
        });
    }
}

/// How a game ends whose `player` on turn found no legal turn: by the rules when the referee
/// proves, within [`LAST_RESORT_EFFORT`], that there is none (checkmate, stalemate); else a
/// draw adjudicated, saying whether the referee found a turn. Never a loss for the turn not
/// found.
fn no_turn_found<V: Variant>(game: &V, player: Player) -> Ending {
    match game.to_act_bounded(LAST_RESORT_EFFORT) {
        ToAct::Nobody(outcome) => Ending::Rules(outcome),
        _ => Ending::NoTurnFound {
            player,
            exists: !any_complete_turn(game).is_empty(),
        },
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
    fn a_games_fingerprint_is_its_positions_in_order() {
        use omnichess_core::Notation;
        use omnichess_variants::classic::Classic;
        let start = Classic::start();
        let play = |texts: &[&str]| {
            let mut game = start.clone();
            let mut decisions = Vec::new();
            for text in texts {
                let d = game.parse_decision(text).expect("a legal decision");
                game.apply(d);
                decisions.push(d);
            }
            fingerprint(&start, &decisions)
        };
        let line = play(&["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(
            line,
            play(&["e2e4", "e7e5", "g1f3", "b8c6"]),
            "the same game"
        );
        // The same position reached in another order is another game.
        assert_ne!(line, play(&["g1f3", "b8c6", "e2e4", "e7e5"]));
        assert_ne!(
            line,
            play(&["e2e4", "e7e5", "g1f3"]),
            "a game one decision shorter"
        );
        assert_ne!(line, 0, "0 is a game without a fingerprint");
    }

    #[test]
    fn a_turn_not_found_ends_by_the_rules_only_where_none_exists() {
        use omnichess_core::Notation;
        use omnichess_variants::classic::Classic;
        // Fool's mate: White has no legal move, and the referee proves it.
        let mated = Classic::from_position_text(
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        )
        .expect("the position");
        let ending = no_turn_found(&mated, Player::White);
        assert_eq!(ending.to_string(), "0-1 black wins by checkmate");
        // At the start White has twenty: a draw, never a loss.
        let ending = no_turn_found(&Classic::start(), Player::White);
        assert!(matches!(
            ending,
            Ending::NoTurnFound {
                player: Player::White,
                exists: true
            }
        ));
        assert_eq!(
            ending.to_string(),
            "1/2-1/2 white found no legal turn, though one exists"
        );
    }

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
