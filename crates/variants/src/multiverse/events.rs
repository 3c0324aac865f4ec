//! The events of 5D Chess's rules a balance study counts: moves that leave their board
//! (through time or to another timeline) and the timelines they create.

use omnichess_core::{EventKind, Events};

use super::state::{Decision5, Multiverse};

impl Events for Multiverse {
    const EVENTS: &'static [EventKind] = &[
        EventKind {
            name: "timeline created",
            description: "a move to a board that is not playable (in the past of its \
                          timeline): a new timeline branches from it",
            by_turn: false,
        },
        EventKind {
            name: "travel",
            description: "a move to another board: back in time or to another timeline, \
                          branching or not",
            by_turn: false,
        },
    ];

    fn events(&self, decision: Decision5, out: &mut Vec<(&'static str, u32)>) {
        let Decision5::Move(mv) = decision else {
            return;
        };
        if (mv.from.line, mv.from.v) == (mv.to.line, mv.to.v) {
            return;
        }
        out.push(("travel", 1));
        if !self.playable(mv.to.line, mv.to.v) {
            out.push(("timeline created", 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Notation, Variant};

    use super::*;
    use crate::event_checks::played_events;

    #[test]
    fn a_jump_into_the_past_creates_a_timeline_and_a_jump_across_does_not() {
        let count = |start: &Multiverse, decisions: &str| {
            let (events, game) = played_events(start, decisions);
            let counts: Vec<(String, u64)> =
                events.into_iter().map(|c| (c.name, c.count)).collect();
            (counts, game.timelines().count())
        };
        let named = |created, travel| {
            vec![
                ("timeline created".to_owned(), created),
                ("travel".to_owned(), travel),
            ]
        };
        let (counts, lines) = count(
            &Multiverse::start(),
            "(0T1)Ng1f3 submit (0T1)Nb8c6 submit (0T2)Nf3>>(0T1)f5",
        );
        assert_eq!((counts, lines), (named(1, 1), 2));
        // A pawn steps from +0 to the last board of -0: travel, no branch.
        let two = Multiverse::from_position_text(
            "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K4:-0:1:w] [4k/5/5/P4/K4:+0:1:w]",
        )
        .expect("the position");
        let (counts, lines) = count(&two, "(+0T1)a2>(-0T1)a2");
        assert_eq!((counts, lines), (named(0, 1), 2));
    }
}
