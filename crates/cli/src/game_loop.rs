//! The interactive game: the board, a prompt, decisions and commands typed at one keyboard,
//! and the per-decision clock of variants that have one (QEC: three minutes, §3.3).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use omnichess_core::hashing::splitmix64;
use omnichess_core::{DynGame, Outcome, Player, ToAct};
use omnichess_engine::registry::DynAgent;

use crate::chess_clocks::ChessClocks;
use crate::error::CliError;
use crate::input::{Input, Wait};
use crate::output::{out, outln};

/// The commands of the terminal game, after the variant's notation help.
const COMMANDS: &str = "\
Or type one of:
  moves        list the legal decisions
  undo         take back the last decision
  draw         claim a draw, where the rules allow one now (threefold repetition, fifty moves)
  agree        both players agree to a draw (two players at one keyboard)
  resign       the player to move resigns
  position     print the position text (FEN for classic)
  save FILE    write the game so far as a game record (PGN for classic)
  think        against the computer: show or hide its thinking
  help         show this text
  quit         leave (also end of input)";

/// How a game in the terminal ended.
pub enum GameEnd {
    /// The game is over with this outcome (by the rules, a claim, or the clock).
    Over(Outcome),
    /// The players left it unfinished.
    Quit,
}

/// Settings of the terminal game.
pub struct LoopOptions {
    /// The seed of the dice the program rolls for chance (Die Chess): the same seed and the
    /// same moves give the same rolls.
    pub seed: u64,
    /// The time per decision: the variant's own limit unless set (zero: no limit).
    pub move_time: Option<Duration>,
    /// Both players' clocks (`play --time-control`), if the game is played on a clock.
    pub clock: Option<omnichess_engine::clock::Clock>,
    /// Return as soon as the game is over (a series goes on to its next game), rather than
    /// waiting for `quit` (so that the players may still `undo` or `save`).
    pub leave_when_over: bool,
}

/// The computer as one of the players (`play --vs`).
pub struct Opponent {
    /// Chooses its turns.
    pub agent: Box<dyn DynAgent>,
    /// The side it plays.
    pub side: Player,
    /// The game's start position text (`None`: the standard start), for the agent.
    pub start: Option<String>,
    /// Whether to print its thinking.
    pub thinking: bool,
}

impl Opponent {
    /// Plays the computer's whole turn; says what it played.
    fn play_turn(&mut self, game: &mut dyn DynGame) -> Result<usize, CliError> {
        let thinking = self.thinking;
        let turn = self
            .agent
            .choose(self.start.as_deref(), &game.history(), &mut |line| {
                if thinking {
                    outln!("{line}");
                }
            })?;
        for text in &turn {
            game.play(text)?;
        }
        outln!("{} plays: {}", game.player_name(self.side), turn.join(" "));
        Ok(turn.len())
    }
}

/// Runs one game until it ends and the players leave it, or they quit. With an `opponent`,
/// the computer plays its side's turns.
pub fn run(
    game: &mut dyn DynGame,
    input: &Input,
    options: &LoopOptions,
    mut opponent: Option<&mut Opponent>,
) -> Result<GameEnd, CliError> {
    let limit = options
        .move_time
        .or(game.decision_time_limit())
        .filter(|d| !d.is_zero());
    let terminal = std::io::stdout().is_terminal();
    let mut ended: Option<Outcome> = None;
    let mut dice = Roller {
        seed: options.seed,
        rolls: 0,
    };
    let mut own_decisions = 0usize; // decisions typed here, so undo stops at the game's start
    if game.to_act() == ToAct::Chance {
        outln!(
            "(the program rolls for chance: seed {0}; `--seed {0}` replays the rolls)",
            options.seed
        );
    }
    dice.roll_while_chance(game);
    // Against the computer the board is drawn from the human's side.
    let viewer = opponent.as_deref().map(|o| o.side.opponent());
    let mut clocks = options.clock.map(|c| ChessClocks::new(c, game));
    show(game, ended, limit, viewer, clocks.as_ref());
    let mut deadline = None;
    loop {
        if let Some(computer) = opponent.as_deref_mut()
            && ended.is_none()
            && game.to_act() == ToAct::Player(computer.side)
        {
            own_decisions += computer.play_turn(game)?;
            if let Some(c) = &mut clocks
                && !c.after_decision(game, computer.side)
            {
                outln!("{} ran out of time", game.player_name(computer.side));
                ended = Some(Outcome::win(computer.side.opponent(), "time forfeit"));
            }
            dice.roll_while_chance(game);
            show(game, ended, limit, viewer, clocks.as_ref());
            continue;
        }
        let over = ended.or(game.to_act().outcome());
        if let (Some(outcome), true) = (over, options.leave_when_over) {
            return Ok(GameEnd::Over(outcome));
        }
        if over.is_none() && deadline.is_none() {
            deadline = limit.map(|l| Instant::now() + l);
            if let (Some(c), Some(p)) = (&clocks, game.to_act().player()) {
                deadline = Some(deadline.map_or(c.deadline(p), |d| d.min(c.deadline(p))));
            }
        }
        if terminal && deadline.is_some() {
            outln!(); // the clock's line, kept up to date above the prompt
        }
        out!("{}> ", prompt(game, over));
        let mut tick = |left: Duration| {
            if terminal {
                out!(
                    "\x1b7\x1b[1A\r\x1b[K⏱ {} left for this turn\x1b8",
                    clock(left)
                );
            }
        };
        let line = match input.next(deadline.filter(|_| over.is_none()), &mut tick) {
            Wait::Line(line) => line,
            Wait::Closed => {
                outln!();
                return Ok(over.map_or(GameEnd::Quit, GameEnd::Over));
            }
            Wait::TimedOut => {
                let loser = game.to_act();
                let winner = loser.player().map(|p| p.opponent());
                outln!();
                let name = loser.player().map_or("nobody", |p| game.player_name(p));
                match limit {
                    Some(l) if clocks.is_none() => {
                        outln!("{name} ran out of time ({} per decision)", clock(l));
                    }
                    _ => outln!("{name} ran out of time"),
                }
                if let Some(w) = winner {
                    ended = Some(Outcome::win(w, "time forfeit"));
                }
                deadline = None;
                show(game, ended, limit, viewer, clocks.as_ref());
                continue;
            }
        };
        let input_text = line.trim();
        let (command, argument) = input_text.split_once(' ').unwrap_or((input_text, ""));
        match command {
            "" => {}
            "help" | "?" => {
                outln!("{}\n{COMMANDS}", game.notation_help());
                if !game.commands_help().is_empty() {
                    outln!("{}", game.commands_help());
                }
            }
            "resign" if over.is_none() => match game.to_act().player() {
                Some(p) if opponent.as_deref().is_none_or(|o| o.side != p) => {
                    ended = Some(Outcome::win(p.opponent(), "resignation"));
                    show(game, ended, limit, viewer, clocks.as_ref());
                }
                _ => outln!("only the player to move can resign"),
            },
            "agree" if over.is_none() => {
                if opponent.is_some() {
                    outln!("the computer does not agree to draws: play on, or `resign`");
                } else {
                    ended = Some(Outcome::draw("agreement"));
                    show(game, ended, limit, viewer, clocks.as_ref());
                }
            }
            "quit" | "exit" => return Ok(over.map_or(GameEnd::Quit, GameEnd::Over)),
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
            "think" => match opponent.as_deref_mut() {
                Some(computer) => {
                    computer.thinking = !computer.thinking;
                    let state = if computer.thinking { "shown" } else { "hidden" };
                    outln!("the computer's thinking is {state}");
                }
                None => outln!("there is no computer player in this game (see `--vs`)"),
            },
            "undo" => {
                let mut undone = false;
                // Against the computer, take back its turn too: back to a decision of yours.
                while own_decisions > 0 && undo_own_decision(game) {
                    own_decisions -= 1;
                    undone = true;
                    let computer = opponent.as_deref().map(|o| o.side);
                    if computer.is_none() || game.to_act().player() != computer {
                        break;
                    }
                }
                if undone {
                    ended = None;
                    deadline = None;
                    if let Some(c) = &mut clocks {
                        c.restart(game);
                    }
                    show(game, ended, limit, viewer, clocks.as_ref());
                } else {
                    outln!("nothing to undo");
                }
            }
            "draw" if over.is_none() => match game.claimable_draw() {
                Some(reason) => {
                    ended = Some(Outcome::draw(reason));
                    show(game, ended, limit, viewer, clocks.as_ref());
                }
                None => outln!("no draw can be claimed in this position"),
            },
            "position" => outln!("{}", game.position_text()),
            "save" if argument.trim().is_empty() => outln!("usage: save FILE"),
            "save" => match std::fs::write(argument.trim(), game.record_text()) {
                Ok(()) => outln!("saved to {}", argument.trim()),
                Err(e) => outln!("cannot save to {}: {e}", argument.trim()),
            },
            _ if let Some(text) = game.command(command, argument.trim()) => outln!("{text}"),
            _ if over.is_some() => outln!("the game is over; `undo`, `save FILE` or `quit`"),
            _ => match (game.to_act().player(), game.play(input_text)) {
                (mover, Ok(())) => {
                    if let (Some(c), Some(m)) = (&mut clocks, mover) {
                        c.after_decision(game, m);
                    }
                    deadline = None;
                    own_decisions += 1;
                    dice.roll_while_chance(game);
                    show(game, ended, limit, viewer, clocks.as_ref());
                }
                (_, Err(e)) => outln!("{e} (type `moves` for the legal ones)"),
            },
        }
    }
}

/// Rolls for chance: draws each chance node's outcome by its probability from a seeded,
/// fully specified sequence (splitmix64), and says what came up.
struct Roller {
    seed: u64,
    rolls: u64,
}

impl Roller {
    fn roll_while_chance(&mut self, game: &mut dyn DynGame) {
        while game.to_act() == ToAct::Chance {
            let outcomes = game.decisions();
            self.rolls += 1;
            let draw = splitmix64(self.seed.wrapping_add(self.rolls)) >> 11;
            let mut u = draw as f64 / (1u64 << 53) as f64;
            let mut pick = &outcomes[outcomes.len() - 1].0;
            for (text, p) in &outcomes {
                let p = p.unwrap_or(0.0);
                if u < p {
                    pick = text;
                    break;
                }
                u -= p;
            }
            let pick = pick.clone();
            outln!("chance: {pick}");
            if game.play(&pick).is_err() {
                return;
            }
        }
    }
}

/// Takes back the last decision a player made, with the chance outcomes that followed it,
/// so that an undo never re-rolls the dice.
fn undo_own_decision(game: &mut dyn DynGame) -> bool {
    let mut undone = false;
    while game.undo() {
        undone = true;
        if game.to_act() != ToAct::Chance {
            break;
        }
    }
    undone
}

fn clock(d: Duration) -> String {
    let s = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    format!("{}:{:02}", s / 60, s % 60)
}

fn prompt(game: &dyn DynGame, over: Option<Outcome>) -> String {
    match over {
        Some(_) => "game over".to_owned(),
        None => game.to_act_text(),
    }
}

fn show(
    game: &dyn DynGame,
    ended: Option<Outcome>,
    limit: Option<Duration>,
    viewer: Option<Player>,
    clocks: Option<&ChessClocks>,
) {
    outln!();
    out!("{}", game.diagram_for(viewer));
    if let Some(outcome) = ended {
        outln!("game over: {}", game.outcome_text(outcome));
    } else if let ToAct::Nobody(outcome) = game.to_act() {
        outln!("game over: {}", game.outcome_text(outcome));
    } else {
        if let Some(reason) = game.claimable_draw() {
            outln!(
                "({} may claim a draw by {reason}: type `draw`)",
                game.to_act_text()
            );
        }
        if let Some(c) = clocks {
            outln!("({}; running out loses)", c.line(game));
        }
        if let Some(l) = limit {
            outln!("({} per decision; running out loses)", clock(l));
        }
    }
}
