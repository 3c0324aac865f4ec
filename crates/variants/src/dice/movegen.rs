//! The decisions open in each phase.

use cozy_chess::{Move, Piece};

use super::board::DiceBoard;
use super::die::{Die, FACES, PROMOTION_FACES};
use super::state::{Dice, DiceDecision, Phase};

/// The enemy king's square, if a piece of type `piece` of the side to move attacks it (the
/// king was left in check by a forfeit, §4).
fn king_in_reach(b: &DiceBoard, piece: Piece) -> Option<cozy_chess::Square> {
    b.king(!b.side())
        .filter(|&king| !(b.attackers(king, b.side()) & b.pieces(piece)).is_empty())
}

/// Whether [`Dice::moves_of`] offers a move of type `piece`: a capture of the enemy king, or
/// a legal move.
fn can_play(b: &DiceBoard, piece: Piece) -> bool {
    king_in_reach(b, piece).is_some() || b.has_legal(piece)
}

/// Whether the turn beginning on `b` with `die` can bring a move, so that the game goes on
/// (docs/rules/dice.md, §4 and §6). Not in check: a move of any piece type that a roll of it
/// would offer, king captures included, whether or not the die can roll it (§6: stalemate is
/// no legal move "regardless of what they could roll"). In check: a king move (§4's first
/// choice needs no roll) or a move answering the check of a type the die can roll (§4:
/// checkmate when "no legal King move or possible die roll can resolve the situation").
pub(super) fn any_playable(b: &DiceBoard, die: Die) -> bool {
    let checked = b.in_check(b.side());
    FACES
        .iter()
        .any(|&p| (!checked || p == Piece::King || die.can_roll(p)) && can_play(b, p))
}

/// Whether the side to move on `b` can move a piece in some turn `die` can bring: a king
/// move without rolling when in check (§4), or a move of a type the die can roll.
fn die_can_move(b: &DiceBoard, die: Die) -> bool {
    (b.in_check(b.side()) && b.has_legal(Piece::King))
        || FACES.iter().any(|&p| die.can_roll(p) && can_play(b, p))
}

/// Whether no turn `die` can bring moves a piece, for the side to move on `b` or for the
/// other side after its forfeit: every turn is then forfeited and the position never changes,
/// a dead position (docs/rules/dice.md, "Dead position"). Only a die with a face it cannot
/// roll comes here: with every face rollable, a side with a legal move can roll it.
pub(super) fn frozen(b: &DiceBoard, die: Die) -> bool {
    if FACES.iter().all(|&p| die.can_roll(p)) || die_can_move(b, die) {
        return false;
    }
    let mut after = *b;
    after.pass();
    !die_can_move(&after, die)
}

impl Dice {
    /// Legal moves of the side to move's pieces of type `piece`. Where such a piece can take
    /// the enemy king (left in check by a forfeit, §4), those captures are the only moves:
    /// the capture ends the game (docs/rules/dice.md).
    pub(super) fn moves_of(&self, piece: Piece, mut each: impl FnMut(Move)) {
        let b = &self.now.board;
        if let Some(king) = king_in_reach(b, piece) {
            b.pseudo_moves(piece, |mv| {
                if mv.to == king {
                    each(mv);
                }
            });
            return;
        }
        b.legal_moves(piece, each);
    }

    /// Whether the turn can bring a move ([`any_playable`]; asked at a turn's start, where it
    /// was found once): if not, the game is over by checkmate or stalemate.
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
