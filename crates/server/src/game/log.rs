//! A game's event log folded into what it means now: the decisions that stand (after
//! takebacks and undos), an ending the rules do not see (resignation, agreement, a flag, an
//! abort), and
//! the offers on the table.

use crate::store::Event;

/// A decision that stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Its text in the variant's notation.
    pub text: String,
    /// Who made it (`None`: the server's die roll).
    pub player: Option<u8>,
    /// When it was stored.
    pub at_ms: i64,
}

/// An ending by the players or the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner, or `None` for a draw.
    pub winner: Option<u8>,
    /// Why, in words (`resignation`, `agreement`, `time forfeit`, a claimed draw's rule,
    /// `abort`).
    pub reason: String,
    /// Whether the game was aborted before both players moved: no result (`*`), no winner.
    pub aborted: bool,
    /// The player whose clock ran out, for a flag: the variant's rules decide what that
    /// means in the position ([`omnichess_core::Hooks::time_forfeit`]; `winner` and `reason`
    /// are the default, a loss by time forfeit).
    pub flagged: Option<u8>,
}

/// The log's meaning.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    /// The decisions that stand, in order.
    pub decisions: Vec<Played>,
    /// How the game ended outside the rules, if it did.
    pub ending: Option<Ending>,
    /// The player offering a draw.
    pub draw_offer: Option<u8>,
    /// The player asking to take back.
    pub takeback_offer: Option<u8>,
    /// The rematch game's id.
    pub rematch: Option<String>,
    /// The seat offering a rematch, until the other accepts (`rematch`) or declines.
    pub rematch_offer: Option<u8>,
    /// Events stored: the game's version.
    pub version: i64,
}

impl Log {
    /// The log of `events`.
    #[must_use]
    pub fn of(events: &[Event]) -> Log {
        let mut log = Log::default();
        for event in events {
            log.apply(event);
        }
        log
    }

    /// Folds in one event.
    pub fn apply(&mut self, event: &Event) {
        self.version = event.seq + 1;
        let by = event.player;
        let other = by.map(|p| 1 - p);
        match event.kind.as_str() {
            "decision" | "chance" => {
                self.decisions.push(Played {
                    text: event.text.clone(),
                    player: by,
                    at_ms: event.at_ms,
                });
                if by.is_some() {
                    self.takeback_offer = None;
                    if self.draw_offer.is_some() && self.draw_offer != by {
                        self.draw_offer = None;
                    }
                }
            }
            "resign" => {
                self.ending = Some(Ending {
                    winner: other,
                    reason: "resignation".to_owned(),
                    aborted: false,
                    flagged: None,
                });
            }
            "flag" => {
                self.ending = Some(Ending {
                    winner: other,
                    reason: "time forfeit".to_owned(),
                    aborted: false,
                    flagged: by,
                });
            }
            "abort" => {
                self.ending = Some(Ending {
                    winner: None,
                    reason: "abort".to_owned(),
                    aborted: true,
                    flagged: None,
                });
            }
            "offer-draw" => self.draw_offer = by,
            "accept-draw" => {
                self.ending = Some(Ending {
                    winner: None,
                    reason: "agreement".to_owned(),
                    aborted: false,
                    flagged: None,
                });
                self.draw_offer = None;
            }
            "claim-draw" => {
                self.ending = Some(Ending {
                    winner: None,
                    reason: event.text.clone(),
                    aborted: false,
                    flagged: None,
                });
            }
            "decline-draw" => self.draw_offer = None,
            "takeback" => self.takeback_offer = by,
            "decline-takeback" => self.takeback_offer = None,
            "accept-takeback" => {
                if let Some(asker) = self.takeback_offer.take() {
                    self.take_back_turn_of(asker);
                }
            }
            "undo" => {
                self.decisions.pop();
            }
            "rematch" => {
                self.rematch = Some(event.text.clone());
                self.rematch_offer = None;
            }
            "offer-rematch" => self.rematch_offer = by,
            "decline-rematch" => self.rematch_offer = None,
            _ => {}
        }
    }

    /// Takes back `player`'s last turn: every decision after it, then its own decisions (a
    /// die roll before it stays: the player moves again with the same roll).
    fn take_back_turn_of(&mut self, player: u8) {
        while self
            .decisions
            .last()
            .is_some_and(|d| d.player != Some(player))
        {
            self.decisions.pop();
        }
        while self
            .decisions
            .last()
            .is_some_and(|d| d.player == Some(player))
        {
            self.decisions.pop();
        }
    }

    /// The decisions' texts.
    #[must_use]
    pub fn texts(&self) -> Vec<String> {
        self.decisions.iter().map(|d| d.text.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(seq: i64, kind: &str, player: Option<u8>, text: &str) -> Event {
        Event {
            seq,
            kind: kind.to_owned(),
            player,
            text: text.to_owned(),
            at_ms: seq * 1000,
        }
    }

    #[test]
    fn a_takeback_removes_the_askers_last_turn_and_what_followed() {
        let events = [
            event(0, "decision", Some(0), "e2e4"),
            event(1, "decision", Some(1), "e7e5"),
            event(2, "takeback", Some(0), ""),
            event(3, "accept-takeback", Some(1), ""),
        ];
        let log = Log::of(&events);
        assert_eq!(log.texts(), Vec::<String>::new());
        assert_eq!(log.version, 4);
        assert_eq!(log.takeback_offer, None);
        let asked_by_black = Log::of(&[
            event(0, "decision", Some(0), "e2e4"),
            event(1, "decision", Some(1), "e7e5"),
            event(2, "takeback", Some(1), ""),
            event(3, "accept-takeback", Some(0), ""),
        ]);
        assert_eq!(asked_by_black.texts(), vec!["e2e4".to_owned()]);
    }

    #[test]
    fn a_die_roll_before_the_taken_back_move_stays() {
        let log = Log::of(&[
            event(0, "chance", None, "[P]"),
            event(1, "decision", Some(0), "e2-e4"),
            event(2, "chance", None, "[N]"),
            event(3, "takeback", Some(0), ""),
            event(4, "accept-takeback", Some(1), ""),
        ]);
        assert_eq!(log.texts(), vec!["[P]".to_owned()]);
    }

    #[test]
    fn endings_and_offers() {
        let resigned = Log::of(&[event(0, "resign", Some(1), "")]);
        assert_eq!(
            resigned.ending,
            Some(Ending {
                winner: Some(0),
                reason: "resignation".to_owned(),
                aborted: false,
                flagged: None,
            })
        );
        let flagged = Log::of(&[event(0, "flag", Some(1), "")]);
        let ending = flagged.ending.expect("a flag ends the game");
        assert_eq!((ending.winner, ending.flagged), (Some(0), Some(1)));
        let offered = Log::of(&[
            event(0, "offer-draw", Some(0), ""),
            event(1, "decision", Some(0), "e2e4"),
        ]);
        assert_eq!(
            offered.draw_offer,
            Some(0),
            "the offerer's own move keeps it"
        );
        let answered = Log::of(&[
            event(0, "offer-draw", Some(0), ""),
            event(1, "decision", Some(1), "e7e5"),
        ]);
        assert_eq!(answered.draw_offer, None, "a move by the other declines it");
        let agreed = Log::of(&[
            event(0, "offer-draw", Some(0), ""),
            event(1, "accept-draw", Some(1), ""),
        ]);
        assert_eq!(agreed.ending.map(|e| e.winner), Some(None));
    }
}
