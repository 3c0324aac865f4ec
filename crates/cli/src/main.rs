//! The `omnichess` command. See `omnichess --help`.

mod adjudication_args;
mod args;
mod board;
mod chess_clocks;
mod commands;
mod duci;
mod engine_commands;
mod error;
mod game_loop;
mod input;
mod lab;
mod lab_args;
mod lab_plan;
mod match_records;
mod open;
mod output;
mod play;
mod timelines_grid;
mod uci;

use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use omnichess_engine::registry::EngineProtocol;

use args::{Cli, Command, MatchArgs, PlayArgs};
use error::CliError;
use output::out;

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(help_args(std::env::args_os().collect())) {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            out!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!(
                "error: a command is needed: variants, perft, moves, odds, actions, replay, play, \
                 series, analyze, match, lab, worker or uci (see `omnichess --help`)"
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            // One line, as every other error: clap's message without its usage block.
            let text = e.render().to_string();
            let message: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more"))
                .filter(|l| !l.is_empty())
                .collect();
            eprintln!(
                "{} (see `omnichess --help`)",
                shorten_words(&message.join(" "))
            );
            return ExitCode::from(2);
        }
    };
    omnichess_core::set_search_memory(cli.search_memory << 20);
    match run_within(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", shorten_words(&e.to_string()));
            ExitCode::from(2)
        }
    }
}

/// `help --help` and `help COMMAND --help` ask for the same help as `help` and
/// `help COMMAND`: the flag is dropped (clap's `help` subcommand takes no options).
fn help_args(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    if args.get(1).is_some_and(|a| a == "help") {
        args.retain(|a| a != "--help" && a != "-h");
    }
    args
}

/// The last guard of the one-line contract, behind the excerpts the messages quote: a word
/// of the message longer than any position text (a pasted file, a megabyte token that some
/// message quoted whole) is cut to its excerpt.
fn shorten_words(message: &str) -> String {
    let long = 1000;
    message
        .split(' ')
        .map(|word| {
            if word.chars().count() > long {
                omnichess_core::excerpt(word)
            } else {
                word.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `command`; the commands that judge positions for an answer (`moves`, `actions`,
/// `replay`, `analyze`) within their `--work-limit` (`serve` applies its own to each request).
fn run_within(command: Command) -> Result<(), CliError> {
    let Some(work_limit) = command.work_limit() else {
        return run(command);
    };
    let limit = work_limit.unwrap_or(args::DEFAULT_COMMAND_WORK_LIMIT);
    omnichess_core::work_limit::within(limit, || run(command)).unwrap_or_else(|e| {
        Err(CliError(format!(
            "stopped: {e}, judging a position whose legal turns are too costly to find \
             (--work-limit SECONDS raises it)"
        )))
    })
}

fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Variants { variant } => commands::variants(variant.as_deref()),
        Command::Perft {
            variant,
            position,
            profile,
            depth,
            divide,
        } => commands::perft(
            &variant,
            open::with_profile(position.as_deref(), profile.as_deref())?.as_deref(),
            depth,
            divide,
        ),
        Command::Moves {
            variant,
            position,
            profile,
            after,
            ..
        } => commands::moves(
            &variant,
            open::with_profile(position.as_deref(), profile.as_deref())?.as_deref(),
            after.as_deref(),
        ),
        Command::Odds {
            variant,
            position,
            after,
        } => commands::odds(&variant, position.as_deref(), after.as_deref()),
        Command::Actions {
            variant,
            gamefile,
            cap,
            ..
        } => commands::actions(&variant, &gamefile, cap),
        Command::Replay {
            variant, gamefile, ..
        } => commands::replay_record(&variant, &gamefile),
        Command::Play(args) => play_game(&args),
        Command::Analyze {
            variant,
            position,
            profile,
            after,
            depth,
            time,
            nodes,
            hash,
            ..
        } => engine_commands::analyze(
            &variant,
            open::with_profile(position.as_deref(), profile.as_deref())?.as_deref(),
            after.as_deref(),
            &engine_commands::AnalyzeLimits {
                depth,
                time,
                nodes,
                hash,
            },
        ),
        Command::Match(args) => play_match(&args),
        Command::Lab { study } => lab::run(&study),
        Command::Worker(args) => lab::worker(&args),
        Command::Uci { variant } => engine_protocol(variant.as_deref()),
        Command::Serve {
            listen,
            database,
            engine_workers,
            games_per_minute,
            work_limit,
            header_timeout,
            connections_per_client,
        } => {
            let config = omnichess_server::ServeConfig {
                listen,
                database,
                engine_workers,
                work_limit: work_limit.unwrap_or(omnichess_server::service::DEFAULT_WORK_LIMIT),
                per_minute: games_per_minute,
                connections: omnichess_server::listen::ConnectionLimits {
                    header_timeout,
                    per_client: connections_per_client,
                },
            };
            omnichess_server::run(&config, |address| {
                println!("omnichess serve: listening on http://{address}/ (Ctrl-C stops)");
            })
            .map_err(|e| CliError(format!("serve: {e}")))
        }
        Command::Series {
            variant,
            position,
            players,
            move_time,
            seed,
        } => play::series(&variant, position.as_deref(), &players, move_time, seed),
    }
}

/// `omnichess uci [VARIANT]`: the protocol the variant's engine speaks (the registry's first
/// variant if none is named).
fn engine_protocol(variant: Option<&str>) -> Result<(), CliError> {
    let variant = variant.unwrap_or(open::first_variant());
    let entry = engine_commands::engine(variant)?;
    match entry.protocol {
        EngineProtocol::Uci => uci::run(variant, entry),
        EngineProtocol::Duci(engine) => duci::run(engine()),
    }
    Ok(())
}

/// `omnichess play`.
fn play_game(args: &PlayArgs) -> Result<(), CliError> {
    play::play(
        &args.variant,
        open::with_profile(args.position.as_deref(), args.profile.as_deref())?.as_deref(),
        args.move_time,
        args.seed,
        &play::Players {
            vs: args.vs.as_deref(),
            engine_first: args.engine_first,
            thinking: args.thinking,
            time_control: args.time_control.as_deref(),
            clock: args.clock.as_deref(),
            load: args.load.as_deref(),
            no_color: args.no_color,
            ascii: args.ascii,
        },
    )
}

/// `omnichess match`.
fn play_match(args: &MatchArgs) -> Result<(), CliError> {
    let time_control = args.time_control.as_deref();
    if let Some(name) = time_control {
        engine_commands::named_clock(&args.variant, name)?;
    }
    engine_commands::play_match(
        &args.variant,
        open::with_profile(args.position.as_deref(), args.profile.as_deref())?.as_deref(),
        &engine_commands::MatchSettings {
            a: &engine_commands::on_clock(&args.a, time_control),
            b: &engine_commands::on_clock(&args.b, time_control),
            games: args.games,
            time: args.time,
            seed: args.seed,
            max_turns: args.max_turns,
            max_decisions: args.max_decisions.unwrap_or(u64::MAX),
            jobs: args.jobs,
            records: args.records.as_deref(),
            opening: args.opening,
            paired: args.paired,
        },
    )
}
