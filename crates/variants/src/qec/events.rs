//! The events of QEC's rules a balance study counts: the forced replies of linked partners
//! (§3.2) and the reactive king steps out of check (§4).

use omnichess_core::{EventKind, Events};

use super::state::{Phase, Qec, QecDecision};

impl Events for Qec {
    const EVENTS: &'static [EventKind] = &[
        EventKind {
            name: "forced reply",
            description: "a linked partner's forced move after its partner moved, chosen by its \
                          owner (§3.2)",
            by_turn: false,
        },
        EventKind {
            name: "reactive check",
            description: "a checked king's one-square step out of check within the same turn \
                          (§4)",
            by_turn: false,
        },
    ];

    fn events(&self, decision: QecDecision, out: &mut Vec<(&'static str, u32)>) {
        if let QecDecision::Move(_) = decision {
            match self.phase() {
                Phase::Reply(_) => out.push(("forced reply", 1)),
                Phase::Reactive => out.push(("reactive check", 1)),
                Phase::Draft | Phase::Move => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::Notation;

    use super::*;
    use crate::event_checks::played_events;

    /// The events of `moves` played from `position`, as `(name, count)`.
    fn counts(position: &str, moves: &str) -> Vec<(String, u64)> {
        let start = Qec::from_position_text(position).expect(position);
        played_events(&start, moves)
            .0
            .into_iter()
            .map(|c| (c.name, c.count))
            .collect()
    }

    fn named(replies: u64, reactive: u64) -> Vec<(String, u64)> {
        vec![
            ("forced reply".to_owned(), replies),
            ("reactive check".to_owned(), reactive),
        ]
    }

    #[test]
    fn forced_replies_and_reactive_steps_are_counted() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 files";
        // b2 wakes the knight b8, c7 the bishop c1; e2's partner (e8? kings are never
        // linked: e2 is the free pawn) wakes nothing.
        assert_eq!(counts(start, "b2-b4 b8-a6 c7-c5 c1-a3 e2-e3"), named(2, 0));
        // b2 wakes the rook h8, whose reply checks the mover's king: it steps at once.
        assert_eq!(
            counts(
                "4k2r/8/8/8/8/8/1P6/6K1 w - - 0 1 b2~h8",
                "b2-b3 h8-g8 g1-h2"
            ),
            named(1, 1)
        );
        assert_eq!(
            counts("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 ~", "a1-a8 e8-e7"),
            named(0, 1)
        );
    }
}
