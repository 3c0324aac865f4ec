//! The decisions open in each phase.

use cozy_chess::{Move, Piece};

use super::die::{FACES, PROMOTION_FACES};
use super::state::{Dice, DiceDecision, Phase};

impl Dice {
    /// Legal moves of the side to move's pieces of type `piece`. Where such a piece can take
    /// the enemy king (left in check by a forfeit, §4), those captures are the only moves:
    /// the capture ends the game (docs/rules/dice.md).
    pub(super) fn moves_of(&self, piece: Piece, mut each: impl FnMut(Move)) {
        let b = &self.now.board;
        if let Some(king) = b.king(!b.side())
            && !(b.attackers(king, b.side()) & b.pieces(piece)).is_empty()
        {
            b.pseudo_moves(piece, |mv| {
                if mv.to == king {
                    each(mv);
                }
            });
            return;
        }
        b.legal_moves(piece, each);
    }

    /// Whether the side to move has any legal move with any piece (asked at a turn's start,
    /// where it was found once).
    pub(super) fn any_move(&self) -> bool {
        self.now.movable
    }

    /// Whether the side to move is in check with a king that can move: it then chooses
    /// between `[K!]` and `roll` before anything is rolled (§4).
    pub(super) fn chooses_first(&self) -> bool {
        let b = &self.now.board;
        b.in_check(b.side()) && b.has_legal(Piece::King)
    }

    pub(super) fn legal_decisions(&self, out: &mut Vec<DiceDecision>) {
        out.clear();
        let die = self.now.die;
        match self.now.phase {
            Phase::KingTaken(_) => {}
            Phase::Start if !self.any_move() => {}
            Phase::Start if self.chooses_first() => {
                out.extend([DiceDecision::KingWithoutRolling, DiceDecision::ChooseRoll]);
            }
            Phase::Start | Phase::Rolling => {
                out.extend(
                    FACES
                        .iter()
                        .filter(|&&f| die.can_roll(f))
                        .map(|&f| DiceDecision::Roll(f)),
                );
            }
            Phase::KingOnly => self.moves_of(Piece::King, |mv| out.push(DiceDecision::Move(mv))),
            Phase::Rolled(face) => {
                self.moves_of(face, |mv| out.push(DiceDecision::Move(mv)));
                if out.is_empty() {
                    out.push(DiceDecision::Forfeit);
                }
            }
            Phase::Promotion(_) => out.extend(
                PROMOTION_FACES
                    .iter()
                    .filter(|&&f| die.can_roll(f))
                    .map(|&f| DiceDecision::Promote(f)),
            ),
        }
    }
}
