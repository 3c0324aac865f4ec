//! Step 1: positions from the engine's self-play.

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use omnichess_core::{Game, ToAct, Variant};
use omnichess_engine::eval::{ClassicEval, classic};
use omnichess_engine::{Limits, Search};
use omnichess_variants::classic::Classic;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::Failure;

/// How a run of self-play is set up.
pub struct Plan {
    /// FEN lines to keep.
    pub positions: u64,
    /// Nodes the engine searches per move.
    pub nodes: u64,
    /// Threads, each playing its own games.
    pub jobs: u64,
    /// The seed of the random moves.
    pub seed: u64,
    /// One position out of check in this many is kept.
    pub keep: u64,
}

/// Plays games on `plan.jobs` threads until `plan.positions` FEN lines are kept, writing each
/// game's lines as it ends (a run stopped early keeps what it wrote).
pub fn run(out: &str, plan: &Plan) -> Result<(), Failure> {
    let Plan {
        positions,
        nodes,
        jobs,
        seed,
        keep,
    } = *plan;
    let file = std::io::BufWriter::new(std::fs::File::create(out)?);
    // The file and how many lines it has.
    let kept = Mutex::new((file, 0u64));
    let next_game = AtomicU64::new(0);
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut search = Search::new(ClassicEval, 16);
                loop {
                    let n = next_game.fetch_add(1, Ordering::Relaxed);
                    let fens = play(&mut search, nodes, seed.wrapping_mul(1_000_003) ^ n, keep);
                    let Ok(mut guard) = kept.lock() else { return };
                    let (file, written) = &mut *guard;
                    if *written >= positions {
                        return;
                    }
                    for fen in fens.iter().take((positions - *written) as usize) {
                        if let Err(e) = writeln!(file, "{fen}") {
                            if let Ok(mut f) = failure.lock() {
                                *f = Some(e);
                            }
                            *written = positions;
                            return;
                        }
                        *written += 1;
                    }
                    if n.is_multiple_of(1_000) {
                        eprintln!("game {n}: {written} positions");
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().map_err(|_| "a thread panicked")? {
        return Err(e.into());
    }
    let (mut file, written) = kept.into_inner().map_err(|_| "a thread panicked")?;
    file.flush()?;
    eprintln!("{written} positions written to {out}");
    Ok(())
}

/// One game's kept positions.
fn play(
    search: &mut Search<Classic, ClassicEval>,
    nodes: u64,
    seed: u64,
    keep: u64,
) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Classic::start();
    let mut decisions = Vec::new();
    let mut fens = Vec::new();
    search.clear();
    for ply in 0..250 {
        if !matches!(game.to_act(), ToAct::Player(_)) {
            break;
        }
        game.decisions(&mut decisions);
        let decision = if ply < 8 || rng.gen_range(0..30) == 0 {
            decisions[rng.gen_range(0..decisions.len())]
        } else {
            let best = match search.search(&game, &Limits::nodes(nodes), &mut |_| {}) {
                Ok(result) => result.best,
                Err(_) => break,
            };
            // Kept: out of check, and quiet by the search's own choice (no capture or
            // promotion to come), one in `keep`.
            let board = game.board();
            if board.checkers().is_empty()
                && !classic::tactical(board, best)
                && rng.gen_range(0..keep.max(1)) == 0
            {
                fens.push(game.fen());
            }
            best
        };
        game.apply(decision);
    }
    fens
}
