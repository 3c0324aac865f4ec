//! Fits the Die Chess evaluation's weights to game results (docs/EXPERIMENTS.md:
//! the fitted weights played worse and were not adopted).
//!
//! `play GAMES NODES JOBS FILE`: the engine plays itself at NODES per decision (the 300-turn
//! cap of a match), from the start after four random turns (two a side) that vary the games;
//! at every turn start after them the evaluation's [`Terms`] are measured (each White's minus
//! Black's, and the chance that a round is forfeited by both) and written to FILE beside the
//! game's number and White's final score (1, ½, 0).
//!
//! `records FILE DIR...`: measures the games of match record folders (`omnichess match
//! --records DIR`) the same way, from player A's view (the terms negated where A played
//! Black, A's score): what predicts the results of one player against another.
//!
//! `fit FILE [HELD...]`: fits the weights to the scores with the evaluation's own form — White's
//! expected score is ½ + ½ · x/√(1 + x²), x the weighted terms over
//! [`WIN_SCALE`](omnichess_engine::eval::dice::WIN_SCALE) — by maximum likelihood (Fisher
//! scoring from the evaluation's weights). Every tenth game is held out: the cross-entropy of
//! the evaluation's weights and of the fitted ones on the held-out games says whether the fit
//! predicts results better, not only the games it was fitted to. Prints the fitted weights as
//! Rust, to paste into `WEIGHTS`, and as centipawns per unit of each term. An offset common to
//! every position is fitted beside them (the first player's edge, or player A's) and is not
//! part of the evaluation; the terms numbered HELD keep the evaluation's weights.
//!
//! `cargo run --release -p omnichess-engine --features tools --example fit_dice_eval -- play
//! 5000 20000 2 target/dice_terms.tsv`, then `-- fit target/dice_terms.tsv` (13 minutes
//! of play on two cores, 599 543 positions).

use omnichess_core::{Game, Notation, Records, Variant};
use omnichess_engine::agents::{Agent, RandomAgent};
use omnichess_engine::eval::dice::{TERM_NAMES, TERMS, Terms, WEIGHTS};
use omnichess_engine::eval::{DiceEval, material::Pieces};
use omnichess_engine::match_play::{MatchConfig, game_seeds, play_refereed};
use omnichess_variants::dice::Dice;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[path = "../fit_piece_values/pool.rs"]
mod pool;

mod likelihood;

use likelihood::Weights;

use pool::{CLASSICAL, engine, in_parallel, white_score};

/// One measured position: its terms and the chance of a round both sides forfeit.
pub type Row = Terms;

/// A game's measured positions and White's score.
pub struct Measured {
    /// The positions at its turn starts after the opening.
    pub rows: Vec<Row>,
    /// White's final score: 1, ½ or 0.
    pub score: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["play", games, nodes, jobs, file] => play_all(games, nodes, jobs, file),
        ["fit", file, fixed @ ..] => fixed
            .iter()
            .map(|i| match i.parse::<usize>() {
                Ok(i) if i < TERMS => Ok(i),
                _ => Err(format!("{i}: not a term's number (0 to {})", TERMS - 1)),
            })
            .collect::<Result<Vec<_>, _>>()
            .and_then(|fixed| fit_file(file, &fixed)),
        ["records", file, dirs @ ..] if !dirs.is_empty() => records(file, dirs),
        _ => Err(
            "usage: fit_dice_eval play GAMES NODES JOBS FILE | records FILE DIR... \
             | fit FILE [HELD...]"
                .to_owned(),
        ),
    };
    if let Err(e) = result {
        eprintln!("{e}");
        std::process::exit(2);
    }
}

/// Plays and measures the games, writing them to `file`.
fn play_all(games: &str, nodes: &str, jobs: &str, file: &str) -> Result<(), String> {
    let number = |s: &str| s.parse::<u64>().map_err(|_| format!("{s}: not a number"));
    let (games, nodes, jobs) = (number(games)?, number(nodes)?, number(jobs)?);
    let games = u32::try_from(games).map_err(|_| "too many games".to_owned())?;
    let measured = in_parallel(
        games,
        jobs,
        || (engine(nodes, DiceEval), engine(nodes, DiceEval)),
        |(white, black), n| play(n, white.as_mut(), black.as_mut()),
    );
    write(&measured, file)
}

/// Writes the measured games to `file`: a line per position, its game's number, the game's
/// score, the terms.
fn write(measured: &[Measured], file: &str) -> Result<(), String> {
    let mut text = String::new();
    for (n, g) in measured.iter().enumerate() {
        for row in &g.rows {
            let terms: Vec<String> = row.values.iter().map(f64::to_string).collect();
            text += &format!("{n}\t{}\t{}\n", g.score, terms.join("\t"));
        }
    }
    std::fs::write(file, text).map_err(|e| format!("{file}: {e}"))?;
    eprintln!(
        "{} games measured, written to {file} (fit them: fit {file})",
        measured.len()
    );
    Ok(())
}

/// Measures the games of match record folders (`omnichess match --records DIR`: games.tsv
/// and a PGN record per game) from player A's view: its terms (negated where A played
/// Black) and its score, and writes them to `file`.
fn records(file: &str, dirs: &[&str]) -> Result<(), String> {
    let mut measured = Vec::new();
    for dir in dirs {
        let index = format!("{dir}/games.tsv");
        let text = std::fs::read_to_string(&index).map_err(|e| format!("{index}: {e}"))?;
        for line in text.lines().skip(1) {
            let [_, a, ending, name] = line.split('\t').collect::<Vec<_>>()[..] else {
                return Err(format!("{index}: {line}: not game, a, ending, file"));
            };
            let path = format!("{dir}/{name}");
            let pgn = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            // The ending's result, which a record adjudicated at a cap leaves as `*`
            // (older folders write such a draw "drawn at …").
            let white = match ending.split(' ').next() {
                Some("1-0") => 1.0,
                Some("0-1") => 0.0,
                Some("1/2-1/2" | "drawn") => 0.5,
                _ => return Err(format!("{index}: {line}: no result")),
            };
            let flip = a == "black";
            let mut game = measure_record(&pgn, flip).map_err(|e| format!("{path}: {e}"))?;
            game.score = if flip { 1.0 - white } else { white };
            measured.push(game);
        }
    }
    write(&measured, file)
}

/// One record's turn starts, from White's view or (`flip`) Black's (its score left to the
/// caller).
fn measure_record(pgn: &str, flip: bool) -> Result<Measured, String> {
    let record = Dice::parse_record(pgn).map_err(|e| e.to_string())?;
    let mut game = match &record.start {
        Some(text) => Dice::from_position_text(text).map_err(|e| e.to_string())?,
        None => Dice::start(),
    };
    let sign = if flip { -1.0 } else { 1.0 };
    let view = |game: &Dice| {
        let mut row = terms(game);
        row.values = row.values.map(|v| sign * v);
        row
    };
    let mut rows = vec![view(&game)];
    for decision in &record.decisions {
        let turn = game.turn_index();
        let d = game
            .parse_decision(&decision.text)
            .map_err(|e| format!("{}: {e}", decision.text))?;
        game.apply(d);
        if game.turn_index() != turn && game.to_act().outcome().is_none() {
            rows.push(view(&game));
        }
    }
    Ok(Measured { rows, score: 0.5 })
}

/// Plays game `n` from the start after four random turns and measures its turn starts.
fn play(n: u32, white: &mut dyn Agent<Dice>, black: &mut dyn Agent<Dice>) -> Measured {
    let [chance, white_seed, black_seed] = game_seeds(0xd1ce, n);
    let mut rng = StdRng::seed_from_u64(chance);
    let mut game = Dice::start();
    let opening = MatchConfig {
        max_turns: 4,
        ..CLASSICAL
    };
    let (mut a, mut b) = (RandomAgent::new(rng.r#gen()), RandomAgent::new(rng.r#gen()));
    let (decisions, _) =
        play_refereed(&game, &mut a, &mut b, &opening, rng.r#gen()).expect("legal turns");
    for d in decisions {
        game.apply(d);
    }
    white.new_game(white_seed);
    black.new_game(black_seed);
    let (decisions, winner) =
        play_refereed(&game, white, black, &CLASSICAL, chance).expect("legal turns");
    let mut rows = vec![terms(&game)];
    for d in decisions {
        let turn = game.turn_index();
        game.apply(d);
        if game.turn_index() != turn && game.to_act().outcome().is_none() {
            rows.push(terms(&game));
        }
    }
    Measured {
        rows,
        score: white_score(winner),
    }
}

/// The evaluation's terms of a state.
fn terms(game: &Dice) -> Terms {
    let board = game.board();
    let pieces = Pieces::new(|c, p| board.colored(c, p));
    Terms::of(&pieces, game.die(), board.side())
}

/// Reads the measurements in `file`, fits them and prints the comparison and the weights.
fn fit_file(file: &str, fixed: &[usize]) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let games = read(&text).map_err(|e| format!("{file}: {e}"))?;
    if games.len() < 10 {
        return Err(format!(
            "{file}: {} games; the fit holds out every tenth, so it needs 10 or more",
            games.len()
        ));
    }
    let (mut fitted, mut held) = (Vec::new(), Vec::new());
    for (n, g) in games.iter().enumerate() {
        let into = if n % 10 == 9 { &mut held } else { &mut fitted };
        into.extend(g.rows.iter().map(|r| (r, g.score)));
    }
    let positions = fitted.len() + held.len();
    println!(
        "{} games, {positions} positions ({} held out)",
        games.len(),
        held.len()
    );
    let current: Weights = std::array::from_fn(|i| WEIGHTS.get(i).copied().unwrap_or(0.0));
    let weights = likelihood::fit(&fitted, current, fixed);
    let scale = likelihood::fit_scale(&fitted, &current);
    let scaled = current.map(|w| w * scale);
    println!("cross-entropy per position\tfitted games\theld-out games");
    let scaled_name = format!("evaluation's weights x {scale:.3}");
    for (name, w) in [
        ("evaluation's weights", &current),
        (scaled_name.as_str(), &scaled),
        ("fitted weights", &weights),
    ] {
        println!(
            "{name}\t{:.5}\t{:.5}",
            likelihood::loss(&fitted, w),
            likelihood::loss(&held, w)
        );
    }
    println!("number\tterm\tevaluation's\tfitted");
    for i in 0..TERMS {
        let held = if fixed.contains(&i) { " (held)" } else { "" };
        println!(
            "{i}\t{}\t{}\t{:.1}{held}",
            TERM_NAMES[i], WEIGHTS[i], weights[i]
        );
    }
    println!("{TERMS}\toffset\t0\t{:.1}", weights[TERMS]);
    let rust: Vec<String> = weights[..TERMS].iter().map(|w| format!("{w:.1}")).collect();
    println!("pub const WEIGHTS: [f64; TERMS] = [{}];", rust.join(", "));
    Ok(())
}

/// Reads what [`write`] wrote; `Err` names the first line that is not such a line.
fn read(text: &str) -> Result<Vec<Measured>, String> {
    let games = pool::read_games(text, |inputs| {
        let values = inputs
            .try_into()
            .map_err(|_| format!("{} terms, not {TERMS}", inputs.len()))?;
        Ok(Terms { values })
    })?;
    Ok(games
        .into_iter()
        .map(|(score, rows)| Measured { rows, score })
        .collect())
}
