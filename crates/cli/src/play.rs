//! `omnichess play` and `omnichess series`: games in the terminal between two people at one
//! keyboard.

use std::time::Duration;

use omnichess_core::series::{Contestant, Series, SeriesResult};

use crate::error::CliError;
use omnichess_core::Player;
use omnichess_engine::clock::Clock;

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
}

/// One game.
pub fn play(
    variant: &str,
    position: Option<&str>,
    move_time: Option<u64>,
    seed: Option<u64>,
    players: &Players<'_>,
) -> Result<(), CliError> {
    let mut game = open::game(variant, position)?;
    let seed = seed.unwrap_or_else(clock_seed);
    let mut opponent = match players.vs {
        Some(spec) => {
            let entry = crate::engine_commands::engine(variant)?;
            let spec = crate::engine_commands::on_clock(spec, players.time_control);
            let agent = (entry.agent)(&spec, seed, omnichess_engine::agents::DEFAULT_TIME)?;
            let side = if players.engine_first {
                Player::White
            } else {
                Player::Black
            };
            Some(Opponent {
                agent,
                side,
                start: position.map(open::position_text).transpose()?,
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
            players.vs.unwrap_or(""),
            game.player_name(o.side)
        );
    }
    let options = LoopOptions {
        move_time: move_time.map(Duration::from_secs),
        clock: players.time_control.and_then(Clock::named),
        leave_when_over: false,
        seed,
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
    open::game(variant, position)?; // check the variant and position before the first game
    let input = Input::stdin();
    let options = LoopOptions {
        move_time: move_time.map(Duration::from_secs),
        clock: None,
        leave_when_over: true,
        seed: seed.unwrap_or_else(clock_seed),
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
        let mut game = open::game(variant, position)?;
        match game_loop::run(game.as_mut(), &input, &options, None)? {
            GameEnd::Over(outcome) => {
                outln!("game {}: {outcome}", index + 1);
                series.record(outcome);
            }
            GameEnd::Quit => {
                outln!("series abandoned after {index} games");
                return Ok(());
            }
        }
    }
}

/// A seed from the clock, for games whose rolls need not be replayed.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
}
