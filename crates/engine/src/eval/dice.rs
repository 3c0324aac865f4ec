//! Die Chess: the shared board core plus **exposure to bad rolls**, on a **win scale**.
//!
//! A face of the die is *dead* for a side when no piece of that type could move at all (none
//! left, or every one blocked in — judged from attack tables, ignoring pins and checks). A
//! roll of a dead face forfeits the turn, so a side scores −[`EXPOSURE_WEIGHT`] × the
//! probability that its roll is dead: with the default die and no queen, that is −8, and a
//! side whose bishops, rooks and queen are all gone or shut in (45 %) pays −45.
//!
//! The rolls themselves are chance nodes that the search averages exactly, and a captured king
//! scores ±[`MATE`](crate::score::MATE) among them. Averages of centipawns against `MATE`
//! made the engine gamble: a one-in-five chance of taking the king (20 000) outweighed any
//! material lead (+2 500), so with a queen and two rooks up it checked where most rolls then
//! stalemated. The evaluation is therefore a *win expectancy* on the terminals' scale:
//! the centipawns `cp` become [`WIN_CEILING`] · x / √(1 + x²) with x = cp / [`WIN_SCALE`]
//! (a knight ahead is about 0.47 of a win, a queen 0.83; the curve keeps a slope where
//! centipawns are large, so progress still counts in won endings). Averaged over the dice,
//! this weighs a sure lead above a gamble, as a player who wants the game does.
//!
//! Forfeits cost a lead time, never the game: a forfeited turn is no occurrence for the
//! repetition rules and does not count toward the move clock (docs/rules/dice.md, §6), so a
//! won position stays won however often both sides forfeit, and the win expectancy is not
//! discounted for them.
//!
//! The centipawns are a weighted sum of named [`Terms`] ([`WEIGHTS`]: the classical values, the
//! board core's mobility, tables, shield and mop-up, the exposure), so that a tool can fit the
//! weights to game results (`examples/fit_dice_eval`); the fitted weights predicted results
//! better and played worse, and were not adopted (docs/EXPERIMENTS.md).
//!
//! Measured against `greedy` (docs/ENGINE.md, "Evaluation").

use std::cell::RefCell;

use cozy_chess::{Color, Move, Piece, Rank, get_king_moves, get_pawn_attacks, get_pawn_quiets};
use omnichess_variants::dice::{Dice, DiceBoard, DiceDecision, Die, Phase};

use super::Evaluator;
use super::material::{self, Pieces};

/// Centipawns lost per unit of probability that a side's roll is dead.
pub const EXPOSURE_WEIGHT: i32 = 100;

/// The evaluation of Die Chess: the board core and the exposure to bad rolls.
#[derive(Clone, Copy, Debug, Default)]
pub struct DiceEval;

fn pieces(board: &DiceBoard) -> Pieces {
    Pieces::new(|c, p| board.colored(c, p))
}

/// Whether some piece of `color` of type `piece` has a square to go to (pins and checks
/// aside), given the side's [`material::mobility_counts`] (knights to queens: the squares
/// they attack that their own pieces do not hold).
fn alive(pieces: &Pieces, counts: [i32; 4], color: Color, piece: Piece) -> bool {
    let occ = pieces.occupied();
    match piece {
        Piece::Pawn => pieces.of(color, Piece::Pawn).into_iter().any(|sq| {
            !(get_pawn_quiets(sq, color, occ)
                | (get_pawn_attacks(sq, color) & pieces.color(!color)))
            .is_empty()
        }),
        Piece::King => pieces
            .of(color, Piece::King)
            .into_iter()
            .any(|sq| !(get_king_moves(sq) & !pieces.color(color)).is_empty()),
        Piece::Knight => counts[0] > 0,
        Piece::Bishop => counts[1] > 0,
        Piece::Rook => counts[2] > 0,
        Piece::Queen => counts[3] > 0,
    }
}

/// The probability that a roll of `die` is dead for `color`, given its mobility counts.
fn dead(pieces: &Pieces, counts: [i32; 4], die: Die, color: Color) -> f64 {
    die.probability_of(|face| !alive(pieces, counts, color, face))
}

/// Whether `mv` brings a pawn to the last rank (its piece then comes from a roll).
fn promotes(board: &DiceBoard, mv: Move) -> bool {
    board.pieces(Piece::Pawn).has(mv.from) && matches!(mv.to.rank(), Rank::First | Rank::Eighth)
}

/// The score of a certain win on the evaluation's scale: below the search's proven results
/// ([`MATE_BOUND`](crate::score::MATE_BOUND)), so no evaluation reads as a mate.
pub const WIN_CEILING: f64 = 95_000.0;

/// The centipawns at which the win expectancy reaches 1/√2 of [`WIN_CEILING`] (0.71 of a
/// win). Measured against `greedy` with 1 000 and 400 beside it (docs/EXPERIMENTS.md).
pub const WIN_SCALE: f64 = 600.0;

/// The win expectancy of `cp` centipawns from White's view, on the terminals' scale.
#[must_use]
pub fn win_expectancy(cp: i32) -> f64 {
    let x = f64::from(cp) / WIN_SCALE;
    WIN_CEILING * x / (1.0 + x * x).sqrt()
}

/// Slots of the per-thread table of evaluations ([`DiceEval::evaluate`]).
const CACHED: usize = 1024;

/// One evaluation kept: the board and die it was made for, and its score.
#[derive(Clone, Copy, Default)]
struct Cached {
    board: Option<DiceBoard>,
    die: Option<Die>,
    score: i32,
}

thread_local! {
    /// Evaluations made on this thread, by their board (104 bytes each, 104 KiB). A chance
    /// node's outcomes share their board (each roll only says which piece moves next), and
    /// each is evaluated twice in quiescence (Star2's stand-pat bound, then the stand pat):
    /// about half the evaluations of a search repeat one made moments before.
    static CACHE: RefCell<Vec<Cached>> = RefCell::new(vec![Cached::default(); CACHED]);
}

/// The slot of the board with hash `key`.
fn slot_of(key: u64) -> usize {
    (key >> 54) as usize % CACHED
}

/// The number of [`Terms`] the evaluation weighs.
pub const TERMS: usize = 17;

/// What each term measures, in [`Terms::values`]'s order.
pub const TERM_NAMES: [&str; TERMS] = [
    "pawns",
    "knights",
    "bishops",
    "rooks",
    "queens",
    "has a knight",
    "has a bishop",
    "has a rook",
    "knight mobility",
    "bishop mobility",
    "rook mobility",
    "queen mobility",
    "piece-square tables",
    "king shield",
    "mop-up",
    "dead rolls",
    "side to move",
];

/// The centipawns of one unit of each term ([`TERM_NAMES`]): the classical values, the board
/// core's mobility weights, its tables, shield and mop-up as they count, [`EXPOSURE_WEIGHT`]
/// for the opponent's dead-roll probability less one's own.
pub const WEIGHTS: [f64; TERMS] = [
    100.0,
    320.0,
    330.0,
    500.0,
    900.0,
    0.0,
    0.0,
    0.0,
    4.0,
    5.0,
    3.0,
    2.0,
    1.0,
    1.0,
    1.0,
    EXPOSURE_WEIGHT as f64,
    0.0,
];

/// A position's terms, each White's minus Black's (the side to move: +1 White, −1 Black).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Terms {
    /// The terms, in [`TERM_NAMES`]'s order.
    pub values: [f64; TERMS],
}

impl Terms {
    /// The terms of `pieces` with `die`, `side` to move.
    #[must_use]
    pub fn of(pieces: &Pieces, die: Die, side: Color) -> Terms {
        let counts = material::both_mobility_counts(pieces);
        let (white, black) = (
            dead(pieces, counts[0], die, Color::White),
            dead(pieces, counts[1], die, Color::Black),
        );
        let count = |c: Color, p: Piece| f64::from(pieces.of(c, p).len());
        let balance = |p: Piece| count(Color::White, p) - count(Color::Black, p);
        let has = |c: Color, p: Piece| f64::from(u8::from(!pieces.of(c, p).is_empty()));
        let presence = |p: Piece| has(Color::White, p) - has(Color::Black, p);
        let mobility = |i: usize| f64::from(counts[0][i] - counts[1][i]);
        let [tables, shield, mop_up] =
            material::positional_parts(pieces, material::phase(pieces)).map(f64::from);
        Terms {
            values: [
                balance(Piece::Pawn),
                balance(Piece::Knight),
                balance(Piece::Bishop),
                balance(Piece::Rook),
                balance(Piece::Queen),
                presence(Piece::Knight),
                presence(Piece::Bishop),
                presence(Piece::Rook),
                mobility(0),
                mobility(1),
                mobility(2),
                mobility(3),
                tables,
                shield,
                mop_up,
                black - white,
                if side == Color::White { 1.0 } else { -1.0 },
            ],
        }
    }

    /// The centipawns the terms weigh with `weights`, from White's view.
    #[must_use]
    pub fn centipawns(&self, weights: &[f64; TERMS]) -> i32 {
        self.values
            .iter()
            .zip(weights)
            .map(|(v, w)| v * w)
            .sum::<f64>()
            .round() as i32
    }

    /// The evaluation with `weights`: the win expectancy of their centipawns.
    #[must_use]
    pub fn score(&self, weights: &[f64; TERMS]) -> i32 {
        win_expectancy(self.centipawns(weights)).round() as i32
    }
}

/// The evaluation of `pieces` with `die`, `side` to move, made afresh.
fn evaluate_pieces(pieces: &Pieces, die: Die, side: Color) -> i32 {
    Terms::of(pieces, die, side).score(&WEIGHTS)
}

impl Evaluator<Dice> for DiceEval {
    /// The evaluation depends on the board and the die alone; it is kept per thread
    /// ([`CACHED`] slots, by the board's hash that the state keeps, compared in full, so a
    /// kept score is exactly a fresh one).
    fn evaluate(&self, state: &Dice) -> i32 {
        let (board, die) = (state.board(), state.die());
        CACHE.with_borrow_mut(|cache| {
            let slot = &mut cache[slot_of(state.board_key())];
            if slot.die != Some(die) || slot.board.as_ref() != Some(board) {
                *slot = Cached {
                    board: Some(*board),
                    die: Some(die),
                    score: evaluate_pieces(&pieces(board), die, board.side()),
                };
            }
            slot.score
        })
    }

    /// Unlikely rolls are searched shallower, and so are the late quiet decisions of the move
    /// a roll allows (docs/ENGINE.md, "Search").
    fn selective_at_chance(&self) -> bool {
        true
    }

    /// The inverse of [`win_expectancy`]. Averages that hold a captured king (±MATE) can
    /// reach the win expectancy's ceiling or pass it: they read as 9 999/10 000 of it, about
    /// 42 000 centipawns.
    fn centipawns(&self, score: f64) -> f64 {
        let w = (score / WIN_CEILING).clamp(-0.9999, 0.9999);
        WIN_SCALE * w / (1.0 - w * w).sqrt()
    }

    fn white_share(&self, score: f64) -> f64 {
        (0.5 + 0.5 * score / crate::score::MATE).clamp(0.0, 1.0)
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
    use omnichess_core::{Game, Variant};

    use super::*;

    #[test]
    fn the_weighted_terms_are_the_board_core_and_the_exposure() {
        // Along a random walk: the terms weighed by WEIGHTS give the board core's score plus
        // EXPOSURE_WEIGHT times the dead-roll difference, the terms' names and weights are
        // as many as the terms, and the side to move weighs nothing yet.
        assert_eq!(TERM_NAMES.len(), WEIGHTS.len());
        assert_eq!(WEIGHTS[TERMS - 1], 0.0);
        let mut game = Dice::start();
        let mut decisions = Vec::new();
        let mut checked = 0;
        for step in 0..300_usize {
            if game.to_act().outcome().is_some() {
                break;
            }
            let pieces = pieces(game.board());
            let die = game.die();
            let counts = material::both_mobility_counts(&pieces);
            let core = material::score_with_mobility(&pieces, &material::VALUES, &counts);
            let white = dead(&pieces, counts[0], die, Color::White);
            let black = dead(&pieces, counts[1], die, Color::Black);
            let exposure = (f64::from(EXPOSURE_WEIGHT) * (black - white)).round() as i32;
            let terms = Terms::of(&pieces, die, game.board().side());
            assert_eq!(terms.centipawns(&WEIGHTS), core + exposure, "step {step}");
            checked += 1;
            game.decisions(&mut decisions);
            game.apply(decisions[step * 5 % decisions.len()]);
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn a_kept_evaluation_is_the_fresh_one_and_the_table_is_as_documented() {
        assert_eq!(std::mem::size_of::<Cached>(), 104);
        // A random walk from the start, evaluating each state twice and a die of its own once:
        // every answer the fresh evaluation's, whatever the slot held before.
        let mut game = Dice::start();
        let other = Die::FAIR;
        let mut decisions = Vec::new();
        for step in 0..400_usize {
            if game.to_act().outcome().is_some() {
                break;
            }
            let pieces = pieces(game.board());
            let side = game.board().side();
            let fresh = evaluate_pieces(&pieces, game.die(), side);
            assert_eq!(DiceEval.evaluate(&game), fresh);
            assert_eq!(DiceEval.evaluate(&game), fresh);
            let with_other = evaluate_pieces(&pieces, other, side);
            CACHE.with_borrow_mut(|cache| {
                cache[slot_of(game.board_key())] = Cached {
                    board: Some(*game.board()),
                    die: Some(other),
                    score: with_other,
                };
            });
            assert_eq!(
                DiceEval.evaluate(&game),
                fresh,
                "a die of its own is another entry"
            );
            game.decisions(&mut decisions);
            game.apply(decisions[step * 7 % decisions.len()]);
        }
    }
}
