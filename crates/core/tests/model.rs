//! The generic code of the model (perft, turn counting, replay, sessions, the registry) on a
//! small game whose turns hold a player's decision, a chance node and an opponent's decision:
//! the shapes of Die Chess and QEC without their rules.

use omnichess_core::{
    Counting, DecisionError, DecisionInfo, DecisionKind, DynGame, EventCount, EventKind, Events,
    Game, GameRecord, Hooks, Notation, Outcome, Player, PositionError, Presentation, RecordError,
    RecordedDecision, Records, ToAct, TurnNumber, Variant, VariantEntry, find, perft, play_checked,
    replay,
};

/// A race to 5 points. A turn: the mover steps 1 or 2; a coin adds 0 or 1 (chance); then the
/// opponent keeps or cancels the coin's point. Whoever reaches 5 first wins.
#[derive(Clone, Debug, PartialEq)]
struct Race {
    points: [u8; 2],
    phase: u8,
    turn: u64,
    coin: u8,
    undo: Vec<(RaceState, Step)>,
}

type RaceState = ([u8; 2], u8, u64, u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Walk(u8),
    Coin(u8),
    Keep,
    Cancel,
}

impl Race {
    fn mover(&self) -> Player {
        if self.turn.is_multiple_of(2) {
            Player::White
        } else {
            Player::Black
        }
    }
    fn index(p: Player) -> usize {
        match p {
            Player::White => 0,
            Player::Black => 1,
        }
    }
    fn winner(&self) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|&p| self.points[Race::index(p)] >= 5)
    }
}

impl Game for Race {
    type Decision = Step;
    fn to_act(&self) -> ToAct {
        if let Some(w) = self.winner() {
            return ToAct::Nobody(Outcome::win(w, "five points"));
        }
        match self.phase {
            0 => ToAct::Player(self.mover()),
            1 => ToAct::Chance,
            _ => ToAct::Player(self.mover().opponent()),
        }
    }
    fn decisions(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.winner().is_some() {
            return;
        }
        match self.phase {
            0 => out.extend([Step::Walk(1), Step::Walk(2)]),
            1 => out.extend([Step::Coin(0), Step::Coin(1)]),
            _ => out.extend([Step::Keep, Step::Cancel]),
        }
    }
    fn probability(&self, d: Step) -> Option<f64> {
        matches!(d, Step::Coin(_)).then_some(0.5)
    }
    fn apply(&mut self, d: Step) {
        self.undo
            .push(((self.points, self.phase, self.turn, self.coin), d));
        let me = Race::index(self.mover());
        match d {
            Step::Walk(n) => self.points[me] += n,
            Step::Coin(n) => {
                self.coin = n;
                self.points[me] += n;
            }
            Step::Keep => {}
            Step::Cancel => self.points[me] -= self.coin,
        }
        self.phase = (self.phase + 1) % 3;
        if self.phase == 0 {
            self.turn += 1;
        }
    }
    fn undo(&mut self) -> bool {
        self.undo
            .pop()
            .map(|((points, phase, turn, coin), _)| {
                (self.points, self.phase, self.turn, self.coin) = (points, phase, turn, coin);
            })
            .is_some()
    }
    fn hash(&self) -> u64 {
        u64::from(self.points[0]) << 8 | u64::from(self.points[1]) | u64::from(self.phase) << 16
    }
    fn turn_index(&self) -> u64 {
        self.turn
    }
}

fn text(d: Step) -> String {
    match d {
        Step::Walk(n) => format!("walk{n}"),
        Step::Coin(n) => format!("coin{n}"),
        Step::Keep => "keep".into(),
        Step::Cancel => "cancel".into(),
    }
}

impl Counting for Race {}

impl Hooks for Race {}

/// The race's events: a cancelled coin (counted by turn) and a double step.
impl Events for Race {
    const EVENTS: &'static [EventKind] = &[
        EventKind {
            name: "cancel",
            description: "the opponent cancels the coin's point",
            by_turn: true,
        },
        EventKind {
            name: "double step",
            description: "the mover steps 2",
            by_turn: false,
        },
    ];
    fn events(&self, d: Step, out: &mut Vec<(&'static str, u32)>) {
        match d {
            Step::Cancel if self.coin == 1 => out.push(("cancel", 1)),
            Step::Walk(2) => out.push(("double step", 1)),
            _ => {}
        }
    }
}

impl Variant for Race {
    const NAME: &'static str = "race";
    const DESCRIPTION: &'static str = "A race to five points (a test game)";
    fn start() -> Race {
        Race {
            points: [0, 0],
            phase: 0,
            turn: 0,
            coin: 0,
            undo: Vec::new(),
        }
    }
}

impl Notation for Race {
    fn from_position_text(t: &str) -> Result<Race, PositionError> {
        let bad = || PositionError::syntax(format!("`{t}` is not `WHITE BLACK` points"));
        let (w, b) = t.split_once(' ').ok_or_else(bad)?;
        let mut race = Race::start();
        race.points = [w.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?];
        Ok(race)
    }
    fn position_text(&self) -> String {
        format!("{} {}", self.points[0], self.points[1])
    }
    fn parse_decision(&self, t: &str) -> Result<Step, DecisionError> {
        let mut list = Vec::new();
        self.decisions(&mut list);
        list.into_iter()
            .find(|&d| text(d) == t)
            .ok_or_else(|| DecisionError::illegal(t, "not open here"))
    }
    fn decision_text(&self, d: Step) -> String {
        text(d)
    }
}

/// The opponent's `keep` changes nothing and ends the turn: a button of its own.
const KEEP: DecisionInfo = DecisionInfo::turn_end("Keep the point");

impl Presentation for Race {
    fn diagram(&self) -> String {
        self.position_text()
    }
    fn decision_info(&self, d: Step) -> DecisionInfo {
        match d {
            Step::Keep => KEEP,
            _ => DecisionInfo::MOVE,
        }
    }
    fn view(&self) -> omnichess_core::View {
        omnichess_core::View {
            notes: vec![self.position_text()],
            ..omnichess_core::View::default()
        }
    }
}

impl Records for Race {
    const RECORD_EXTENSION: &'static str = "txt";
    fn parse_record(t: &str) -> Result<GameRecord, RecordError> {
        let decisions = t
            .split_whitespace()
            .map(|w| RecordedDecision {
                text: w.to_owned(),
                line: 1,
            })
            .collect();
        Ok(GameRecord {
            decisions,
            ..GameRecord::default()
        })
    }
    fn record_text(_: &Race, decisions: &[Step], _: Option<Outcome>) -> String {
        decisions
            .iter()
            .map(|&d| text(d))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[test]
fn the_actor_changes_within_a_turn_and_chance_has_probabilities() {
    let mut race = Race::start();
    assert_eq!(race.to_act(), ToAct::Player(Player::White));
    race.apply(Step::Walk(1));
    assert_eq!(race.to_act(), ToAct::Chance);
    let mut list = Vec::new();
    race.decisions(&mut list);
    let total: f64 = list
        .iter()
        .map(|&d| race.probability(d).expect("chance"))
        .sum();
    assert_eq!(total, 1.0);
    race.apply(Step::Coin(1));
    assert_eq!(
        race.to_act(),
        ToAct::Player(Player::Black),
        "the opponent decides inside the turn"
    );
    assert_eq!(race.turn_index(), 0);
    race.apply(Step::Cancel);
    assert_eq!(race.turn_index(), 1);
    assert_eq!(race.points, [1, 0]);
    assert_eq!(race.to_act(), ToAct::Player(Player::Black));
}

#[test]
fn perft_counts_every_decision_as_a_ply_and_stops_at_the_end() {
    let mut race = Race::start();
    for (depth, n) in [(0, 1), (1, 2), (2, 4), (3, 8), (6, 64)] {
        assert_eq!(perft::perft(&mut race, depth), n, "depth {depth}");
    }
    assert_eq!(race, Race::start(), "perft leaves the state as it found it");
    // White at 4 points wins with either step: nothing grows below the win.
    let mut near = Race::from_position_text("4 0").expect("position");
    assert_eq!(perft::perft(&mut near, 1), 2);
    assert_eq!(perft::perft(&mut near, 2), 0);
    let mut seen = Vec::new();
    let total = perft::divide(&mut race, 3, |s, d, n| seen.push((s.decision_text(d), n)));
    assert_eq!(total, 8);
    assert_eq!(seen, [("walk1".to_owned(), 4), ("walk2".to_owned(), 4)]);
}

#[test]
fn complete_turns_span_all_actors_of_the_turn() {
    let mut race = Race::start();
    assert_eq!(race.count_turns(u64::MAX), 8);
    assert_eq!(race.count_turns(5), 5, "the cap stops the count");
    // A turn that ends the game early (the step wins) counts once per way of ending it.
    let mut near = Race::from_position_text("4 0").expect("position");
    assert_eq!(near.count_turns(u64::MAX), 2);
    let mut over = Race::from_position_text("5 0").expect("position");
    assert_eq!(
        over.count_turns(u64::MAX),
        0,
        "a finished game has no turns"
    );
}

#[test]
fn a_turn_is_played_only_as_far_as_its_decisions_are_open() {
    let mut race = Race::start();
    let turn = [Step::Walk(2), Step::Coin(1), Step::Keep];
    assert_eq!(play_checked(&mut race, &turn), Ok(()));
    assert_eq!((race.points, race.turn_index()), ([3, 0], 1));
    // Black walks, then a coin cannot be kept before it is tossed.
    let mut stopped = race.clone();
    assert_eq!(
        play_checked(&mut stopped, &[Step::Walk(1), Step::Keep]),
        Err(1)
    );
    race.apply(Step::Walk(1));
    assert_eq!(stopped, race, "left before the decision that was not open");
}

const REGISTRY: &[VariantEntry] = &[VariantEntry::of::<Race>()];

#[test]
fn sessions_play_text_undo_and_report_turn_starts_in_replay() {
    let entry = find(REGISTRY, "race").expect("registered");
    assert!(find(REGISTRY, "chess").is_none());
    let mut game: Box<dyn DynGame> = (entry.open)(None).expect("start");
    assert_eq!(
        game.decisions(),
        [("walk1".to_owned(), None), ("walk2".to_owned(), None)]
    );
    game.play("walk2").expect("legal");
    assert_eq!(game.decisions()[1], ("coin1".to_owned(), Some(0.5)));
    assert!(matches!(
        game.play("walk1"),
        Err(DecisionError::Illegal { .. })
    ));
    assert!(game.undo());
    assert!(!game.undo());

    let record = (entry.parse_record)("walk1 coin1 keep walk2 coin0 cancel walk2").expect("record");
    let mut positions = Vec::new();
    replay(game.as_mut(), &record, &mut |g| {
        positions.push(g.position_text())
    })
    .expect("replays");
    assert_eq!(positions, ["0 0", "2 0", "2 2"], "one call per turn start");
    assert_eq!(game.history().len(), 7);

    let bad = (entry.parse_record)("walk1 keep").expect("record");
    let mut fresh = (entry.open)(None).expect("start");
    let err = replay(fresh.as_mut(), &bad, &mut |_| {}).expect_err("keep is not open at chance");
    assert!(err.to_string().contains("decision 2 (`keep`"), "{err}");
    assert!(err.to_string().contains("position `1 0`"), "{err}");
}

#[test]
fn a_session_counts_its_events_by_kind_and_by_turn() {
    let entry = find(REGISTRY, "race").expect("registered");
    assert_eq!(
        entry.events.iter().map(|k| k.name).collect::<Vec<_>>(),
        ["cancel", "double step"]
    );
    let mut game = (entry.open)(None).expect("start");
    for d in "walk2 coin1 cancel walk2 coin0 cancel walk1 coin0 keep walk1 coin1 cancel".split(' ')
    {
        game.play(d).expect("legal");
    }
    // Turn 1's cancel took back no point (the coin showed 0): no event.
    assert_eq!(
        game.events(),
        [
            EventCount {
                name: "cancel".to_owned(),
                count: 2,
                turns: Some(vec![0, 3]),
            },
            EventCount {
                name: "double step".to_owned(),
                count: 2,
                turns: None,
            },
        ]
    );
    assert!(game.undo());
    assert_eq!(game.events()[0].count, 1, "the undone cancel is gone");
}

#[test]
fn a_session_describes_the_decisions_open_and_played() {
    let entry = find(REGISTRY, "race").expect("registered");
    let mut game = (entry.open)(None).expect("start");
    assert_eq!(game.decision_info("walk1"), Ok(DecisionInfo::MOVE));
    assert!(
        game.decision_info("keep").is_err(),
        "keep is not open before the coin"
    );
    for d in ["walk2", "coin1"] {
        game.play(d).expect("legal");
    }
    let keep = game.decision_info("keep").expect("open now");
    assert_eq!(
        (keep.kind, keep.turn_end, keep.label),
        (DecisionKind::Submit, true, Some("Keep the point"))
    );
    game.play("keep").expect("legal");
    game.play("walk1").expect("legal");
    assert_eq!(
        game.history_info(),
        [
            DecisionInfo::MOVE,
            DecisionInfo::MOVE,
            KEEP,
            DecisionInfo::MOVE
        ]
    );
    let over = (entry.open)(Some("5 0")).expect("a won position");
    assert!(
        over.decision_info("walk1").is_err(),
        "a finished game has no decision open"
    );
}

#[test]
fn the_start_turn_is_the_turn_index_two_a_number_and_the_player_to_act() {
    let entry = find(REGISTRY, "race").expect("registered");
    let game = (entry.open)(None).expect("start");
    assert_eq!(
        game.start_turn(),
        TurnNumber {
            number: 1,
            player: Player::White
        }
    );
    // Black's second turn, at the coin: chance acts, so the turn index's parity says whose.
    let mut race = Race::start();
    (race.turn, race.phase) = (3, 1);
    assert_eq!(race.to_act(), ToAct::Chance);
    assert_eq!(
        race.turn_number(),
        TurnNumber {
            number: 2,
            player: Player::Black
        }
    );
    race.phase = 0;
    race.turn = 4;
    assert_eq!(
        race.turn_number(),
        TurnNumber {
            number: 3,
            player: Player::White
        }
    );
}
