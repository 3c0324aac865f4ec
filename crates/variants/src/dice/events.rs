//! The events of Die Chess's rules a balance study counts: forfeited turns (§1, §4), by the
//! turn they fall on, and the king moved without rolling out of check (§4).

use omnichess_core::{EventKind, Events};

use super::state::{Dice, DiceDecision};

impl Events for Dice {
    const EVENTS: &'static [EventKind] = &[
        EventKind {
            name: "forfeit",
            description: "a turn lost: the rolled type has no legal move, or cannot answer the \
                          check (§1, §4)",
            by_turn: true,
        },
        EventKind {
            name: "king without rolling",
            description: "a player in check moves the king instead of rolling (§4)",
            by_turn: false,
        },
    ];

    fn events(&self, decision: DiceDecision, out: &mut Vec<(&'static str, u32)>) {
        match decision {
            DiceDecision::Forfeit => out.push(("forfeit", 1)),
            DiceDecision::KingWithoutRolling => out.push(("king without rolling", 1)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{EventCount, Notation};

    use super::*;
    use crate::event_checks::played_events;

    /// The events of `decisions` played from `position`.
    fn counts(position: &str, decisions: &str) -> Vec<EventCount> {
        let start = Dice::from_position_text(position).expect(position);
        played_events(&start, decisions).0
    }

    #[test]
    fn forfeits_are_counted_by_turn_and_king_moves_without_rolling() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let events = counts(start, "[N] Nf3 [B] -- [P] e4 [Q] --");
        assert_eq!(events[0].name, "forfeit");
        assert_eq!(
            (events[0].count, events[0].turns.clone()),
            (2, Some(vec![1, 3]))
        );
        assert_eq!((events[1].count, events[1].turns.clone()), (0, None));
        // White in check moves the king without rolling; Black then forfeits.
        let events = counts("4r2k/8/8/R7/8/8/8/N3K3 w - - 0 1", "[K!] Kd2 [N] --");
        assert_eq!(events[0].turns, Some(vec![1]));
        assert_eq!(events[1].count, 1);
    }
}
