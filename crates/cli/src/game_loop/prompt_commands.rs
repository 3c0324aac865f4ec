//! What a line typed at the game's prompt does: the terminal game's commands (`help`,
//! `undo`, `save FILE` …), the variant's own, or a decision to play.

use omnichess_core::Outcome;

use super::{Opponent, Table, after_human_decision, numbered};
use crate::output::outln;

/// The commands of the terminal game, after the variant's notation help.
const COMMANDS: &str = "\
Or type one of:
  moves        list the legal decisions
  history      the decisions played so far, numbered
  undo         take back the last decision (against the computer: its reply and your move)
  hint         the engine's suggestion for the player to move
  flip         turn the board (the side to move is at the bottom)
  draw         claim a draw the rules leave to a claim (classic: threefold repetition, fifty
               moves); a variant that draws by itself has none to claim
  agree        both players agree to a draw (two players at one keyboard)
  resign       the player to move resigns
  position     print the position text (FEN for classic)
  save FILE    write the game so far (a game record, PGN for classic, with the clocks);
               `play VARIANT --load FILE` resumes it. Leaving saves the game too.
  think        against the computer: show or hide its thinking
  help         show this text
  quit         leave (also end of input)";

/// What the game loop does after a line typed at the prompt.
pub(super) enum Next {
    /// Prompt again, the deadline running on.
    Prompt,
    /// A decision was played or taken back: the next one has its own deadline.
    NewDecision,
    /// The players leave the game.
    Leave,
}

impl Table<'_> {
    /// Does what a line typed at the prompt says: a command, or a decision to play.
    pub(super) fn command(
        &mut self,
        line: &str,
        over: Option<Outcome>,
        opponent: Option<&mut Opponent>,
    ) -> Next {
        let (command, argument) = line.split_once(' ').unwrap_or((line, ""));
        let human = opponent
            .as_deref()
            .is_none_or(|o| self.game.to_act().player() != Some(o.side));
        match command {
            "" if over.is_none() && human && self.only.is_some() => {
                // The only decision open: Enter plays it.
                let mover = self.game.to_act().player();
                if let Some(text) = self.only.clone()
                    && self.play(&text).is_ok()
                {
                    after_human_decision(self, mover);
                    return Next::NewDecision;
                }
            }
            "" => {}
            "help" | "?" => {
                outln!("{}\n{COMMANDS}", self.game.notation_help());
                if !self.game.commands_help().is_empty() {
                    outln!("{}", self.game.commands_help());
                }
            }
            "resign" if over.is_none() => match self.game.to_act().player() {
                Some(p) if self.computer != Some(p) => {
                    self.ended = Some(Outcome::win(p.opponent(), "resignation"));
                    self.show();
                }
                _ => outln!("only the player to move can resign"),
            },
            "agree" if over.is_none() => {
                if opponent.is_some() {
                    outln!("the computer does not agree to draws: play on, or `resign`");
                } else {
                    self.ended = Some(Outcome::draw("agreement"));
                    self.show();
                }
            }
            "quit" | "exit" => return Next::Leave,
            "moves" => {
                let list: Vec<String> = self.game.decisions().into_iter().map(|(d, _)| d).collect();
                outln!(
                    "{}",
                    if list.is_empty() {
                        "(none)".to_owned()
                    } else {
                        list.join(" ")
                    }
                );
            }
            "history" => {
                if self.turns.is_empty() {
                    outln!("(no decisions yet)");
                } else {
                    outln!("{}", numbered(&*self.game, &self.turns, usize::MAX));
                }
            }
            "flip" => {
                self.flipped = !self.flipped;
                self.show();
            }
            "hint" if over.is_none() => {
                let text = self.hint();
                outln!("{text}");
            }
            "think" => match opponent {
                Some(computer) => {
                    computer.thinking = !computer.thinking;
                    let state = if computer.thinking { "shown" } else { "hidden" };
                    outln!("the computer's thinking is {state}");
                }
                None => outln!("there is no computer player in this game (see `--vs`)"),
            },
            "undo" => return self.undo_typed(),
            "draw" if over.is_none() => match self.game.claimable_draw() {
                Some(reason) => {
                    self.ended = Some(Outcome::draw(reason));
                    self.show();
                }
                None => outln!("no draw can be claimed in this position"),
            },
            "position" => outln!("{}", self.game.position_text()),
            "save" if argument.trim().is_empty() => outln!("usage: save FILE"),
            "save" => match self.save(std::path::Path::new(argument.trim())) {
                Ok(()) => outln!("saved to {}", argument.trim()),
                Err(e) => outln!("cannot save to {}: {e}", argument.trim()),
            },
            _ if let Some(text) = self.game.command(command, argument.trim()) => outln!("{text}"),
            _ if over.is_some() => outln!("the game is over; `undo`, `save FILE` or `quit`"),
            _ => return self.play_typed(line),
        }
        Next::Prompt
    }

    /// Plays a decision typed at the keyboard, or says why it cannot be played.
    fn play_typed(&mut self, text: &str) -> Next {
        let mover = self.game.to_act().player();
        match self.play(text) {
            Ok(()) => {
                after_human_decision(self, mover);
                Next::NewDecision
            }
            Err(e) => {
                outln!("{e} (type `moves` for the legal ones)");
                Next::Prompt
            }
        }
    }

    /// `undo`: takes back the last decision, and against the computer its turn too: back to
    /// a decision of the player's.
    fn undo_typed(&mut self) -> Next {
        let mut undone = false;
        while self.undo_one() {
            undone = true;
            if self.computer.is_none() || self.game.to_act().player() != self.computer {
                break;
            }
        }
        if !undone {
            outln!("nothing to undo");
            return Next::Prompt;
        }
        self.ended = None;
        if let Some(c) = &mut self.clocks {
            c.restart(&*self.game);
        }
        self.show();
        Next::NewDecision
    }
}
