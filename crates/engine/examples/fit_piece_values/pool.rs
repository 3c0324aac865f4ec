//! Games played on several threads, and the refereeing the experiment's games share.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use omnichess_core::{Player, Variant};
use omnichess_engine::Evaluator;
use omnichess_engine::agents::{self, Agent, AgentSpec};
use omnichess_engine::match_play::{DEFAULT_MAX_TURNS, MatchConfig};

/// The caps of a 5D game: a match's 5D caps (docs/ENGINE.md, "Strength").
pub const FIVE_D: MatchConfig = MatchConfig {
    adjudication: omnichess_engine::adjudication::Adjudication::NONE,
    opening: 0,
    paired: false,
    material_every: 0,
    events: false,
    first_game: 0,
    games: 1,
    seed: 0,
    max_turns: 40,
    max_decisions: 600,
    records: false,
};

/// The caps of a QEC or Die Chess game: a match's default.
pub const CLASSICAL: MatchConfig = MatchConfig {
    opening: 0,
    paired: false,
    material_every: 0,
    events: false,
    first_game: 0,
    max_turns: DEFAULT_MAX_TURNS,
    max_decisions: u64::MAX,
    ..FIVE_D
};

/// The engine at `nodes` per decision with `evaluator`.
pub fn engine<G: Variant, E: Evaluator<G> + 'static>(
    nodes: u64,
    evaluator: E,
) -> Box<dyn Agent<G>> {
    let spec: AgentSpec = format!("engine:nodes={nodes}").parse().expect("a spec");
    agents::build::<G, _>(spec, evaluator, 0, std::time::Duration::ZERO).expect("the engine")
}

/// `play(worker, n)` for every game number `n` below `games`, on `jobs` threads, each with
/// its own worker (its players) from `make`; the results in the order of `n`, a progress
/// line every 100 games.
pub fn in_parallel<W, T: Send>(
    games: u32,
    jobs: u64,
    make: impl Fn() -> W + Sync,
    play: impl Fn(&mut W, u32) -> T + Sync,
) -> Vec<T> {
    let next = AtomicU32::new(0);
    let done = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut worker = make();
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= games {
                        return;
                    }
                    let result = play(&mut worker, n);
                    let mut done = done.lock().expect("no thread panicked");
                    done.push((n, result));
                    if done.len() % 100 == 0 {
                        eprintln!("{} games", done.len());
                    }
                }
            });
        }
    });
    let mut done = done.into_inner().expect("no thread panicked");
    done.sort_by_key(|d| d.0);
    done.into_iter().map(|d| d.1).collect()
}

/// White's score (1, ½, 0) for a game's winner.
pub fn white_score(winner: Option<Player>) -> f64 {
    match winner {
        Some(Player::White) => 1.0,
        Some(Player::Black) => 0.0,
        None => 0.5,
    }
}

/// Reads measurement lines, `GAME SCORE INPUT…` (numbers separated by tabs, a game's lines
/// together): each game's score and its rows, made by `row` from a line's inputs. `Err` names
/// the first line that is not such a line.
pub fn read_games<R>(
    text: &str,
    row: impl Fn(&[f64]) -> Result<R, String>,
) -> Result<Vec<(f64, Vec<R>)>, String> {
    let mut games: Vec<(f64, f64, Vec<R>)> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", number + 1);
        let fields: Vec<f64> = line
            .split('\t')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| at("not numbers separated by tabs".to_owned()))?;
        let [n, score, inputs @ ..] = fields.as_slice() else {
            return Err(at("not a game, a score and inputs".to_owned()));
        };
        let row = row(inputs).map_err(at)?;
        match games.last_mut() {
            Some((last, _, rows)) if last == n => rows.push(row),
            _ => games.push((*n, *score, vec![row])),
        }
    }
    Ok(games
        .into_iter()
        .map(|(_, score, rows)| (score, rows))
        .collect())
}
