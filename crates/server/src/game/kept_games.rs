//! Rebuilt games kept between requests: replaying a long game (a 5D game of hundreds of
//! timelines) costs far more than anything a request does with it, so each game's state is
//! kept after a request, with the decisions it was played to, and the next request on the game
//! plays on from it — only the decisions stored since — instead of replaying from the start.
//!
//! A kept state is used only where its decisions begin the stored ones, text for text (a
//! takeback, or a decision planned and never stored, makes it useless: the game is rebuilt).
//! Requests on one game take turns with its state (each holds it while it works); at most
//! [`KEPT_GAMES`] games are kept, the map emptied when it is full.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use omnichess_core::DynGame;

/// The most games kept at once.
pub const KEPT_GAMES: usize = 256;

/// A game's state and what it was played to.
pub struct Kept {
    /// The decisions played on `game` from the start, as the store holds them.
    pub texts: Vec<String>,
    /// For each, whether it ended its player's turn.
    pub ends_turn: Vec<bool>,
    /// The state.
    pub game: Box<dyn DynGame>,
}

/// One game's slot: its kept state, if any, and the lock its requests take turns with.
pub type Slot = Arc<Mutex<Option<Kept>>>;

/// The kept games, by id.
#[derive(Clone, Default)]
pub struct KeptGames {
    slots: Arc<Mutex<HashMap<String, Slot>>>,
}

impl std::fmt::Debug for KeptGames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeptGames({} games)", self.len())
    }
}

impl KeptGames {
    /// The slot of game `id` (a new, empty one the first time).
    #[must_use]
    pub fn slot(&self, id: &str) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if !slots.contains_key(id) && slots.len() >= KEPT_GAMES {
            slots.clear();
        }
        Arc::clone(slots.entry(id.to_owned()).or_default())
    }

    /// How many games have a slot now.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether no game has a slot.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_has_one_slot_and_the_map_stays_bounded() {
        let kept = KeptGames::default();
        let a = kept.slot("a");
        assert!(Arc::ptr_eq(&a, &kept.slot("a")));
        for i in 0..KEPT_GAMES {
            let _slot = kept.slot(&i.to_string());
        }
        assert!(kept.len() <= KEPT_GAMES, "{}", kept.len());
        assert!(!kept.is_empty());
    }
}
