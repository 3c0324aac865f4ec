//! Step 2: Stockfish's scores of the quiet positions: a search's (`label`) or its static
//! evaluation's (`label-static`).

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use cozy_chess::{Board, Color, Move};
use omnichess_engine::eval::classic;

use super::Failure;

/// How Stockfish scores a position.
#[derive(Clone, Copy)]
pub enum Scoring {
    /// A search to this depth; positions whose best move captures or promotes, or where a
    /// mate is found, are left out.
    Depth(u64),
    /// The static evaluation (the `eval` command's final one), which is about 30 times
    /// faster than a search to depth 7; positions in check are left out. The positions should
    /// be quiet already (`generate` keeps those whose searched best move is quiet).
    Static,
}

/// Positions handed to one Stockfish process at a time by [`Scoring::Static`]: their
/// commands fit in a pipe's buffer, so the writes never wait for the reads.
const BATCH: usize = 64;

/// Scores every position of `input` with `stockfish` on `jobs` processes and writes the ones
/// kept to `out`.
pub fn run(
    input: &str,
    out: &str,
    stockfish: &str,
    scoring: Scoring,
    jobs: u64,
) -> Result<(), Failure> {
    let fens: Vec<String> = std::fs::read_to_string(input)?
        .lines()
        .map(str::to_owned)
        .collect();
    let batch = match scoring {
        Scoring::Depth(_) => 1,
        Scoring::Static => BATCH,
    };
    let next = AtomicUsize::new(0);
    let labelled = Mutex::new(Vec::new());
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let result = (|| -> Result<(), Failure> {
                    let mut engine = Engine::start(stockfish)?;
                    loop {
                        let from = next.fetch_add(batch, Ordering::Relaxed);
                        let stopped = failure.lock().map_or(true, |f| f.is_some());
                        if stopped || from >= fens.len() {
                            return engine.quit();
                        }
                        let end = (from + batch).min(fens.len());
                        let chunk = &fens[from..end];
                        let scores = match scoring {
                            Scoring::Depth(depth) => vec![engine.quiet_score(&chunk[0], depth)?],
                            Scoring::Static => engine.static_scores(chunk)?,
                        };
                        let mut done = labelled.lock().map_err(|_| "a thread panicked")?;
                        let before = done.len();
                        done.extend(
                            (from..)
                                .zip(scores)
                                .filter_map(|(i, score)| score.map(|s| (i, s))),
                        );
                        if before / 100_000 != done.len() / 100_000 {
                            eprintln!("{} positions scored of {end} read", done.len());
                        }
                    }
                })();
                if let (Err(e), Ok(mut f)) = (result, failure.lock()) {
                    *f = Some(e.to_string());
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().map_err(|_| "a thread panicked")? {
        return Err(e.into());
    }
    let mut labelled = labelled.into_inner().map_err(|_| "a thread panicked")?;
    labelled.sort_unstable();
    let mut file = BufWriter::new(std::fs::File::create(out)?);
    for &(i, score) in &labelled {
        writeln!(file, "{}\t{score}", fens[i])?;
    }
    file.flush()?;
    eprintln!(
        "{} positions of {} scored and written to {out}",
        labelled.len(),
        fens.len()
    );
    Ok(())
}

/// The positions and scores of a file `run` wrote: (FEN, board, centipawns from White's view).
pub fn read(path: &str) -> Result<Vec<(String, Board, f64)>, Failure> {
    let mut labelled = Vec::new();
    for (n, line) in std::fs::read_to_string(path)?.lines().enumerate() {
        let (fen, score) = line
            .split_once('\t')
            .ok_or_else(|| format!("line {}: not FEN<TAB>score", n + 1))?;
        let board: Board = fen
            .parse()
            .map_err(|_| format!("line {}: not a FEN", n + 1))?;
        let score: f64 = score
            .parse()
            .map_err(|_| format!("line {}: not a score", n + 1))?;
        labelled.push((fen.to_owned(), board, score));
    }
    Ok(labelled)
}

/// A UCI engine process.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts `path` and waits until it is ready.
    fn start(path: &str) -> Result<Engine, Failure> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {path}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut engine = Engine {
            child,
            input,
            output,
        };
        engine
            .send("uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready")?;
        engine.read_until("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, text: &str) -> Result<(), Failure> {
        writeln!(self.input, "{text}")?;
        self.input.flush()?;
        Ok(())
    }

    /// Reads lines up to one starting with `prefix`; returns it and the last `info` line with
    /// a score.
    fn read_until(&mut self, prefix: &str) -> Result<(String, String), Failure> {
        let (mut line, mut info) = (String::new(), String::new());
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err("the engine closed its output".into());
            }
            if line.starts_with(prefix) {
                return Ok((line.trim().to_owned(), info));
            }
            if line.starts_with("info") && line.contains(" score ") {
                info.clone_from(&line);
            }
        }
    }

    /// The score of `fen` from White's view at `depth`, if the position is quiet: the best
    /// move neither captures nor promotes, and no mate is found. (Positions cozy-chess does
    /// not read, such as a halfmove clock past 100, are left out.)
    fn quiet_score(&mut self, fen: &str, depth: u64) -> Result<Option<i32>, Failure> {
        let Ok(board) = fen.parse::<Board>() else {
            return Ok(None);
        };
        self.send(&format!("position fen {fen}\ngo depth {depth}"))?;
        let (best, info) = self.read_until("bestmove")?;
        let words: Vec<&str> = info.split_whitespace().collect();
        let Some(at) = words.iter().position(|&w| w == "score") else {
            return Ok(None);
        };
        if words.get(at + 1) != Some(&"cp") {
            return Ok(None);
        }
        let Some(cp) = words.get(at + 2).and_then(|w| w.parse::<i32>().ok()) else {
            return Ok(None);
        };
        let mv: Option<Move> = best.split_whitespace().nth(1).and_then(|m| m.parse().ok());
        let quiet = mv.is_some_and(|mv| !classic::tactical(&board, mv));
        let white = if board.side_to_move() == Color::White {
            cp
        } else {
            -cp
        };
        Ok(quiet.then_some(white))
    }

    /// The static evaluations of `fens` from White's view, in centipawns; `None` for a
    /// position in check (Stockfish gives no evaluation) or one cozy-chess does not read.
    fn static_scores(&mut self, fens: &[String]) -> Result<Vec<Option<i32>>, Failure> {
        let mut commands = String::new();
        for fen in fens {
            commands.push_str(&format!("position fen {fen}\neval\n"));
        }
        commands.push_str("isready");
        self.send(&commands)?;
        let mut scores = Vec::with_capacity(fens.len());
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err("the engine closed its output".into());
            }
            if line.starts_with("readyok") {
                break;
            }
            if let Some(rest) = line.strip_prefix("Final evaluation") {
                // "Final evaluation  +0.35 (white side) …", or ": none (in check)".
                let pawns = rest
                    .split_whitespace()
                    .next()
                    .and_then(|w| w.parse::<f64>().ok());
                scores.push(pawns.map(|p| (p * 100.0).round() as i32));
            }
        }
        if scores.len() != fens.len() {
            return Err(format!(
                "{} evaluations for {} positions (is this Stockfish 15?)",
                scores.len(),
                fens.len()
            )
            .into());
        }
        for (score, fen) in scores.iter_mut().zip(fens) {
            if fen.parse::<Board>().is_err() {
                *score = None;
            }
        }
        Ok(scores)
    }

    fn quit(&mut self) -> Result<(), Failure> {
        self.send("quit")?;
        self.child.wait()?;
        Ok(())
    }
}
