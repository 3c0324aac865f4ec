//! Measures piece values by self-play (docs/ENGINE.md, "Evaluation").
//!
//! The engine plays itself at NODES per decision, refereed as a match's games are (5D: the
//! 40-turn and 600-decision caps; QEC and Die Chess: the 300-turn cap), after random opening
//! turns that vary the games. 5D games start from the Standard position with random material
//! odds ([`multiverse::odds_start`]): each side may lose an officer, have one replaced by a
//! fairy piece (unicorn, dragon, princess, common king), lose pawns and have pawns turned
//! into brawns; two random turns follow. QEC and Die Chess games start from the standard
//! position, and four random turns (two a side) unbalance them; so do classic chess games, the
//! control: there the method should find the classical values. Three Realms games do the same
//! from its standard start, with its 16 kinds besides the king.
//!
//! At every turn start after the opening, each kind's balance is measured: White's count
//! minus Black's (5D: as the evaluation measures material, on each timeline's last board,
//! averaged over the timelines with an active one weighing twice an inactive one). White's
//! final score (1, ½, 0) is fitted to the balances by logistic regression (Texel's method; an
//! intercept and the side to move besides); a kind's value is its weight over the pawn's, in
//! centipawns. Margins are two standard deviations over bootstrap resamples of whole games.
//! The same fit on each game's first measured position alone is printed as a cross-check (in
//! 5D, the odds as dealt).
//!
//! `cargo run --release -p omnichess-engine --features tools --example fit_piece_values VARIANT [GAMES]
//! [NODES] [JOBS] [FILE]` (VARIANT `multiverse`, `classic`, `qec`, `dice` or `realms`; 2000
//! games, 5000 nodes, 2 jobs, `target/fit_VARIANT_values.tsv` by default) plays and fits,
//! keeping the measurements in FILE; `-- --fit FILE [VARIANT]` fits them again; `-- --versus VARIANT N=400,B=350,...
//! [GAMES] [NODES] [JOBS]` plays the engine with those values against the engine with the
//! evaluation's (module `versus`; `multiverse`, `qec` or `dice`).

use omnichess_core::Variant;
use omnichess_engine::Evaluator;
use omnichess_engine::agents::{Agent, RandomAgent};
use omnichess_engine::eval::{
    self, ClassicEval, DiceEval, MultiverseEval, QecEval, RealmsEval, material,
};
use omnichess_engine::match_play::{MatchConfig, game_seeds, play_refereed};
use omnichess_variants::classic::Classic;
use omnichess_variants::dice::Dice;
use omnichess_variants::multiverse::{Kind, Multiverse};
use omnichess_variants::qec::Qec;
use omnichess_variants::realms::Realms;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

mod classical;
mod logistic;
mod multiverse;
mod pool;
mod realms;
mod versus;

use logistic::fit;
use pool::{CLASSICAL, FIVE_D, engine, in_parallel, white_score};

/// The kinds valued: every non-royal kind of the official 5D variants, the classical ones
/// first (QEC and Die Chess fill only those).
pub const KINDS: [Kind; 10] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::Unicorn,
    Kind::Dragon,
    Kind::Brawn,
    Kind::Princess,
    Kind::CommonKing,
];

/// Kinds a variant may measure: the slots of a row (Three Realms has 16 besides the king;
/// 5D's [`KINDS`] fill the first 10, the classical variants the first 5).
pub const SLOTS: usize = 16;

/// Model weights: one per slot, then the intercept and the side to move.
pub const WEIGHTS: usize = SLOTS + 2;

/// Bootstrap resamples for the margins.
const RESAMPLES: usize = 60;

/// One measured position: its balances (with the intercept's and side to move's inputs).
pub type Row = [f64; WEIGHTS];

/// A game's measured positions and White's score.
struct Measured {
    rows: Vec<Row>,
    score: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, path, rest @ ..] = args.as_slice()
        && flag == "--fit"
        && rest.len() <= 1
    {
        let names = slot_names(rest.first().map_or("multiverse", String::as_str));
        match std::fs::read_to_string(path)
            .map_err(|e| format!("{path}: {e}"))
            .and_then(|text| read(&text).map_err(|e| format!("{path}: {e}")))
        {
            Ok(games) if !games.is_empty() => report(&games, "the games read", &names),
            Ok(_) => eprintln!("{path}: no measurements"),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
        return;
    }
    let arg = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    if args.first().is_some_and(|a| a == "--versus") {
        let variant = args.get(1).map_or("", String::as_str);
        let values = args.get(2).map_or("", String::as_str);
        let (games, nodes, jobs) = (arg(3, 400), arg(4, 5000), arg(5, 2));
        let games = u32::try_from(games).unwrap_or(u32::MAX);
        let run = (games, nodes, jobs);
        let report = match variant {
            "multiverse" => {
                versus::versus(&multiverse_setup(), values, eval::multiverse::value, run)
            }
            "qec" => versus::versus(&qec_setup(), values, qec_value, run),
            "dice" => versus::versus(&dice_setup(), values, classical_value, run),
            _ => usage(),
        };
        let report = report.unwrap_or_else(|e| {
            eprintln!("{e}");
            usage()
        });
        println!(
            "{variant}: {values} against the evaluation's values, {games} games at {nodes} nodes"
        );
        println!("{}", report.elo_line());
        println!("{}", report.result_line());
        return;
    }
    let variant = args.first().map_or("", String::as_str);
    let games = u32::try_from(arg(1, 2000)).unwrap_or(u32::MAX);
    let (nodes, jobs) = (arg(2, 5000), arg(3, 2));
    let measured = match variant {
        "multiverse" => play_all(multiverse_setup(), games, nodes, jobs),
        "classic" => play_all(classic_setup(), games, nodes, jobs),
        "qec" => play_all(qec_setup(), games, nodes, jobs),
        "dice" => play_all(dice_setup(), games, nodes, jobs),
        "realms" => play_all(realms_setup(), games, nodes, jobs),
        _ => usage(),
    };
    let default_out = format!("target/fit_{variant}_values.tsv");
    let out = args.get(4).unwrap_or(&default_out);
    std::fs::write(out, write(&measured)).expect("the measurements written");
    eprintln!("measurements written to {out} (refit: --fit {out})");
    report(
        &measured,
        &format!("{variant}: {games} games at {nodes} nodes per decision"),
        &slot_names(variant),
    );
}

/// The names of a variant's slots, in row order.
fn slot_names(variant: &str) -> Vec<String> {
    if variant == "realms" {
        realms::kinds().map(|k| k.name().to_owned()).collect()
    } else {
        KINDS.iter().map(|k| format!("{k:?}")).collect()
    }
}

/// Says how to call the example, and stops.
fn usage() -> ! {
    eprintln!(
        "usage: fit_piece_values (multiverse|classic|qec|dice|realms) [GAMES] [NODES] [JOBS] [FILE]\n   \
         or: fit_piece_values --fit FILE [VARIANT]\n   \
         or: fit_piece_values --versus (multiverse|qec|dice) P=100,N=300,... [GAMES] [NODES] [JOBS]"
    );
    std::process::exit(2);
}

/// 5D Chess: the Standard start with random odds, two random turns, the 5D caps.
fn multiverse_setup() -> Setup<Multiverse, MultiverseEval> {
    Setup {
        evaluator: MultiverseEval,
        start: multiverse::odds_start,
        opening_turns: 2,
        balances: multiverse::balances,
        config: FIVE_D,
    }
}

/// Classic chess, the control: the start, four random turns, the default cap.
fn classic_setup() -> Setup<Classic, ClassicEval> {
    Setup {
        evaluator: ClassicEval,
        start: |_| Classic::start(),
        opening_turns: 4,
        balances: classical::classic_balances,
        config: CLASSICAL,
    }
}

/// QEC (the file mapping): as classic chess.
fn qec_setup() -> Setup<Qec, QecEval> {
    Setup {
        evaluator: QecEval,
        start: |_| Qec::start(),
        opening_turns: 4,
        balances: classical::qec_balances,
        config: CLASSICAL,
    }
}

/// Die Chess: as classic chess.
fn dice_setup() -> Setup<Dice, DiceEval> {
    Setup {
        evaluator: DiceEval,
        start: |_| Dice::start(),
        opening_turns: 4,
        balances: classical::dice_balances,
        config: CLASSICAL,
    }
}

/// Three Realms: the standard start, four random turns, the default cap.
fn realms_setup() -> Setup<Realms, RealmsEval> {
    Setup {
        evaluator: RealmsEval,
        start: |_| Realms::start(),
        opening_turns: 4,
        balances: realms::balances,
        config: CLASSICAL,
    }
}

/// The value of a classical kind in the board core (eval/material.rs): Die Chess's.
fn classical_value(kind: Kind) -> i32 {
    indexed(&material::VALUES, kind)
}

/// The value of a classical kind in QEC (eval/qec.rs).
fn qec_value(kind: Kind) -> i32 {
    indexed(&eval::qec::VALUES, kind)
}

/// `values[i]` for the kind at `KINDS[i]` (0 for a kind past the table).
fn indexed(values: &[i32], kind: Kind) -> i32 {
    KINDS
        .iter()
        .position(|&k| k == kind)
        .and_then(|i| values.get(i))
        .copied()
        .unwrap_or(0)
}

/// `start` after the setup's random opening turns, drawn from `rng`.
fn opening<G: Variant, E>(mut start: G, setup: &Setup<G, E>, rng: &mut StdRng) -> G {
    let config = MatchConfig {
        opening: 0,
        paired: false,
        material_every: 0,
        events: false,
        first_game: 0,
        max_turns: setup.opening_turns,
        ..setup.config
    };
    let (mut a, mut b) = (RandomAgent::new(rng.r#gen()), RandomAgent::new(rng.r#gen()));
    let (decisions, _) =
        play_refereed(&start, &mut a, &mut b, &config, rng.r#gen()).expect("legal turns");
    for d in decisions {
        start.apply(d);
    }
    start
}

/// How a variant's games are set up and measured.
struct Setup<G, E> {
    /// The engine's evaluation.
    evaluator: E,
    /// The start of a game, from its random generator.
    start: fn(&mut StdRng) -> G,
    /// Random turns played from the start before the engines take over.
    opening_turns: u64,
    /// What is measured at a turn start.
    balances: fn(&G) -> Row,
    /// The caps of the engines' game.
    config: MatchConfig,
}

/// Plays `games` games on `jobs` threads, the engine at `nodes` per decision, in the order
/// of their numbers.
fn play_all<G, E>(setup: Setup<G, E>, games: u32, nodes: u64, jobs: u64) -> Vec<Measured>
where
    G: Variant,
    E: Evaluator<G> + Copy + Send + Sync + 'static,
{
    let setup = &setup;
    in_parallel(
        games,
        jobs,
        || {
            (
                engine(nodes, setup.evaluator),
                engine(nodes, setup.evaluator),
            )
        },
        |(white, black), n| play(setup, n, white.as_mut(), black.as_mut()),
    )
}

/// Plays game `n` and measures its positions after the opening.
fn play<G: Variant, E>(
    setup: &Setup<G, E>,
    n: u32,
    white: &mut dyn Agent<G>,
    black: &mut dyn Agent<G>,
) -> Measured {
    let [chance, white_seed, black_seed] = game_seeds(0x5d, n);
    let mut rng = StdRng::seed_from_u64(chance);
    let start = (setup.start)(&mut rng);
    let start = opening(start, setup, &mut rng);
    white.new_game(white_seed);
    black.new_game(black_seed);
    let (decisions, winner) =
        play_refereed(&start, white, black, &setup.config, chance).expect("legal turns");
    let mut game = start;
    let mut rows = vec![(setup.balances)(&game)];
    for d in decisions {
        let turn = game.turn_index();
        game.apply(d);
        if game.turn_index() != turn {
            rows.push((setup.balances)(&game));
        }
    }
    Measured {
        rows,
        score: white_score(winner),
    }
}

/// The measurements as text: a line per position, its game's number and score, then its
/// inputs.
fn write(games: &[Measured]) -> String {
    let mut text = String::new();
    for (n, g) in games.iter().enumerate() {
        for row in &g.rows {
            let inputs: Vec<String> = row.iter().map(|x| format!("{x:.4}")).collect();
            text += &format!("{n}\t{}\t{}\n", g.score, inputs.join("\t"));
        }
    }
    text
}

/// Reads what [`write`] wrote; `Err` names the first line that is not such a line.
fn read(text: &str) -> Result<Vec<Measured>, String> {
    let games = pool::read_games(text, |inputs| {
        <Row>::try_from(inputs).map_err(|_| format!("{} inputs, not {WEIGHTS}", inputs.len()))
    })?;
    Ok(games
        .into_iter()
        .map(|(score, rows)| Measured { rows, score })
        .collect())
}

/// Fits all positions and each game's first, with bootstrap margins, and prints the tables:
/// each kind's weight (in the logistic model's units per piece) and value (centipawns).
fn report(games: &[Measured], what: &str, names: &[String]) {
    let (white, draws) = games.iter().fold((0, 0), |(w, d), g| {
        (w + u32::from(g.score == 1.0), d + u32::from(g.score == 0.5))
    });
    let positions: usize = games.iter().map(|g| g.rows.len()).sum();
    println!(
        "{what}: White +{white} ={draws} -{}; {positions} positions",
        games.len() as u32 - white - draws,
    );
    let all = |picked: &[usize], first_only: bool| -> Vec<(&Row, f64)> {
        picked
            .iter()
            .flat_map(|&i| {
                let g = &games[i];
                let take = if first_only { 1 } else { g.rows.len() };
                g.rows.iter().take(take).map(move |r| (r, g.score))
            })
            .collect()
    };
    let every: Vec<usize> = (0..games.len()).collect();
    let mut rng = StdRng::seed_from_u64(7);
    // The first positions differ enough to fit only where the starts are dealt odds (5D).
    let dealt = games
        .iter()
        .filter(|g| g.rows[0][..SLOTS].iter().any(|&x| x != 0.0))
        .count();
    let fits: &[(&str, bool)] = if 2 * dealt >= games.len() {
        &[("all positions", false), ("odds as dealt", true)]
    } else {
        &[("all positions", false)]
    };
    for &(label, first_only) in fits {
        let w = fit(&all(&every, first_only));
        let samples: Vec<[f64; WEIGHTS]> = (0..RESAMPLES)
            .map(|_| {
                let picked: Vec<usize> = (0..games.len())
                    .map(|_| rng.gen_range(0..games.len()))
                    .collect();
                fit(&all(&picked, first_only))
            })
            .collect();
        let margin = |f: &dyn Fn(&[f64; WEIGHTS]) -> f64| {
            let mean = samples.iter().map(f).sum::<f64>() / RESAMPLES as f64;
            let var =
                samples.iter().map(|s| (f(s) - mean).powi(2)).sum::<f64>() / (RESAMPLES - 1) as f64;
            2.0 * var.sqrt()
        };
        println!(
            "\n{label}: side to move {:+.3}, intercept {:+.3}",
            w[SLOTS + 1],
            w[SLOTS]
        );
        println!("kind\tweight\t± 2 sd\tvalue\t± 2 sd");
        for (i, kind) in names.iter().enumerate() {
            if games.iter().all(|g| g.rows.iter().all(|r| r[i] == 0.0)) {
                continue; // not in this variant
            }
            let value = |w: &[f64; WEIGHTS]| 100.0 * w[i] / w[0];
            println!(
                "{kind}\t{:.3}\t{:.3}\t{:.0}\t{:.0}",
                w[i],
                margin(&|s| s[i]),
                value(&w),
                margin(&value),
            );
        }
    }
}
