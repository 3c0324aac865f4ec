//! One timeline of the multiverse: its boards in order, with what is kept of them between two
//! changes (its hash, and a value its user computes from the last board), so that a search
//! over hundreds of timelines reads again only those a decision changed.

use std::cell::Cell;
use std::hash::{Hash, Hasher};

use super::board::Board;

/// One timeline: its first board's half-turn and its boards in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Timeline {
    /// The half-turn of the first board.
    pub start: i32,
    /// The boards, one per half-turn from `start`.
    pub boards: Vec<Board>,
    /// The hash of `start` and `boards` (0: not known).
    key: Kept<u64>,
    /// A value of the last board and the tag it was computed under (tag 0: none).
    last_value: Kept<(u8, i32)>,
}

/// Something a timeline keeps from when it is first asked for until a board is added or taken
/// back. Not part of the timeline's value: any two are equal and hash alike.
#[derive(Clone, Debug, Default)]
struct Kept<T: Copy>(Cell<T>);

impl<T: Copy> PartialEq for Kept<T> {
    fn eq(&self, _: &Kept<T>) -> bool {
        true
    }
}

impl<T: Copy> Eq for Kept<T> {}

impl<T: Copy> Hash for Kept<T> {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl Timeline {
    /// A timeline whose first board is at half-turn `start`.
    #[must_use]
    pub fn new(start: i32, boards: Vec<Board>) -> Timeline {
        Timeline {
            start,
            boards,
            key: Kept::default(),
            last_value: Kept::default(),
        }
    }

    /// The hash of the timeline's first half-turn and boards, computed once between two
    /// changes of its boards (a decision changes one or two timelines of hundreds).
    pub(super) fn key(&self) -> u64 {
        let kept = self.key.0.get();
        if kept != 0 {
            return kept;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.start.hash(&mut h);
        self.boards.hash(&mut h);
        let key = h.finish() | 1;
        self.key.0.set(key);
        key
    }

    /// `value(last board)`, kept under `tag` until a board is added or taken back: a caller
    /// that asks at every position of a search (the engine's evaluation) computes it again
    /// only for the timelines that changed. One value is kept at a time: asked under another
    /// tag, it is computed and kept instead. Tag 0 keeps nothing. `None` when the timeline
    /// has no board.
    pub fn last_board_value(&self, tag: u8, value: impl FnOnce(&Board) -> i32) -> Option<i32> {
        let (kept_tag, kept) = self.last_value.0.get();
        if tag != 0 && kept_tag == tag {
            return Some(kept);
        }
        let computed = value(self.boards.last()?);
        if tag != 0 {
            self.last_value.0.set((tag, computed));
        }
        Some(computed)
    }

    /// Adds a board at the end.
    pub(super) fn push(&mut self, board: Board) {
        self.boards.push(board);
        self.forget();
    }

    /// Takes the last board back.
    pub(super) fn pop(&mut self) {
        self.boards.pop();
        self.forget();
    }

    /// Forgets what was kept of the boards.
    fn forget(&mut self) {
        self.key.0.set(0);
        self.last_value.0.set((0, 0));
    }

    /// The half-turn of the last board.
    #[must_use]
    pub fn end(&self) -> i32 {
        self.start + self.boards.len() as i32 - 1
    }

    /// The board at half-turn v, if the timeline has one.
    #[must_use]
    pub fn board(&self, v: i32) -> Option<&Board> {
        usize::try_from(v - self.start)
            .ok()
            .and_then(|i| self.boards.get(i))
    }
}
