//! Both players' clocks in a terminal game (`play --clock 5+3`, `play --time-control`,
//! DMChess 8.1): the time left, charged when a turn ends (with the increment, and a second
//! period's time once its turns are played), the deadline of the turn being played, and the
//! clocks as a saved game keeps them.

use std::time::{Duration, Instant};

use omnichess_core::{DynGame, Player};
use omnichess_engine::clock::Clock;

/// The clocks of a game.
pub struct ChessClocks {
    clocks: [Clock; 2],
    /// The turn being played ([`DynGame::turn_index`]) and when it began.
    turn: u64,
    started: Instant,
}

impl ChessClocks {
    /// Both players on `clock`, the current turn starting now.
    pub fn new(clock: Clock, game: &dyn DynGame) -> ChessClocks {
        ChessClocks {
            clocks: [clock; 2],
            turn: game.turn_index(),
            started: Instant::now(),
        }
    }

    /// After `mover`'s decision: when it ended the turn, charges the turn to `mover`'s clock
    /// and starts the next. Returns `false` when the turn took longer than the time `mover`
    /// had (a loss on time).
    pub fn after_decision(&mut self, game: &dyn DynGame, mover: Player) -> bool {
        if game.turn_index() == self.turn {
            return true;
        }
        let used = self.started.elapsed();
        let clock = &mut self.clocks[mover as usize];
        let in_time = used <= clock.left;
        clock.spend(used);
        self.restart(game);
        in_time
    }

    /// A clock of `--clock MINUTES+SECONDS` (`5+3`: five minutes, three seconds a turn;
    /// decimals allowed, `0.5+0`); `None` when the text is not of that form.
    pub fn parse(text: &str) -> Option<Clock> {
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let base: f64 = base.trim().parse().ok()?;
        let increment: f64 = increment.trim().parse().ok()?;
        let ok = |x: f64| x.is_finite() && (0.0..=1e6).contains(&x);
        (ok(base) && ok(increment) && base > 0.0).then(|| {
            Clock::new(
                Duration::from_secs_f64(base * 60.0),
                Duration::from_secs_f64(increment),
            )
        })
    }

    /// The engine's clock option for a `--clock` text: `BASE+INC` in seconds (`300+3`).
    pub fn engine_spec(clock: &Clock) -> String {
        format!(
            "{}+{}",
            clock.left.as_secs_f64(),
            clock.increment.as_secs_f64()
        )
    }

    /// The engine's clock option for `player`'s clock as it stands now: `LEFT+INC` in seconds.
    pub fn engine_spec_of(&self, player: Player, game: &dyn DynGame) -> String {
        let c = &self.clocks[player as usize];
        format!(
            "{}+{}",
            self.left(player, game).as_secs_f64(),
            c.increment.as_secs_f64()
        )
    }

    /// The clocks as a saved game keeps them, the turn being played charged so far:
    /// `white=LEFT_MS+INC_MS/PLAYED black=…` (with `/PERIOD_TURNS:EXTRA_MS` when there is a
    /// second period).
    pub fn save_text(&self, game: &dyn DynGame) -> String {
        let mover = game.to_act().player();
        let used = self.started.elapsed();
        let each: Vec<String> = Player::BOTH
            .iter()
            .map(|&p| {
                let c = &self.clocks[p as usize];
                let left = if mover == Some(p) {
                    c.left.saturating_sub(used)
                } else {
                    c.left
                };
                let period = c
                    .period
                    .map_or(String::new(), |(t, e)| format!("/{t}:{}", e.as_millis()));
                format!(
                    "{}={}+{}/{}{period}",
                    p.name(),
                    left.as_millis(),
                    c.increment.as_millis(),
                    c.played
                )
            })
            .collect();
        each.join(" ")
    }

    /// Reads [`ChessClocks::save_text`]; the current turn starts now.
    pub fn from_save_text(text: &str, game: &dyn DynGame) -> Option<ChessClocks> {
        let mut clocks = [Clock::new(Duration::ZERO, Duration::ZERO); 2];
        let mut seen = [false; 2];
        for word in text.split_whitespace() {
            let (name, value) = word.split_once('=')?;
            let p = Player::BOTH.into_iter().find(|p| p.name() == name)?;
            let mut parts = value.split('/');
            let (left, increment) = parts.next()?.split_once('+')?;
            let ms = |t: &str| t.parse::<u64>().ok().map(Duration::from_millis);
            let played: u32 = parts.next()?.parse().ok()?;
            let period = match parts.next() {
                Some(pe) => {
                    let (t, e) = pe.split_once(':')?;
                    Some((t.parse().ok()?, ms(e)?))
                }
                None => None,
            };
            clocks[p as usize] = Clock {
                left: ms(left)?,
                increment: ms(increment)?,
                period,
                played,
            };
            seen[p as usize] = true;
        }
        (seen == [true, true]).then(|| ChessClocks {
            clocks,
            turn: game.turn_index(),
            started: Instant::now(),
        })
    }

    /// The time `player` has left now (the turn being played charged so far).
    pub fn left(&self, player: Player, game: &dyn DynGame) -> Duration {
        let c = self.clocks[player as usize].left;
        if game.to_act().player() == Some(player) {
            c.saturating_sub(self.started.elapsed())
        } else {
            c
        }
    }

    /// Starts the current turn again now (after a take-back: no time is given back).
    pub fn restart(&mut self, game: &dyn DynGame) {
        self.turn = game.turn_index();
        self.started = Instant::now();
    }

    /// When `player`'s time runs out if the current turn goes on.
    pub fn deadline(&self, player: Player) -> Instant {
        self.started + self.clocks[player as usize].left
    }

    /// `clocks: light 4:58 (+3 s), dark 5:00 (+3 s)`.
    pub fn line(&self, game: &dyn DynGame) -> String {
        let each: Vec<String> = Player::BOTH
            .iter()
            .map(|&p| {
                let c = &self.clocks[p as usize];
                // Rounded up: a clock shows 0:00 only when it has run out.
                let left = self.left(p, game);
                let s = left.as_secs() + u64::from(left.subsec_nanos() > 0);
                let increment = c.increment.as_secs();
                let plus = if increment > 0 {
                    format!(" (+{increment} s)")
                } else {
                    String::new()
                };
                format!("{} {}:{:02}{plus}", game.player_name(p), s / 60, s % 60)
            })
            .collect();
        format!("clocks: {}", each.join(", "))
    }
}
