//! EDAN (8.2): `[Piece][Origin Dimension][Origin Square]-[Destination Dimension]
//! [Destination Square]`, `=Q` for a promotion: `Pd1a2-d1a4`, `Nd1g1-d1f3`, `Qd2e4-d5f6`
//! (8.2.3's example; e4 is a portal at the standard start, so it is played in a documented
//! position, ruling N.1).
//! Input also takes pawn moves without the `P`, `x` for `-`, `D` for `d`, a promotion letter
//! without `=`, and a trailing `+`, `#`, `!` or `?`.

use omnichess_core::{DecisionError, Game};

use super::piece::Kind;
use super::position::{Move, Special};
use super::profile::short;
use super::setup::DONE;
use super::square;
use super::state::DmChess;

impl DmChess {
    /// The EDAN text of `mv`.
    #[must_use]
    pub fn edan(&self, mv: Move) -> String {
        if mv.special == Special::Done {
            return "done".to_owned();
        }
        let letter = self.pos.piece(mv.from).map_or('?', |p| p.kind().letter());
        let mut s = format!("{letter}{}-{}", square::name(mv.from), square::name(mv.to));
        if let Some(k) = mv.promotion {
            s.push('=');
            s.push(k.letter());
        }
        s
    }

    /// Reads an EDAN move and checks it is legal here.
    pub(super) fn parse_move(&self, text: &str) -> Result<Move, DecisionError> {
        let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let bad = |why: &str| DecisionError::unparsable(&short(text), why.to_owned());
        if t == "done" {
            return if self.pos.distributing(self.pos.side) {
                Ok(DONE)
            } else {
                Err(DecisionError::illegal(
                    t,
                    "`done` ends a distribution of kings (5.1.3); none is under way",
                ))
            };
        }
        let (letter, rest) = match t.chars().next() {
            Some(c) if c != 'd' && c != 'D' => {
                let kind = Kind::from_letter(c)
                    .filter(|_| c.is_ascii_uppercase())
                    .ok_or_else(|| {
                        bad("EDAN begins with K, Q, R, B, N or P, or the origin's d1-d8")
                    })?;
                (Some(kind), &t[c.len_utf8()..])
            }
            _ => (None, t),
        };
        let (from, rest) = rest
            .get(..4)
            .and_then(square::parse)
            .map(|s| (s, &rest[4..]))
            .ok_or_else(|| bad("expected the origin as dimension then square, like d1e2"))?;
        let rest = rest
            .strip_prefix(['-', 'x'])
            .ok_or_else(|| bad("expected `-` between origin and destination (Pd1a2-d1a4)"))?;
        let (to, rest) = rest
            .get(..4)
            .and_then(square::parse)
            .map(|s| (s, &rest[4..]))
            .ok_or_else(|| bad("expected the destination as dimension then square, like d1e4"))?;
        let promotion = match rest.strip_prefix('=').unwrap_or(rest) {
            "" => None,
            p => Some(
                p.chars()
                    .next()
                    .filter(|_| p.chars().count() == 1)
                    .and_then(Kind::from_letter)
                    .filter(|k| Kind::PROMOTIONS.contains(k))
                    .ok_or_else(|| bad("a promotion is =Q, =R, =B or =N"))?,
            ),
        };
        let illegal = |why: String| DecisionError::illegal(&short(text), why);
        let piece = self
            .pos
            .piece(from)
            .ok_or_else(|| illegal(format!("no piece on {}", square::name(from))))?;
        if piece.player() != self.pos.side {
            return Err(illegal(format!(
                "the piece on {} is not the mover's",
                square::name(from)
            )));
        }
        if let Some(k) = letter
            && k != piece.kind()
        {
            return Err(illegal(format!(
                "{} holds a {}, not a {}",
                square::name(from),
                piece.kind().letter(),
                k.letter()
            )));
        }
        let mut legal = Vec::new();
        self.decisions(&mut legal);
        let candidates: Vec<Move> = legal
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        if candidates.is_empty() {
            return Err(illegal(self.why_illegal(from, to)));
        }
        candidates
            .iter()
            .copied()
            .find(|m| m.promotion == promotion)
            .ok_or_else(|| {
                illegal(if promotion.is_none() {
                    "a pawn reaching its last rank promotes: add =Q, =R, =B or =N".to_owned()
                } else {
                    "only a pawn reaching its last rank, or a piece that was one reaching the last rank of a board it has not promoted on, promotes (6.5.4), and not to its own type".to_owned()
                })
            })
    }

    /// The move from `from` to `to` by the rules of movement, before the law and the kings.
    fn pseudo_move(&self, from: u16, to: u16) -> Option<Move> {
        let mut found = None;
        self.pos.for_each_pseudo(&self.compiled, &mut |m| {
            let hit = m.from == from && m.to == to;
            if hit {
                found = Some(m);
            }
            hit
        });
        found
    }

    /// A reason a player can act on, for a move that is not legal.
    fn why_illegal(&self, from: u16, to: u16) -> String {
        let phase = &self.compiled.phases[self.pos.phase as usize];
        let (d, b) = (square::dim(from), square::dim(to));
        let del = self.pos.piece(from).map_or(0, |p| usize::from(p.del()));
        if phase.portals[b] >> square::local(to) & 1 == 1 {
            format!(
                "{} is a portal: no move ends there (4.2.4)",
                square::name(to)
            )
        } else if d != b && del < d.abs_diff(b) {
            format!(
                "DEL {del} is too low to cross from D{} to D{} (4.2.2: needs {})",
                d + 1,
                b + 1,
                d.abs_diff(b)
            )
        } else if let Some(mv) = self.pseudo_move(from, to) {
            let band = self.compiled.profile.band;
            if let Some((board, before, after)) = self.pos.conservation_breach(mv, band) {
                format!(
                    "the conservation law forbids it (6.2.2): it takes D{}'s flow from {before} \
                     to {after}, outside ±{band}",
                    board + 1
                )
            } else if self.moves_king_into_check(mv) {
                "a king may not move into check (7.1, ruling K.2)".to_owned()
            } else {
                "it leaves a king in check that could be saved (7.1, ruling K.2)".to_owned()
            }
        } else {
            "the piece cannot move there".to_owned()
        }
    }
}
