//! `omnichess play`: a game in the terminal between two people at one keyboard.

use std::io::BufRead;

use omnichess_core::{DynGame, ToAct};

use crate::error::CliError;
use crate::open;
use crate::output::{out, outln};

const HELP: &str = "\
Type a decision in the variant's notation (classic: SAN such as e4, Nf3, O-O, e8=Q, or UCI
such as e2e4), or one of:
  moves        list the legal decisions
  undo         take back the last decision
  draw         claim a draw, where the rules allow one now (threefold repetition, fifty moves)
  position     print the position text (FEN for classic)
  save FILE    write the game so far as a game record (PGN for classic)
  help         show this text
  quit         leave (also end of input)";

/// Runs the game loop on stdin/stdout until `quit` or end of input.
pub fn play(variant: &str, position: Option<&str>) -> Result<(), CliError> {
    let mut game = open::game(variant, position)?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut claimed: Option<&'static str> = None;
    outln!(
        "omnichess {} — type `help` for commands.",
        game.variant_name()
    );
    show(game.as_ref(), claimed);
    loop {
        out!("{}> ", prompt(game.as_ref(), claimed));
        let Some(line) = lines.next() else {
            outln!();
            return Ok(());
        };
        let line = line?;
        let input = line.trim();
        let (command, argument) = input.split_once(' ').unwrap_or((input, ""));
        match command {
            "" => {}
            "help" | "?" => outln!("{HELP}"),
            "quit" | "exit" => return Ok(()),
            "moves" => {
                let list: Vec<String> = game.decisions().into_iter().map(|(d, _)| d).collect();
                outln!(
                    "{}",
                    if list.is_empty() {
                        "(none)".to_owned()
                    } else {
                        list.join(" ")
                    }
                );
            }
            "undo" => {
                if game.undo() {
                    claimed = None;
                    show(game.as_ref(), claimed);
                } else {
                    outln!("nothing to undo");
                }
            }
            "draw" => match game.claimable_draw() {
                Some(reason) => {
                    claimed = Some(reason);
                    show(game.as_ref(), claimed);
                }
                None => outln!("no draw can be claimed in this position"),
            },
            "position" => outln!("{}", game.position_text()),
            "save" if argument.trim().is_empty() => outln!("usage: save FILE"),
            "save" => match std::fs::write(argument.trim(), game.record_text()) {
                Ok(()) => outln!("saved to {}", argument.trim()),
                Err(e) => outln!("cannot save to {}: {e}", argument.trim()),
            },
            _ if claimed.is_some() => outln!("the game was drawn by claim; `undo` or `quit`"),
            _ => match game.play(input) {
                Ok(()) => show(game.as_ref(), claimed),
                Err(e) => outln!("{e} (type `moves` for the legal ones)"),
            },
        }
    }
}

fn prompt(game: &dyn DynGame, claimed: Option<&'static str>) -> String {
    match (claimed, game.to_act()) {
        (Some(_), _) | (None, ToAct::Nobody(_)) => "game over".to_owned(),
        (None, to_act) => to_act.to_string(),
    }
}

fn show(game: &dyn DynGame, claimed: Option<&'static str>) {
    outln!();
    out!("{}", game.diagram());
    if let Some(reason) = claimed {
        outln!("1/2-1/2 draw by {reason} (claimed)");
    } else if let ToAct::Nobody(outcome) = game.to_act() {
        outln!("game over: {outcome}");
    } else if let Some(reason) = game.claimable_draw() {
        outln!(
            "({} may claim a draw by {reason}: type `draw`)",
            game.to_act()
        );
    }
}
