//! The interactive game: the board, a prompt, decisions and commands typed at one keyboard,
//! the computer's turns, the game clocks (`--clock`, `--time-control`) and the per-decision
//! clock of variants that have one (QEC: three minutes, §3.3). Every decision is shown in the
//! notation the players type ([`DynGame::move_list`]).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use omnichess_core::hashing::splitmix64;
use omnichess_core::{BoardLayout, Cell, DynGame, Outcome, Player, ToAct};
use omnichess_engine::registry::DynAgent;

use crate::board::{self, Style};
use crate::chess_clocks::ChessClocks;
use crate::error::CliError;
use crate::input::{Input, Wait};
use crate::output::{out, outln};
use crate::timelines_grid;

mod prompt_commands;

use prompt_commands::Next;

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
    /// How the board is drawn.
    pub style: Style,
    /// The players' own names, first player first (a QEC series), shown in the prompt.
    pub names: Option<[String; 2]>,
    /// The variant's name and start position text, for `hint`'s engine.
    pub variant: String,
    /// How the variant's boards are drawn: side by side, or the 5D grid of timelines.
    pub layout: BoardLayout,
    /// The start position text (`None`: the standard start).
    pub start: Option<String>,
    /// Decisions to play before the first prompt (a loaded game), in the variant's notation.
    pub replay: Vec<String>,
    /// Chance outcomes the program had rolled before (a loaded game), so that the rolls go on
    /// as they would have.
    pub rolls: u64,
    /// The clocks as a saved game kept them ([`ChessClocks::save_text`]).
    pub saved_clocks: Option<String>,
    /// Where the game is saved when the players leave it (`None`: not saved).
    pub save_to: Option<PathBuf>,
}

/// The tag of a saved game that keeps the clocks.
pub const CLOCK_TAG: &str = "OmnichessClocks";
/// The tag of a saved game that keeps the dice's seed.
pub const SEED_TAG: &str = "OmnichessSeed";
/// The tag of a saved game that keeps how many times the program rolled.
pub const ROLLS_TAG: &str = "OmnichessRolls";
/// The tag of a saved game that keeps the computer's SPEC and side (`engine:time=2 black`).
pub const OPPONENT_TAG: &str = "OmnichessOpponent";

/// The computer as one of the players (`play --vs`).
pub struct Opponent {
    /// Chooses its turns.
    pub agent: Box<dyn DynAgent>,
    /// The SPEC it was made from, as the player gave it (`--vs`), kept in a saved game.
    pub spec: String,
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
        let shown = shown_tail(game, turn.len());
        outln!("{} plays: {shown}", game.player_name(self.side));
        Ok(turn.len())
    }
}

/// The last `n` decisions played, as the move list shows them, a turn's end (5D's `submit`)
/// left out unless it is all there is.
fn shown_tail(game: &dyn DynGame, n: usize) -> String {
    let list = game.move_list();
    let ends = game.history_info();
    let from = list.len().saturating_sub(n);
    shown(
        list.iter()
            .zip(&ends)
            .skip(from)
            .map(|(text, info)| (text.as_str(), info.turn_end)),
    )
}

/// A decision as a move list shows it, and whether it only ends its turn
/// ([`omnichess_core::DecisionInfo::turn_end`]).
type Shown<'a> = (&'a str, bool);

/// Decisions as a move list shows them: the texts that do more than end the turn, or the
/// turn's end alone when nothing else was played.
fn shown<'a>(decisions: impl IntoIterator<Item = Shown<'a>>) -> String {
    let (ends, moves): (Vec<_>, Vec<_>) = decisions.into_iter().partition(|&(_, end)| end);
    let texts = if moves.is_empty() { ends } else { moves };
    texts
        .into_iter()
        .map(|(text, _)| text)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The decisions played, numbered by turn (`1. e4 e5 2. Nf3`): `turns` holds for each the
/// turn index before it and who made it (`None` for chance).
fn numbered(game: &dyn DynGame, turns: &[(u64, Option<Player>)], last: usize) -> String {
    let list = game.move_list();
    let ends = game.history_info();
    let mut groups: Vec<(Option<Player>, Vec<Shown<'_>>)> = Vec::new();
    let mut current = None;
    for (i, text) in list.iter().enumerate() {
        let (turn, actor) = turns.get(i).copied().unwrap_or((u64::MAX, None));
        if current != Some(turn) || groups.is_empty() {
            groups.push((None, Vec::new()));
            current = Some(turn);
        }
        if let Some(g) = groups.last_mut() {
            if g.0.is_none() {
                g.0 = actor;
            }
            g.1.push((text, ends.get(i).is_some_and(|info| info.turn_end)));
        }
    }
    let mut number = 0;
    let mut parts = Vec::new();
    for (k, (actor, texts)) in groups.into_iter().enumerate() {
        let text = shown(texts);
        match actor {
            Some(Player::Black) if k == 0 => {
                number += 1;
                parts.push(format!("{number}... {text}"));
            }
            Some(Player::Black) => parts.push(text),
            _ => {
                number += 1;
                parts.push(format!("{number}. {text}"));
            }
        }
    }
    let from = parts.len().saturating_sub(last);
    let mut out = parts[from..].join(" ");
    if from > 0 {
        out.insert_str(0, "… ");
    }
    out
}

/// The squares of the last move (the last decision that moved a piece, past chance).
fn last_move(game: &dyn DynGame) -> Option<(Cell, Cell)> {
    let history = game.history();
    for back in 1..=history.len().min(4) {
        let text = &history[history.len() - back];
        let before = game.view_before(back)?;
        if let Some(m) = before.moves.iter().find(|m| &m.text == text) {
            return m.from.zip(m.to);
        }
    }
    None
}

/// A diagram's line of file letters (`a b c … h`, `  a  b …`, Three Realms' `a … h  j … q`),
/// at least `files` of them (the narrowest board's): the boards end there and the variant's
/// own lines follow.
fn is_file_line(line: &str, files: usize) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.len() >= files
        && words
            .iter()
            .all(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase()))
}

/// A decision as the move list would show it, if played now.
fn display_of(game: &mut dyn DynGame, text: &str) -> String {
    if game.play(text).is_err() {
        return text.to_owned();
    }
    let shown = game.move_list().pop().unwrap_or_else(|| text.to_owned());
    game.undo();
    shown
}

/// The state of one terminal game.
struct Table<'a> {
    game: &'a mut dyn DynGame,
    options: &'a LoopOptions,
    /// Per decision played: the turn index before it and who made it.
    turns: Vec<(u64, Option<Player>)>,
    dice: Roller,
    clocks: Option<ChessClocks>,
    limit: Option<Duration>,
    ended: Option<Outcome>,
    /// The computer's side, if it plays.
    computer: Option<Player>,
    /// The computer's SPEC, if it plays (kept in a saved game).
    computer_spec: Option<String>,
    /// The board is turned from its usual side.
    flipped: bool,
    /// The side last drawn at the bottom.
    bottom: Player,
    /// The only decision open to the player, shown in the notation typed (Enter plays it).
    only: Option<String>,
}

impl Table<'_> {
    /// Plays a decision and keeps the turn log.
    fn play(&mut self, text: &str) -> Result<(), omnichess_core::DecisionError> {
        let before = (self.game.turn_index(), self.game.to_act().player());
        self.game.play(text)?;
        self.turns.push(before);
        Ok(())
    }

    fn log_tail(&mut self, n: usize, before: u64, actor: Option<Player>) {
        for _ in 0..n {
            self.turns.push((before, actor));
        }
    }

    fn roll(&mut self) {
        while self.game.to_act() == ToAct::Chance {
            let turn = self.game.turn_index();
            let Some(pick) = self.dice.pick(&*self.game) else {
                return;
            };
            outln!("chance: {pick}");
            if self.game.play(&pick).is_err() {
                return;
            }
            self.turns.push((turn, None));
        }
    }

    /// Takes back the last decision a player made, with the chance outcomes that followed
    /// it, so that an undo never re-rolls the dice (nor takes back the first roll).
    fn undo_one(&mut self) -> bool {
        if !self.turns.iter().any(|t| t.1.is_some()) {
            return false;
        }
        while let Some(&(_, actor)) = self.turns.last() {
            if !self.game.undo() {
                return false;
            }
            self.turns.pop();
            if actor.is_some() {
                return true;
            }
        }
        false
    }

    fn show(&mut self) {
        let game = &*self.game;
        let acting = game.to_act().player();
        let usual = self
            .computer
            .map(Player::opponent)
            .or(acting)
            .unwrap_or(self.bottom);
        self.bottom = if self.flipped {
            usual.opponent()
        } else {
            usual
        };
        outln!();
        let view = game.view();
        let style = self.options.style;
        if self.options.layout == BoardLayout::Timelines {
            out!(
                "{}",
                timelines_grid::draw(&view, self.bottom, board::terminal_width(), style)
            );
            for note in &view.notes {
                outln!("{note}");
            }
        } else {
            out!(
                "{}",
                board::boards(
                    &view,
                    last_move(game),
                    self.bottom,
                    board::terminal_width(),
                    style
                )
            );
            // The variant's own lines under its boards (the side to move, links, the roll).
            let diagram = game.diagram_for(Some(self.bottom));
            let lines: Vec<&str> = diagram.lines().collect();
            let files = view
                .boards
                .iter()
                .map(|b| b.files.len())
                .min()
                .unwrap_or(usize::MAX);
            let after = lines
                .iter()
                .rposition(|l| is_file_line(l, files))
                .map_or(0, |i| i + 1);
            for line in &lines[after..] {
                outln!("{line}");
            }
        }
        if !self.turns.is_empty() {
            outln!("moves: {}", numbered(game, &self.turns, 8));
        }
        if let Some(start) = game.view_before(game.history().len())
            && let Some(line) = board::captured(
                &start,
                &view,
                [
                    game.player_name(Player::White),
                    game.player_name(Player::Black),
                ],
                style,
            )
        {
            outln!("{line}");
        }
        self.only = None;
        if let Some(outcome) = self.ended {
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
            if let Some(c) = &self.clocks {
                outln!("({}; running out loses)", c.line(game));
            }
            if let Some(l) = self.limit {
                outln!("({} per decision; running out loses)", clock(l));
            }
            let open = game.decisions();
            if let ([(text, None)], true) = (&open[..], acting != self.computer) {
                let text = text.clone();
                let shown = display_of(self.game, &text);
                if shown == "--" {
                    outln!("(nothing of the rolled kind can move: press Enter to pass the turn)");
                } else {
                    outln!("(the only legal decision is {shown}: press Enter to play it)");
                }
                self.only = Some(text);
            }
        }
    }

    fn prompt(&self, over: Option<Outcome>) -> String {
        match over {
            Some(_) => "game over> ".to_owned(),
            None => {
                let mut p = self.game.to_act_text();
                if let (Some(names), Some(player)) =
                    (&self.options.names, self.game.to_act().player())
                {
                    p = format!("{} ({p})", names[player as usize]);
                }
                format!("{p}> ")
            }
        }
    }

    /// The game as a save file: the record, with the clocks and the dice's state as tags.
    fn save_text(&self) -> String {
        let mut tags = String::new();
        if let Some(c) = &self.clocks {
            tags.push_str(&format!("[{CLOCK_TAG} \"{}\"]\n", c.save_text(&*self.game)));
        }
        if self.dice.rolls > 0 || self.turns.iter().any(|t| t.1.is_none()) {
            tags.push_str(&format!("[{SEED_TAG} \"{}\"]\n", self.dice.seed));
            tags.push_str(&format!("[{ROLLS_TAG} \"{}\"]\n", self.dice.rolls));
        }
        if let (Some(spec), Some(side)) = (&self.computer_spec, self.computer) {
            tags.push_str(&format!("[{OPPONENT_TAG} \"{spec} {}\"]\n", side.name()));
        }
        format!("{tags}{}", self.game.record_text())
    }

    fn save(&self, path: &std::path::Path) -> Result<(), std::io::Error> {
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, self.save_text())
    }

    /// On leaving: saves the game where the options say, if anything was played.
    fn leave(&self, over: Option<Outcome>) -> GameEnd {
        if let Some(path) = &self.options.save_to
            && !self.turns.is_empty()
        {
            match self.save(path) {
                Ok(()) => outln!(
                    "game saved to {0} (resume: omnichess play {1} --load {0})",
                    path.display(),
                    self.options.variant
                ),
                Err(e) => outln!("cannot save the game to {}: {e}", path.display()),
            }
        }
        over.map_or(GameEnd::Quit, GameEnd::Over)
    }

    fn hint(&mut self) -> String {
        let suggestion = (|| -> Result<Vec<String>, CliError> {
            let entry = crate::engine_commands::engine(&self.options.variant)?;
            let mut agent = (entry.agent)(
                "engine:time=1",
                self.options.seed,
                omnichess_engine::agents::DEFAULT_TIME,
            )?;
            Ok(agent.choose(
                self.options.start.as_deref(),
                &self.game.history(),
                &mut |_| {},
            )?)
        })();
        match suggestion {
            Ok(turn) => {
                let mut played = 0;
                for text in &turn {
                    if self.game.play(text).is_err() {
                        break;
                    }
                    played += 1;
                }
                let shown = shown_tail(&*self.game, played);
                for _ in 0..played {
                    self.game.undo();
                }
                format!("hint: {shown}")
            }
            Err(e) => format!("no hint: {e}"),
        }
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
    let mut t = Table::new(game, options, opponent.as_deref());
    t.resume()?;
    let terminal = std::io::stdout().is_terminal();
    let mut deadline = None;
    loop {
        if let Some(computer) = opponent.as_deref_mut()
            && t.ended.is_none()
            && t.game.to_act() == ToAct::Player(computer.side)
        {
            t.computer_turn(computer)?;
            continue;
        }
        let over = t.ended.or(t.game.to_act().outcome());
        if let (Some(outcome), true) = (over, options.leave_when_over) {
            return Ok(GameEnd::Over(outcome));
        }
        if over.is_none() && deadline.is_none() {
            deadline = t.deadline();
        }
        let line = match t.next_line(input, over, deadline, terminal) {
            Wait::Line(line) => line,
            Wait::NotUtf8 => {
                outln!("that line is not valid UTF-8 text and was ignored: type it again");
                continue;
            }
            Wait::Closed => {
                outln!();
                return Ok(t.leave(over));
            }
            Wait::TimedOut => {
                t.time_out();
                deadline = None;
                continue;
            }
        };
        match t.command(line.trim(), over, opponent.as_deref_mut()) {
            Next::Leave => return Ok(t.leave(over)),
            Next::NewDecision => deadline = None,
            Next::Prompt => {}
        }
    }
}

impl<'a> Table<'a> {
    /// The table of a new game of `game` (the `opponent`, if any, plays the computer's side).
    fn new(
        game: &'a mut dyn DynGame,
        options: &'a LoopOptions,
        opponent: Option<&Opponent>,
    ) -> Table<'a> {
        let limit = options
            .move_time
            .or(game.decision_time_limit())
            .filter(|d| !d.is_zero());
        Table {
            game,
            options,
            turns: Vec::new(),
            dice: Roller {
                seed: options.seed,
                rolls: options.rolls,
            },
            clocks: None,
            limit,
            ended: None,
            computer: opponent.map(|o| o.side),
            computer_spec: opponent.map(|o| o.spec.clone()),
            flipped: false,
            bottom: Player::White,
            only: None,
        }
    }

    /// Replays a loaded game's decisions, rolls for chance, sets the clocks and draws the
    /// board.
    fn resume(&mut self) -> Result<(), CliError> {
        let options = self.options;
        for (i, text) in options.replay.iter().enumerate() {
            self.play(text)
                .map_err(|e| CliError(format!("the saved game's decision {}: {e}", i + 1)))?;
        }
        if !options.replay.is_empty() {
            outln!(
                "resumed after {} decisions: {}",
                options.replay.len(),
                numbered(&*self.game, &self.turns, usize::MAX)
            );
        }
        if self.game.to_act() == ToAct::Chance && options.replay.is_empty() {
            outln!(
                "(the program rolls for chance: seed {0}; `--seed {0}` replays the rolls)",
                options.seed
            );
        }
        self.roll();
        self.clocks = match &options.saved_clocks {
            Some(text) => ChessClocks::from_save_text(text, &*self.game),
            None => options.clock.map(|c| ChessClocks::new(c, &*self.game)),
        };
        self.show();
        Ok(())
    }

    /// The computer's whole turn, on its clock.
    fn computer_turn(&mut self, computer: &mut Opponent) -> Result<(), CliError> {
        let before = self.game.turn_index();
        let n = computer.play_turn(self.game)?;
        self.log_tail(n, before, Some(computer.side));
        if let Some(c) = &mut self.clocks
            && !c.after_decision(&*self.game, computer.side)
        {
            outln!("{} ran out of time", self.game.player_name(computer.side));
            self.ended = Some(self.game.time_forfeit(computer.side));
        }
        self.roll();
        self.show();
        Ok(())
    }

    /// When the decision now due must be made: the time per decision and the player's clock,
    /// whichever ends first.
    fn deadline(&self) -> Option<Instant> {
        let mut deadline = self.limit.map(|l| Instant::now() + l);
        if let (Some(c), Some(p)) = (&self.clocks, self.game.to_act().player()) {
            deadline = Some(deadline.map_or(c.deadline(p), |d| d.min(c.deadline(p))));
        }
        deadline
    }

    /// The next line typed at the prompt, with the time left counted down above it on a
    /// terminal while a deadline runs.
    fn next_line(
        &self,
        input: &Input,
        over: Option<Outcome>,
        deadline: Option<Instant>,
        terminal: bool,
    ) -> Wait {
        if terminal && deadline.is_some() && over.is_none() {
            outln!(); // the clock's line, kept up to date above the prompt
        }
        let mut tick = |left: Duration| {
            if terminal {
                out!(
                    "\x1b7\x1b[1A\r\x1b[K⏱ {} left for this turn\x1b8",
                    clock(left)
                );
            }
        };
        input.next(
            &self.prompt(over),
            deadline.filter(|_| over.is_none()),
            &mut tick,
        )
    }

    /// The player to act ran out of time: they lose, or draw where the rules say so
    /// ([`omnichess_core::Hooks::time_forfeit`]).
    fn time_out(&mut self) {
        let flagged = self.game.to_act();
        outln!();
        let name = flagged
            .player()
            .map_or("nobody", |p| self.game.player_name(p));
        match self.limit {
            Some(l) if self.clocks.is_none() => {
                outln!("{name} ran out of time ({} per decision)", clock(l));
            }
            _ => outln!("{name} ran out of time"),
        }
        if let Some(p) = flagged.player() {
            self.ended = Some(self.game.time_forfeit(p));
        }
        self.show();
    }
}

/// After a player's decision at the keyboard: the clock, the dice, the board (not drawn
/// when the computer answers at once: its reply is drawn).
fn after_human_decision(t: &mut Table<'_>, mover: Option<Player>) {
    if let (Some(c), Some(m)) = (&mut t.clocks, mover)
        && !c.after_decision(&*t.game, m)
    {
        outln!("{} ran out of time", t.game.player_name(m));
        t.ended = Some(t.game.time_forfeit(m));
    }
    // Named before the dice roll on (Die Chess: the opponent's roll would be the last decision).
    let turn_passed =
        t.ended.is_none() && t.computer.is_some() && t.game.to_act().player() != mover;
    if turn_passed {
        outln!("you played {}", shown_tail(&*t.game, 1));
    }
    t.roll();
    let computer_next =
        t.ended.is_none() && t.computer.is_some() && t.game.to_act().player() == t.computer;
    if !computer_next {
        t.show();
    }
}

/// Rolls for chance: draws each chance node's outcome by its probability from a seeded,
/// fully specified sequence (splitmix64), and says what came up.
struct Roller {
    seed: u64,
    rolls: u64,
}

impl Roller {
    /// The next chance outcome of `game` (which must be at a chance node).
    fn pick(&mut self, game: &dyn DynGame) -> Option<String> {
        {
            let outcomes = game.decisions();
            if outcomes.is_empty() {
                return None;
            }
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
            Some(pick.clone())
        }
    }
}

fn clock(d: Duration) -> String {
    let s = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    format!("{}:{:02}", s / 60, s % 60)
}
