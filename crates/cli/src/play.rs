//! `omnichess play` and `omnichess series`: games in the terminal between two people at one
//! keyboard, or against the computer; saved when the players leave, resumed with `--load`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use omnichess_core::series::{Contestant, Series, SeriesResult};

use crate::board::Style;
use crate::chess_clocks::ChessClocks;
use crate::error::CliError;
use omnichess_core::Player;

use crate::game_loop::{self, GameEnd, LoopOptions, Opponent};
use crate::input::Input;
use crate::open;
use crate::output::outln;

/// Who plays against whom in `play`.
pub struct Players<'a> {
    /// The computer's SPEC (`--vs`), if it plays.
    pub vs: Option<&'a str>,
    /// The computer plays White.
    pub engine_first: bool,
    /// Show its thinking.
    pub thinking: bool,
    /// A named time control for both players (`--time-control`).
    pub time_control: Option<&'a str>,
    /// A game clock for both players, `MINUTES+SECONDS` (`--clock 5+3`).
    pub clock: Option<&'a str>,
    /// A saved game to resume (`--load FILE`).
    pub load: Option<&'a Path>,
    /// No colours (`--no-color`; the `NO_COLOR` environment variable does the same).
    pub no_color: bool,
    /// Plain ASCII pieces (`--ascii`).
    pub ascii: bool,
}

/// A saved game read back: its start, its decisions and the terminal game's own tags.
struct Saved {
    start: Option<String>,
    decisions: Vec<String>,
    clocks: Option<String>,
    /// The computer's SPEC and side, if it played.
    opponent: Option<(String, Player)>,
    seed: Option<u64>,
    rolls: u64,
}

/// Reads a game saved by `play` (or any game record of the variant).
fn load(variant: &str, path: &Path) -> Result<Saved, CliError> {
    let entry = open::variant(variant)?;
    let text = open::read_file(path)?;
    let mut own = Vec::new();
    let mut record = String::new();
    for line in text.lines() {
        let tag = line.trim().strip_prefix("[Omnichess").and_then(|rest| {
            let (name, value) = rest.split_once(' ')?;
            let value = value.trim().strip_suffix(']')?.trim().trim_matches('"');
            Some((format!("Omnichess{name}"), value.to_owned()))
        });
        match tag {
            Some(t) => own.push(t),
            None => {
                record.push_str(line);
                record.push('\n');
            }
        }
    }
    let record =
        (entry.parse_record)(&record).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    let get = |name: &str| own.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    Ok(Saved {
        start: record.start.clone(),
        decisions: record.decisions.iter().map(|d| d.text.clone()).collect(),
        clocks: get(game_loop::CLOCK_TAG),
        opponent: get(game_loop::OPPONENT_TAG).and_then(|text| {
            let (spec, side) = text.rsplit_once(' ')?;
            let side = Player::BOTH.into_iter().find(|p| p.name() == side)?;
            Some((spec.to_owned(), side))
        }),
        seed: get(game_loop::SEED_TAG).and_then(|s| s.parse().ok()),
        rolls: get(game_loop::ROLLS_TAG)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
    })
}

/// Where a game is saved when the players leave it: `$OMNICHESS_SAVE_DIR`; else, when the
/// game is played at a terminal (not a script's piped input),
/// `$XDG_DATA_HOME/omnichess/games`, else `~/.local/share/omnichess/games`, in a file named
/// for the variant and the time (`classic-1767000000.pgn`).
fn save_path(variant: &str) -> Option<PathBuf> {
    use std::io::IsTerminal;
    let dir = match std::env::var_os("OMNICHESS_SAVE_DIR") {
        Some(dir) => PathBuf::from(dir),
        None if !std::io::stdin().is_terminal() => return None,
        None => match std::env::var_os("XDG_DATA_HOME") {
            Some(d) => PathBuf::from(d).join("omnichess/games"),
            None => PathBuf::from(std::env::var_os("HOME")?).join(".local/share/omnichess/games"),
        },
    };
    let extension = open::variant(variant).map_or("txt", |e| e.record_extension);
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Some(dir.join(format!("{variant}-{stamp}.{extension}")))
}

/// One game.
pub fn play(
    variant: &str,
    position: Option<&str>,
    move_time: Option<u64>,
    seed: Option<u64>,
    players: &Players<'_>,
) -> Result<(), CliError> {
    let saved = players.load.map(|path| load(variant, path)).transpose()?;
    if saved.is_some() && position.is_some() {
        return Err(CliError(
            "--load resumes a saved game from its own start: leave out --position".into(),
        ));
    }
    let start_text = match &saved {
        Some(s) => s.start.clone(),
        None => position.map(open::position_text).transpose()?,
    };
    let entry = open::variant(variant)?;
    let mut game = (entry.open)(start_text.as_deref())?;
    let seed = seed
        .or(saved.as_ref().and_then(|s| s.seed))
        .unwrap_or_else(clock_seed);
    let clock = match players.clock {
        Some(text) => Some(ChessClocks::parse(text).ok_or_else(|| {
            CliError(format!(
                "--clock takes MINUTES+SECONDS, like `5+3` or `0.5+0`, not `{text}`"
            ))
        })?),
        None => players
            .time_control
            .map(|name| crate::engine_commands::named_clock(variant, name))
            .transpose()?,
    };
    // A resumed game goes on against the computer it was played against, unless `--vs`
    // names another; the engine's clock goes on from the time its side had left.
    let computer = match (players.vs, saved.as_ref().and_then(|s| s.opponent.clone())) {
        (Some(spec), _) => Some((spec.to_owned(), engine_side(players.engine_first))),
        (None, saved) => saved,
    };
    let mut opponent = match computer {
        Some((spec, side)) => {
            let engine_clock = match (
                saved.as_ref().and_then(|s| s.clocks.as_deref()),
                players.clock,
                clock,
            ) {
                (Some(text), _, _) => ChessClocks::from_save_text(text, &*game)
                    .map(|c| c.engine_spec_of(side, &*game)),
                (None, Some(_), Some(c)) => Some(ChessClocks::engine_spec(&c)),
                _ => players.time_control.map(str::to_owned),
            };
            let entry = crate::engine_commands::engine(variant)?;
            let with_clock = crate::engine_commands::on_clock(&spec, engine_clock.as_deref());
            let agent = (entry.agent)(&with_clock, seed, omnichess_engine::agents::DEFAULT_TIME)?;
            Some(Opponent {
                agent,
                spec,
                side,
                start: start_text.clone(),
                thinking: players.thinking,
            })
        }
        None => None,
    };
    outln!(
        "omnichess {} — type `help` for commands.",
        game.variant_name()
    );
    if let Some(o) = &opponent {
        outln!(
            "the computer ({}) plays {}",
            o.spec,
            game.player_name(o.side)
        );
    }
    let options = LoopOptions {
        move_time: move_time.map(Duration::from_secs),
        clock,
        leave_when_over: false,
        seed,
        style: Style::detect(players.no_color, players.ascii),
        names: None,
        variant: variant.to_owned(),
        layout: entry.layout,
        start: start_text,
        replay: saved
            .as_ref()
            .map(|s| s.decisions.clone())
            .unwrap_or_default(),
        rolls: saved.as_ref().map_or(0, |s| s.rolls),
        saved_clocks: saved.and_then(|s| s.clocks),
        save_to: players
            .load
            .map(Path::to_path_buf)
            .or_else(|| save_path(variant)),
    };
    game_loop::run(game.as_mut(), &Input::stdin(), &options, opponent.as_mut())?;
    Ok(())
}

/// A best-of-three series (QEC §5) between two named players.
pub fn series(
    variant: &str,
    position: Option<&str>,
    players: &str,
    move_time: Option<u64>,
    seed: Option<u64>,
) -> Result<(), CliError> {
    let names: Vec<&str> = players.split(',').map(str::trim).collect();
    let [a, b] = names[..] else {
        return Err(CliError(format!(
            "--players needs two names separated by a comma, not `{players}`"
        )));
    };
    let name = |c: Contestant| if c == Contestant::A { a } else { b };
    let layout = open::variant(variant)?.layout;
    open::game(variant, position)?; // check the variant and position before the first game
    let input = Input::stdin();
    let mut options = LoopOptions {
        move_time: move_time.map(Duration::from_secs),
        clock: None,
        leave_when_over: true,
        seed: seed.unwrap_or_else(clock_seed),
        style: Style::detect(false, false),
        names: None,
        variant: variant.to_owned(),
        layout,
        start: position.map(open::position_text).transpose()?,
        replay: Vec::new(),
        rolls: 0,
        saved_clocks: None,
        save_to: None,
    };
    let mut series = Series::new();
    loop {
        if let Some(result) = series.result() {
            let scores = series.scores().join(", ");
            match result {
                SeriesResult::Winner(w) => outln!(
                    "series: {} wins (games, {a}'s score first: {scores})",
                    name(w)
                ),
                SeriesResult::Rollover => {
                    outln!("series: no winner, the prize rolls over (games: {scores})")
                }
            }
            return Ok(());
        }
        let index = series.played();
        let white = Series::white_in(index);
        let black = if white == Contestant::A {
            Contestant::B
        } else {
            Contestant::A
        };
        let kind = if series.next_is_sudden_death() {
            " (sudden death)"
        } else {
            ""
        };
        outln!(
            "\n=== game {}{kind}: {} plays white, {} plays black ===",
            index + 1,
            name(white),
            name(black)
        );
        options.names = Some([name(white).to_owned(), name(black).to_owned()]);
        let mut game = open::game(variant, position)?;
        match game_loop::run(game.as_mut(), &input, &options, None)? {
            GameEnd::Over(outcome) => {
                outln!("game {}: {outcome}", index + 1);
                series.record(outcome);
            }
            GameEnd::Quit => {
                outln!(
                    "series abandoned after {index} {}",
                    open::plural(index, "game", "games")
                );
                return Ok(());
            }
        }
    }
}

/// The computer's side: White with `--engine-first`, else Black.
fn engine_side(engine_first: bool) -> Player {
    if engine_first {
        Player::White
    } else {
        Player::Black
    }
}

/// A seed from the clock, for games whose rolls need not be replayed.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}
