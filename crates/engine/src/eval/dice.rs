//! Die Chess: the shared board core plus **exposure to bad rolls**.
//!
//! A face of the die is *dead* for a side when no piece of that type could move at all (none
//! left, or every one blocked in — judged from attack tables, ignoring pins and checks). A
//! roll of a dead face forfeits the turn, so a side scores −[`EXPOSURE_WEIGHT`] × the
//! probability that its roll is dead: with the default die and no queen, that is −8, and a
//! side whose bishops, rooks and queen are all gone or shut in (45 %) pays −45.
//!
//! The rolls themselves are chance nodes that the search averages exactly; this term only
//! tells the static evaluation at the horizon which structures waste future rolls.
//!
//! **The draw hazard.** Forfeited turns count toward repetition (docs/rules/dice.md, §6): when
//! both sides forfeit, the position comes back, and eight forfeits in a row end the game by
//! fivefold repetition. So an advantage is worth less the likelier a double forfeit is: the
//! score is scaled by 1 − [`DRAW_HAZARD`] × (White's dead-roll probability × Black's). An
//! ending of two bishops and a blocked pawn against a lone king (dead 75 % and 90 %) keeps
//! a third of its value; the start (45 % each) 80 %. The side ahead then keeps its own piece
//! types alive and wins before the board empties, where it traded into endings that the dice
//! drew (most of the engine's draws against `greedy`, issue 22).

use cozy_chess::{
    BitBoard, Color, Move, Piece, Rank, get_bishop_moves, get_king_moves, get_knight_moves,
    get_pawn_attacks, get_pawn_quiets, get_rook_moves,
};
use omnichess_variants::dice::{Dice, DiceBoard, DiceDecision, Die, Phase};

use super::Evaluator;
use super::material::{self, Pieces};

/// Centipawns lost per unit of probability that a side's roll is dead.
pub const EXPOSURE_WEIGHT: i32 = 100;

/// How much of the score a certain double forfeit would take away (see the module's "draw
/// hazard").
pub const DRAW_HAZARD: f64 = 1.0;

/// The evaluation of Die Chess: the board core and the exposure to bad rolls.
#[derive(Clone, Copy, Debug, Default)]
pub struct DiceEval;

fn pieces(board: &DiceBoard) -> Pieces {
    Pieces::new(|c, p| board.colored(c, p))
}

/// Whether some piece of `color` of type `piece` has a square to go to (pins and checks aside).
fn alive(pieces: &Pieces, color: Color, piece: Piece) -> bool {
    let occ = pieces.occupied();
    let free = !pieces.color(color);
    let theirs = pieces.color(!color);
    pieces.of(color, piece).into_iter().any(|sq| {
        let targets: BitBoard = match piece {
            Piece::Pawn => get_pawn_quiets(sq, color, occ) | (get_pawn_attacks(sq, color) & theirs),
            Piece::Knight => get_knight_moves(sq) & free,
            Piece::Bishop => get_bishop_moves(sq, occ) & free,
            Piece::Rook => get_rook_moves(sq, occ) & free,
            Piece::Queen => (get_bishop_moves(sq, occ) | get_rook_moves(sq, occ)) & free,
            Piece::King => get_king_moves(sq) & free,
        };
        !targets.is_empty()
    })
}

/// The probability that a roll of `die` is dead for `color` on `board`.
#[must_use]
pub fn dead_roll_probability(board: &DiceBoard, die: Die, color: Color) -> f64 {
    dead(&pieces(board), die, color)
}

fn dead(pieces: &Pieces, die: Die, color: Color) -> f64 {
    die.probability_of(|face| !alive(pieces, color, face))
}

/// The board core's score with the exposure term and the draw hazard, from White's view.
#[must_use]
pub fn score(pieces: &Pieces, die: Die) -> i32 {
    let (white, black) = (
        dead(pieces, die, Color::White),
        dead(pieces, die, Color::Black),
    );
    let exposure = f64::from(EXPOSURE_WEIGHT) * (black - white);
    let core = f64::from(material::score(pieces, &material::VALUES));
    ((core + exposure) * (1.0 - DRAW_HAZARD * white * black)).round() as i32
}

/// Whether `mv` brings a pawn to the last rank (its piece then comes from a roll).
fn promotes(board: &DiceBoard, mv: Move) -> bool {
    board.pieces(Piece::Pawn).has(mv.from) && matches!(mv.to.rank(), Rank::First | Rank::Eighth)
}

impl Evaluator<Dice> for DiceEval {
    fn evaluate(&self, state: &Dice) -> i32 {
        score(&pieces(state.board()), state.die())
    }

    fn material(&self, state: &Dice) -> i32 {
        material::material(&pieces(state.board()), &material::VALUES)
    }

    fn is_tactical(&self, state: &Dice, decision: DiceDecision) -> bool {
        match decision {
            DiceDecision::Move(mv) => {
                let board = state.board();
                board.captured_square(mv).is_some() || promotes(board, mv)
            }
            _ => false,
        }
    }

    fn order_score(&self, state: &Dice, decision: DiceDecision) -> i32 {
        let DiceDecision::Move(mv) = decision else {
            return 0;
        };
        let board = state.board();
        let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let capture = board.captured_square(mv).map_or(0, |sq| {
            material::mvv_lva(board.piece_on(sq).unwrap_or(Piece::Pawn), attacker)
        });
        let promotion = if promotes(board, mv) {
            material::value(Piece::Queen)
        } else {
            0
        };
        // A king capture ends the game: try it before anything else.
        let king =
            if board.captured_square(mv).and_then(|sq| board.piece_on(sq)) == Some(Piece::King) {
                1_000_000
            } else {
                0
            };
        capture + promotion + king
    }

    fn decision_key(&self, _state: &Dice, decision: DiceDecision) -> u16 {
        match decision {
            DiceDecision::Move(mv) => (mv.from as u16) * 64 + mv.to as u16,
            DiceDecision::KingWithoutRolling => 4096,
            DiceDecision::ChooseRoll => 4097,
            DiceDecision::Forfeit => 4098,
            DiceDecision::Roll(p) => 4100 + p as u16,
            DiceDecision::Promote(p) => 4110 + p as u16,
        }
    }

    fn in_check(&self, state: &Dice) -> bool {
        let board = state.board();
        !matches!(state.phase(), Phase::KingTaken(_)) && board.in_check(board.side())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use omnichess_core::Variant;

    fn evaluate(text: &str) -> i32 {
        let game = Dice::from_position_text(text).expect("a Die Chess position");
        DiceEval.evaluate(&game)
    }

    #[test]
    fn an_ending_the_dice_would_draw_keeps_little_of_its_material() {
        // Two bishops up, but White's pawn is blocked (dead 75 %) and Black has only a king
        // that can move (dead 90 %): two forfeits in a row two times in three.
        let blocked = evaluate("8/8/5k2/p2B4/P4K2/3B4/8/8 w - - 30 74");
        assert!(
            (1..330).contains(&blocked),
            "two bishops (660) scaled to about a third: {blocked}"
        );
        // The same material with both pawns free: fewer forfeits, more of it kept.
        let free = evaluate("8/7p/5k2/3B4/P4K2/3B4/8/8 w - - 30 74");
        assert!(free > blocked + 100, "free {free}, blocked {blocked}");
    }
}
