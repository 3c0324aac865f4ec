//! A game in progress behind a trait object, for callers that choose the variant at run time.

use crate::{
    DecisionError, DecisionInfo, EventCount, EventKind, ToAct, TurnNumber, Variant, perft,
};

/// A variant-independent, object-safe view of a game in progress: the face the CLI (and later
/// a server) sees. Decisions cross it as text in the variant's notation.
pub trait DynGame: Send {
    /// The variant's name.
    fn variant_name(&self) -> &'static str;
    /// Who acts next, or the outcome.
    fn to_act(&self) -> ToAct;
    /// [`DynGame::to_act`] as `omnichess moves` prints it: the player's name in the
    /// variant's words (see [`Variant::PLAYER_NAMES`]), `chance` or `none`.
    fn to_act_text(&self) -> String;
    /// The variant's own terminal commands' help (see [`crate::Presentation::COMMANDS_HELP`]).
    fn commands_help(&self) -> &'static str;
    /// Runs one of the variant's own terminal commands (see [`crate::Presentation::command`]).
    fn command(&self, name: &str, argument: &str) -> Option<String>;
    /// A player's name in the variant's words (see [`Variant::PLAYER_NAMES`]).
    fn player_name(&self, player: crate::Player) -> &'static str;
    /// An outcome in words with the variant's player names (`1-0 light wins by checkmate`).
    fn outcome_text(&self, outcome: crate::Outcome) -> String;
    /// The open decisions in canonical notation, each with its probability when chance acts.
    fn decisions(&self) -> Vec<(String, Option<f64>)>;
    /// What the decision `text`, open now, is (see [`crate::Presentation::decision_info`]);
    /// the error of [`DynGame::play`] when it is not open.
    fn decision_info(&self, text: &str) -> Result<DecisionInfo, DecisionError>;
    /// Parses and plays one decision.
    fn play(&mut self, text: &str) -> Result<(), DecisionError>;
    /// Takes back the last decision played through this session; `false` if there is none.
    fn undo(&mut self) -> bool;
    /// The decisions played so far in canonical notation.
    fn history(&self) -> Vec<String>;
    /// One number per entry of [`DynGame::history`]: [`crate::Game::turn_index`] just before that
    /// decision was played. Decisions with the same number form one turn (5D Chess: a turn's
    /// moves and its submit; Die Chess: the roll and the move).
    fn history_turns(&self) -> Vec<u64>;
    /// The decisions played so far as a move list shows them (see
    /// [`crate::Notation::display_text`]).
    fn move_list(&self) -> Vec<String>;
    /// One entry per entry of [`DynGame::history`]: what that decision was in the state it was
    /// played in (see [`crate::Presentation::decision_info`]).
    fn history_info(&self) -> Vec<DecisionInfo>;
    /// The turn the start was in, as a move list numbers it (see
    /// [`crate::Presentation::turn_number`]): where the list's numbers begin and who moved
    /// first.
    fn start_turn(&self) -> TurnNumber;
    /// The turn the current state is in, as a move list numbers it (see
    /// [`crate::Presentation::turn_number`]): whose turn it is even where chance acts.
    fn turn_number(&self) -> TurnNumber;
    /// Perft of the current state (see [`crate::perft::perft`]).
    fn perft(&mut self, depth: u32) -> u64;
    /// Perft split by first decision (see [`crate::perft::divide`]): calls `each` with every
    /// first decision in canonical notation and its count as soon as it is known; returns
    /// the total.
    fn divide(&mut self, depth: u32, each: &mut dyn FnMut(&str, u64)) -> u64;
    /// Legal complete turns, capped (see [`crate::Counting::count_turns`]).
    fn count_turns(&mut self, cap: u64) -> u64;
    /// Complete turns played so far (see [`crate::Game::turn_index`]).
    fn turn_index(&self) -> u64;
    /// A draw the actor may claim now, with its reason.
    fn claimable_draw(&self) -> Option<&'static str>;
    /// The outcome when `flagged` runs out of time now (see [`crate::Hooks::time_forfeit`]).
    fn time_forfeit(&self, flagged: crate::Player) -> crate::Outcome;
    /// The time a player has for one decision, if the rules set one.
    fn decision_time_limit(&self) -> Option<std::time::Duration>;
    /// The exact probability that the player on turn must forfeit if they roll now.
    fn forfeit_probability(&self) -> Option<f64>;
    /// The current state as position text.
    fn position_text(&self) -> String;
    /// The current state drawn for a terminal.
    fn diagram(&self) -> String;
    /// The current state drawn for a terminal as `viewer` sees it (see
    /// [`crate::Presentation::diagram_for`]).
    fn diagram_for(&self, viewer: Option<crate::Player>) -> String;
    /// The current state as a graphical client draws it (see [`crate::Presentation::view`]).
    fn view(&self) -> crate::View;
    /// The position with the editor's `edits` made and `to_move` to act, as position text, or
    /// why not; `None` where the variant has no board editor ([`crate::Presentation::edited`]).
    fn edited(
        &self,
        edits: &[crate::SquareEdit],
        to_move: crate::Player,
    ) -> Option<Result<String, crate::PositionError>>;
    /// The view of the state `back` decisions ago (played through this session), if there
    /// were that many: the UI marks the last move's squares with it.
    fn view_before(&self, back: usize) -> Option<crate::View>;
    /// The decision played `back` decisions ago (1: the last) as the state it was played in
    /// listed it (see [`crate::Presentation::decision_view`]), if there were that many.
    fn played_view(&self, back: usize) -> Option<crate::MoveView>;
    /// How a player types a decision (see [`crate::Presentation::NOTATION_HELP`]).
    fn notation_help(&self) -> &'static str;
    /// The game so far in the variant's record format.
    fn record_text(&self) -> String;
    /// The kinds of events of the variant's rules (see [`crate::Events::EVENTS`]).
    fn event_kinds(&self) -> &'static [EventKind];
    /// The events of the decisions played through this session, one count per kind (see
    /// [`crate::count_events`]).
    fn events(&self) -> Vec<EventCount>;
}

/// A [`Variant`] state with the decisions played on it since its start: the generic
/// implementation of [`DynGame`].
#[derive(Clone, Debug)]
pub struct Session<V: Variant> {
    start: V,
    game: V,
    played: Vec<V::Decision>,
    /// What the history's readers ask of each decision played, worked out once each.
    told: std::cell::RefCell<Told<V>>,
}

/// What [`DynGame::history`], [`DynGame::move_list`], [`DynGame::history_turns`] and
/// [`DynGame::history_info`] tell of each decision played, for a prefix of them, and the state
/// after that prefix to work out the next ones from: a long game's history is then read
/// without replaying it each time.
#[derive(Clone, Debug)]
struct Told<V: Variant> {
    replay: V,
    entries: Vec<TellsOf>,
}

/// One decision as the history's readers see it.
#[derive(Clone, Debug)]
struct TellsOf {
    text: String,
    shown: String,
    turn: u64,
    info: DecisionInfo,
}

impl<V: Variant> Told<V> {
    fn new(start: &V) -> Told<V> {
        Told {
            replay: start.clone(),
            entries: Vec::new(),
        }
    }
}

impl<V: Variant> Session<V> {
    /// A session starting at `start`.
    pub fn new(start: V) -> Self {
        Session {
            game: start.clone(),
            told: std::cell::RefCell::new(Told::new(&start)),
            start,
            played: Vec::new(),
        }
    }

    /// `read` of what each decision played tells, worked out for those not yet.
    fn told<T>(&self, read: impl Fn(&TellsOf) -> T) -> Vec<T> {
        let mut told = self.told.borrow_mut();
        let told = &mut *told;
        while let Some(&d) = self.played.get(told.entries.len()) {
            let replay = &mut told.replay;
            told.entries.push(TellsOf {
                text: replay.decision_text(d),
                shown: replay.display_text(d),
                turn: replay.turn_index(),
                info: replay.decision_info(d),
            });
            replay.apply(d);
        }
        told.entries.iter().map(read).collect()
    }

    /// The current state.
    pub fn game(&self) -> &V {
        &self.game
    }

    /// A finished game refuses every decision: the error names `text` and the outcome.
    fn refuse_when_over(&self, text: &str) -> Result<(), DecisionError> {
        match self.game.to_act() {
            ToAct::Nobody(outcome) => Err(DecisionError::illegal(
                text,
                format!("the game is over ({outcome})"),
            )),
            _ => Ok(()),
        }
    }
}

impl<V: Variant> DynGame for Session<V> {
    fn variant_name(&self) -> &'static str {
        V::NAME
    }

    fn to_act(&self) -> ToAct {
        self.game.to_act()
    }

    fn commands_help(&self) -> &'static str {
        V::COMMANDS_HELP
    }

    fn command(&self, name: &str, argument: &str) -> Option<String> {
        self.game.command(name, argument)
    }

    fn player_name(&self, player: crate::Player) -> &'static str {
        V::PLAYER_NAMES[player as usize]
    }

    fn outcome_text(&self, outcome: crate::Outcome) -> String {
        outcome.text_with(V::PLAYER_NAMES)
    }

    fn to_act_text(&self) -> String {
        match self.game.to_act() {
            ToAct::Player(p) => self.player_name(p).to_owned(),
            other => other.to_string(),
        }
    }

    fn decisions(&self) -> Vec<(String, Option<f64>)> {
        let mut list = Vec::new();
        self.game.decisions(&mut list);
        list.into_iter()
            .map(|d| (self.game.decision_text(d), self.game.probability(d)))
            .collect()
    }

    fn decision_info(&self, text: &str) -> Result<DecisionInfo, DecisionError> {
        self.refuse_when_over(text)?;
        let decision = self.game.parse_decision(text)?;
        Ok(self.game.decision_info(decision))
    }

    fn play(&mut self, text: &str) -> Result<(), DecisionError> {
        self.refuse_when_over(text)?;
        let decision = self.game.parse_decision(text)?;
        self.game.apply(decision);
        self.played.push(decision);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.played.pop().is_none() {
            return false;
        }
        let told = self.told.get_mut();
        if told.entries.len() > self.played.len() {
            told.entries.pop();
            if !told.replay.undo() {
                *told = Told::new(&self.start);
            }
        }
        self.game.undo()
    }

    fn history(&self) -> Vec<String> {
        self.told(|t| t.text.clone())
    }

    fn history_turns(&self) -> Vec<u64> {
        self.told(|t| t.turn)
    }

    fn move_list(&self) -> Vec<String> {
        self.told(|t| t.shown.clone())
    }

    fn history_info(&self) -> Vec<DecisionInfo> {
        self.told(|t| t.info)
    }

    fn start_turn(&self) -> TurnNumber {
        self.start.turn_number()
    }

    fn turn_number(&self) -> TurnNumber {
        self.game.turn_number()
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft::perft(&mut self.game, depth)
    }

    fn divide(&mut self, depth: u32, each: &mut dyn FnMut(&str, u64)) -> u64 {
        perft::divide(&mut self.game, depth, |state, d, n| {
            each(&state.decision_text(d), n)
        })
    }

    fn count_turns(&mut self, cap: u64) -> u64 {
        self.game.count_turns(cap)
    }

    fn turn_index(&self) -> u64 {
        self.game.turn_index()
    }

    fn claimable_draw(&self) -> Option<&'static str> {
        self.game.claimable_draw()
    }

    fn time_forfeit(&self, flagged: crate::Player) -> crate::Outcome {
        self.game.time_forfeit(flagged)
    }

    fn decision_time_limit(&self) -> Option<std::time::Duration> {
        self.game.decision_time_limit()
    }

    fn forfeit_probability(&self) -> Option<f64> {
        self.game.forfeit_probability()
    }

    fn position_text(&self) -> String {
        self.game.position_text()
    }

    fn diagram(&self) -> String {
        self.game.diagram()
    }

    fn diagram_for(&self, viewer: Option<crate::Player>) -> String {
        self.game.diagram_for(viewer)
    }

    fn edited(
        &self,
        edits: &[crate::SquareEdit],
        to_move: crate::Player,
    ) -> Option<Result<String, crate::PositionError>> {
        self.game
            .edited(edits, to_move)
            .map(|r| r.map(|state| state.position_text()))
    }

    fn view(&self) -> crate::View {
        self.game.view()
    }

    fn view_before(&self, back: usize) -> Option<crate::View> {
        if self.played.len() < back {
            return None;
        }
        let mut before = self.game.clone();
        (0..back).all(|_| before.undo()).then(|| before.view())
    }

    fn played_view(&self, back: usize) -> Option<crate::MoveView> {
        let index = self.played.len().checked_sub(back)?;
        let decision = *self.played.get(index)?;
        let mut before = self.game.clone();
        if !(0..back).all(|_| before.undo()) {
            return None;
        }
        before.decision_view(decision).or_else(|| {
            let text = before.decision_text(decision);
            before.view().moves.into_iter().find(|m| m.text == text)
        })
    }

    fn notation_help(&self) -> &'static str {
        V::NOTATION_HELP
    }

    fn record_text(&self) -> String {
        V::record_text(&self.start, &self.played, self.game.to_act().outcome())
    }

    fn event_kinds(&self) -> &'static [EventKind] {
        V::EVENTS
    }

    fn events(&self) -> Vec<EventCount> {
        crate::count_events(&self.start, &self.played)
    }
}
