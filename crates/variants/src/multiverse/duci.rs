//! The texts of 5DUCI (ftxi/5dchess_engine `docs/5duci.md`, version 0.3.3): moves as
//! `(l0Tt0)x0y0(l1Tt1)x1y1[P]` or `submit`, positions as 5DFEN blocks whose timelines are
//! plain integers (in games that start with two timelines −0 is written −1, −1 is −2, …: the
//! encoding omnichess keeps internally).

use omnichess_core::{DecisionError, Notation, PositionError};

use super::coords::{line_label, square_name, turn_of};
use super::piece::Kind;
use super::state::{Decision5, Move5, Multiverse};

impl Multiverse {
    /// A decision in 5DUCI's long algebraic form.
    #[must_use]
    pub fn duci_text(&self, d: Decision5) -> String {
        let Decision5::Move(mv) = d else {
            return "submit".into();
        };
        let mut s = format!(
            "({}T{}){}({}T{}){}",
            mv.from.line,
            turn_of(mv.from.v),
            square_name(mv.from.x, mv.from.y),
            mv.to.line,
            turn_of(mv.to.v),
            square_name(mv.to.x, mv.to.y)
        );
        if let Some(k) = mv.promotion {
            s.push(k.letter());
        }
        s
    }

    /// The moves the pieces on the mover's playable boards make by their rules of movement
    /// (before any test of check), in 5DUCI's long form without the promotion piece, sorted,
    /// each once: the list a 5DUCI engine's is compared with, move by move
    /// (tools/ftxi-5dchess).
    #[must_use]
    pub fn duci_piece_moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        for line in self.playable_lines() {
            self.moves_from_board(line, &mut |mv: Move5| {
                let plain = Move5 {
                    promotion: None,
                    ..mv
                };
                out.push(self.duci_text(Decision5::Move(plain)));
            });
        }
        out.sort();
        out.dedup();
        out
    }

    /// Reads a 5DUCI move (or `submit`) and checks that it is open now. A promotion left out
    /// is to the queen, or to the variant's first promotion piece where there is no queen.
    pub fn parse_duci(&self, text: &str) -> Result<Decision5, DecisionError> {
        let mut open = Vec::new();
        omnichess_core::Game::decisions(self, &mut open);
        if text == "submit" {
            return open
                .contains(&Decision5::Submit)
                .then_some(Decision5::Submit)
                .ok_or_else(|| DecisionError::illegal(text, "the turn may not be submitted yet"));
        }
        let default = self
            .setup
            .promotions
            .iter()
            .copied()
            .find(|&k| k == Kind::Queen);
        let default = default.or(self.setup.promotions.first().copied());
        open.into_iter()
            .find(|&d| match d {
                Decision5::Move(mv) => {
                    let written = self.duci_text(Decision5::Move(Move5 {
                        promotion: None,
                        ..mv
                    }));
                    let promotion = text.strip_prefix(written.as_str());
                    match (promotion, mv.promotion) {
                        (Some(""), None) => true,
                        (Some(""), Some(k)) => Some(k) == default,
                        (Some(letter), Some(k)) => {
                            letter.len() == 1 && letter.starts_with(k.letter())
                        }
                        _ => false,
                    }
                }
                Decision5::Submit => false,
            })
            .ok_or_else(|| {
                DecisionError::illegal(text, "not a legal move in 5DUCI form, like (0T1)e2(0T1)e4")
            })
    }

    /// This position as 5DUCI's `position` arguments (what [`Multiverse::from_duci`] reads):
    /// `size WxH odd|even fen` and every board as a 5DFEN block, timelines as plain integers
    /// (in games that start with two timelines −0 is −1, −1 is −2, …), unmoved pieces `*`.
    #[must_use]
    pub fn duci_position(&self) -> String {
        let setup = self.setup();
        let mut text = format!(
            "size {}x{} {} fen",
            setup.width,
            setup.height,
            if setup.even { "even" } else { "odd" }
        );
        for (line, timeline) in self.timelines() {
            for (v, board) in (timeline.start..).zip(&timeline.boards) {
                text.push_str(&format!(
                    " [{}:{line}:{}:{}]",
                    board.fen(setup.width, setup.height),
                    v.div_euclid(2),
                    if v & 1 == 0 { 'w' } else { 'b' }
                ));
            }
        }
        text
    }

    /// A position from 5DUCI's `position` arguments before `moves`: `startpos`, the protocol's
    /// start (the Standard variant from turn zero), or `[size MxN] [odd|even] fen BLOCKS`, what
    /// [`Multiverse::duci_position`] writes ([`Multiverse::from_duci`] reads its parts).
    pub fn from_duci_position(text: &str) -> Result<Multiverse, PositionError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(fen) = words.iter().position(|w| *w == "fen") else {
            return if words.first() == Some(&"startpos") {
                Multiverse::from_position_text("[Board \"Standard - Turn Zero\"]")
            } else {
                Err(PositionError::syntax(
                    "5DUCI's position is `startpos` or `fen 5DFEN`",
                ))
            };
        };
        let size = words
            .iter()
            .position(|w| *w == "size")
            .and_then(|i| words.get(i + 1))
            .map(|s| {
                let not_a_size = || PositionError::syntax(format!("size `{s}` is not MxN"));
                let (w, h) = s.split_once('x').ok_or_else(not_a_size)?;
                let number = |n: &str| n.parse::<i32>().map_err(|_| not_a_size());
                Ok::<_, PositionError>((number(w)?, number(h)?))
            })
            .transpose()?;
        Multiverse::from_duci(size, words.contains(&"even"), &words[fen + 1..].join(" "))
    }

    /// A position from 5DUCI's `position` command: `size` (width, height; 8×8 if `None`),
    /// whether the game starts with an even number of timelines, and the 5DFEN blocks.
    pub fn from_duci(
        size: Option<(i32, i32)>,
        even: bool,
        blocks: &str,
    ) -> Result<Multiverse, PositionError> {
        let (width, height) = size.unwrap_or((8, 8));
        let mut text = format!("[Board \"custom\"] [Size \"{width}x{height}\"]");
        for block in blocks.split(']').map(str::trim).filter(|b| !b.is_empty()) {
            let inner = block.trim_start_matches('[');
            let fields: Vec<&str> = inner.split(':').collect();
            let [board, line, turn, colour] = fields[..] else {
                return Err(PositionError::syntax(format!(
                    "`[{inner}]` is not a 5DFEN block"
                )));
            };
            let line: i32 = line
                .parse()
                .map_err(|_| PositionError::syntax(format!("`{line}` is not a timeline number")))?;
            text.push_str(&format!(
                " [{board}:{}:{turn}:{colour}]",
                line_label(line, even)
            ));
        }
        Multiverse::from_position_text(&text)
    }
}

/// A 5DUCI move in the long form `(l0Tt0)x0y0(l1Tt1)x1y1[P]`: ftxi's engine writes a move
/// within one board short, `(0T1)e2e4`; that is written out with the board twice. Anything
/// else is returned as it is.
#[must_use]
pub fn long_duci_move(text: &str) -> String {
    let Some(close) = text.find(')').filter(|_| text.starts_with('(')) else {
        return text.to_owned();
    };
    let (board, rest) = text.split_at(close + 1);
    let square = |s: &[u8]| {
        s.len() == 2 && s[0].is_ascii_lowercase() && s[0] <= b'h' && (b'1'..=b'8').contains(&s[1])
    };
    let bytes = rest.as_bytes();
    if bytes.len() >= 4 && square(&bytes[..2]) && square(&bytes[2..4]) {
        format!("{board}{}{board}{}", &rest[..2], &rest[2..])
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Game, Variant};

    use super::*;

    #[test]
    fn the_engine_protocol_hook_speaks_5duci() {
        let mut game = Multiverse::start();
        let start = game.engine_position().expect("a turn's start");
        assert_eq!(start.text, game.duci_position());
        assert!(
            start.text.starts_with("size 8x8 odd fen ["),
            "{}",
            start.text
        );
        assert_eq!(start.decisions, 1, "one board to move on");
        let e4 = game
            .parse_engine_decision("(0T1)e2e4")
            .expect("ftxi's short form");
        assert_eq!(game.engine_decision_text(e4), "(0T1)e2(0T1)e4");
        game.apply(e4);
        assert!(
            game.engine_position().is_err(),
            "the present has passed: 5DFEN cannot say whose turn it is"
        );
        let submit = game.parse_engine_decision("submit").expect("submit");
        assert_eq!(submit, Decision5::Submit);
        let classic = crate::classic::Classic::start();
        assert!(
            classic.engine_position().is_err(),
            "classic speaks UCI only"
        );
    }

    #[test]
    fn every_decision_round_trips_through_5duci_text() {
        for start in [
            "[Board \"Standard\"]",
            "[Board \"Standard - Turn Zero\"]",
            "[Board \"Standard - Two Timelines\"]",
        ] {
            let mut game = Multiverse::from_position_text(start).expect("variant");
            for _ in 0..3 {
                let mut open = Vec::new();
                game.decisions(&mut open);
                for &d in &open {
                    assert_eq!(game.parse_duci(&game.duci_text(d)), Ok(d), "{start}");
                }
                let Some(&Decision5::Move(first)) = open.first() else {
                    break;
                };
                game.apply(Decision5::Move(first));
                game.apply(Decision5::Submit);
            }
        }
    }

    #[test]
    fn positions_read_with_plain_timeline_numbers() {
        // Even games: −0 is written −1.
        let game = Multiverse::from_duci(
            None,
            true,
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w] \
             [r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-1:1:w]",
        )
        .expect("two timelines");
        assert_eq!(game.timelines().count(), 2);
        assert_eq!(
            game.parse_duci("(-1T1)e2(-1T1)e4")
                .map(|d| game.notation(d)),
            Ok("(-0T1)e2e4".to_owned())
        );
        assert!(Multiverse::from_duci(None, false, "[8/8:0:1]").is_err());
        assert!(game.parse_duci("(0T1)e2(0T1)e5").is_err());
    }

    #[test]
    fn the_engine_protocol_reads_what_it_writes() {
        let mut game = Multiverse::start();
        let e4 = game.parse_duci("(0T1)e2(0T1)e4").expect("e4");
        game.apply(e4);
        game.apply(Decision5::Submit);
        let text = game.engine_position().expect("a turn's start").text;
        let back = Multiverse::from_engine_position(&text).expect("5DUCI position");
        assert_eq!(back.position_text(), game.position_text());
        let zero = Multiverse::from_engine_position("startpos").expect("the protocol's start");
        assert_eq!(
            zero.position_text(),
            Multiverse::from_position_text("[Board \"Standard - Turn Zero\"]")
                .expect("turn zero")
                .position_text()
        );
        for junk in ["", "moves", "size 8 fen [8/8:0:1:w]", "size 8xy fen x"] {
            assert!(Multiverse::from_engine_position(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn short_moves_are_written_out() {
        assert_eq!(long_duci_move("(0T1)e2e4"), "(0T1)e2(0T1)e4");
        assert_eq!(long_duci_move("(-1T12)a7a8N"), "(-1T12)a7(-1T12)a8N");
        assert_eq!(long_duci_move("(0T2)e8(-1T1)e8"), "(0T2)e8(-1T1)e8");
        for other in ["submit", "", "(0T1", "(0T1)e2", "(0T1)e2x4", "(0T1)i2e4"] {
            assert_eq!(long_duci_move(other), other);
        }
    }

    #[test]
    fn positions_round_trip_through_5duci() {
        let mut branched = false;
        for start in [
            "[Board \"Standard\"]",
            "[Board \"Standard - Two Timelines\"]",
            "[Board \"Standard - Turn Zero\"]",
        ] {
            let mut game = Multiverse::from_position_text(start).expect("variant");
            let lines = game.timelines().count();
            // A few turns in, with a branch where one is open: boards of past turns too.
            for _ in 0..6 {
                let mut open = Vec::new();
                game.decisions(&mut open);
                let jump = open.iter().copied().find(|d| {
                    matches!(d, Decision5::Move(m) if m.from.line != m.to.line || m.from.v != m.to.v)
                });
                let Some(d) = jump.or_else(|| open.first().copied()) else {
                    break;
                };
                game.apply(d);
                if let Ok(submit) = game.parse_duci("submit") {
                    game.apply(submit);
                }
            }
            let text = game.duci_position();
            let (head, blocks) = text.split_once(" fen ").expect("fen");
            let words: Vec<&str> = head.split_whitespace().collect();
            let size = words[1].split_once('x').expect("size");
            let size = (size.0.parse().expect("w"), size.1.parse().expect("h"));
            let back = Multiverse::from_duci(Some(size), words[2] == "even", blocks)
                .expect("5DUCI position");
            assert_eq!(back.position_text(), game.position_text(), "{start}");
            branched |= game.timelines().count() > lines;
        }
        assert!(
            branched,
            "no start reached a branch: the test lost its point"
        );
    }
}
