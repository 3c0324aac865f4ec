//! The events of DMChess's rules a balance study counts: dimensional moves (crossings, 4.2,
//! 6.3.3) and the moves the conservation law refuses (6.2.2).

use omnichess_core::{EventKind, Events};

use super::position::{Move, Special};
use super::square;
use super::state::DmChess;

impl Events for DmChess {
    const EVENTS: &'static [EventKind] = &[
        EventKind {
            name: "crossing",
            description: "a dimensional move: a piece ends on another board, through a portal \
                          or castling across dimensions (4.2, 6.3.3)",
            by_turn: false,
        },
        EventKind {
            name: "conservation refusal",
            description: "a move by the rules of movement that the conservation law refuses \
                          (6.2.2), counted at every move among the mover's options",
            by_turn: false,
        },
    ];

    fn events(&self, mv: Move, out: &mut Vec<(&'static str, u32)>) {
        if matches!(mv.special, Special::Transfer | Special::Done) {
            return;
        }
        if square::dim(mv.from) != square::dim(mv.to) {
            out.push(("crossing", 1));
        }
        let refused = u32::try_from(self.refused_by_conservation()).unwrap_or(u32::MAX);
        if refused > 0 {
            out.push(("conservation refusal", refused));
        }
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Game, Notation, count_events};

    use super::*;

    /// D1's knight on b2 and the kings on D8, at `fullmove` with D1's flow -8 and D2's +8:
    /// from the game's 17th move (Light's 9th) on every crossing out of D1 would take its flow
    /// to -9 (6.2.2, ruling C.2).
    fn knight(fullmove: u32) -> DmChess {
        let mut boards = ["8/8/8/8/8/8/8/8"; 8];
        boards[0] = "8/8/8/8/8/8/1N16/8";
        boards[7] = "7k8/8/8/8/8/8/8/K87";
        let text = format!(
            "{} l - 0 {fullmove} 0/8 - -8,8,0,0,0,0,0,0 -",
            boards.join("|")
        );
        DmChess::from_position_text(&text).expect("the position")
    }

    fn is_crossing(mv: Move) -> bool {
        square::dim(mv.from) != square::dim(mv.to)
    }

    #[test]
    fn crossings_and_the_moves_the_law_refuses_are_counted() {
        let mut free = Vec::new();
        knight(8).decisions(&mut free);
        let crossings = free.iter().filter(|&&mv| is_crossing(mv)).count() as u64;
        // DEL 1 reaches D2 alone, through the portal d3: from D2 d3 to b2, b4, c1, e1 and f2
        // (c5, e5 and f4 are D2's portals, where no move ends, 4.2.4).
        assert_eq!(
            crossings, 5,
            "the knight's dimensional moves while the law sleeps"
        );
        // Light's move 8 (the game's 15th): one crossing played, nothing refused.
        let start = knight(8);
        let across = *free
            .iter()
            .find(|&&mv| is_crossing(mv))
            .expect("a crossing");
        let counts = count_events(&start, &[across]);
        assert_eq!((counts[0].count, counts[1].count), (1, 0));
        // Light's move 9 (the game's 17th): every one of those crossings is refused at the knight's move.
        let start = knight(9);
        let mut bound = Vec::new();
        start.decisions(&mut bound);
        assert!(!bound.iter().any(|&mv| is_crossing(mv)));
        let quiet = bound[0];
        let mut after = start.clone();
        after.apply(quiet);
        let reply = {
            let mut replies = Vec::new();
            after.decisions(&mut replies);
            replies[0]
        };
        let counts = count_events(&start, &[quiet, reply]);
        assert_eq!(
            (counts[0].count, counts[1].count),
            (0, crossings),
            "{}",
            start.decision_text(quiet)
        );
    }
}
