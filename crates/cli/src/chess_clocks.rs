//! Both players' clocks in a terminal game (`play --time-control`, DMChess 8.1): the time
//! left, charged when a turn ends (with the increment, and a second period's time once its
//! turns are played), and the deadline of the turn being played.

use std::time::Instant;

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
                let s = c.left.as_secs();
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
