//! The toy variant (6×6 chess, `omnichess-variants`' `toy` feature): material by FIDE's
//! classical values, the pawns' advance towards promotion and the centralisation of the
//! knights and queens. Reads the board square by square; nothing is allocated.

use omnichess_core::Player;
use omnichess_variants::toy::{Kind, Move, Piece, SIZE, Toy};

use super::Evaluator;

/// Centipawns per kind: FIDE's classical values; the king 0 (it is never traded).
#[must_use]
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Knight => 300,
        Kind::Rook => 500,
        Kind::Queen => 900,
        Kind::King => 0,
    }
}

/// Bonus of a pawn by its rank counted from its own side (0 the first): a pawn starts on
/// the second and promotes on the sixth, so neither end holds one.
const ADVANCE: [i32; SIZE] = [0, 0, 10, 25, 50, 0];
/// Centralisation per step towards the board's centre (knights and queens).
const CENTRE: i32 = 4;

/// The evaluation of the toy variant.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToyEval;

/// Steps of `square`'s file and rank from the board's four central squares: 0 to 4.
fn off_centre(square: usize) -> i32 {
    let d = |x: usize| (2 * x as i32 - (SIZE as i32 - 1)).abs() / 2;
    d(square % SIZE) + d(square / SIZE)
}

/// The rank of `square` counted from `player`'s side.
fn own_rank(player: Player, square: usize) -> usize {
    match player {
        Player::White => square / SIZE,
        Player::Black => SIZE - 1 - square / SIZE,
    }
}

/// The pieces of `state`: square and piece, a1 first.
fn pieces(state: &Toy) -> impl Iterator<Item = (usize, Piece)> + '_ {
    (0..SIZE * SIZE).filter_map(|square| state.piece(square).map(|p| (square, p)))
}

fn material_of(state: &Toy) -> i32 {
    pieces(state)
        .map(|(_, p)| p.player.sign() * value(p.kind))
        .sum()
}

/// Placement: pawn advance, knights and queens towards the centre.
fn placement(state: &Toy) -> i32 {
    pieces(state)
        .map(|(square, p)| {
            let bonus = match p.kind {
                Kind::Pawn => ADVANCE[own_rank(p.player, square)],
                Kind::Knight | Kind::Queen => CENTRE * (4 - off_centre(square)),
                Kind::Rook | Kind::King => 0,
            };
            p.player.sign() * bonus
        })
        .sum()
}

impl Evaluator<Toy> for ToyEval {
    fn evaluate(&self, state: &Toy) -> i32 {
        material_of(state) + placement(state)
    }

    fn material(&self, state: &Toy) -> i32 {
        material_of(state)
    }

    fn is_tactical(&self, state: &Toy, m: Move) -> bool {
        m.promotion.is_some() || state.piece(usize::from(m.to)).is_some()
    }

    fn order_score(&self, state: &Toy, m: Move) -> i32 {
        let attacker = state
            .piece(usize::from(m.from))
            .map_or(0, |p| value(p.kind));
        let capture = state
            .piece(usize::from(m.to))
            .map_or(0, |p| 10 * value(p.kind) + 1000 - attacker / 10);
        capture + m.promotion.map_or(0, value)
    }

    fn decision_key(&self, _state: &Toy, m: Move) -> u16 {
        u16::from(m.from) * (SIZE * SIZE) as u16 + u16::from(m.to)
    }

    fn in_check(&self, state: &Toy) -> bool {
        state.in_check()
    }
}

#[cfg(test)]
mod tests {
    use omnichess_core::{Game, Notation, Outcome, ToAct, Variant};

    use super::*;
    use crate::Limits;
    use crate::registry::{self, AnalysisRequest};

    fn position(text: &str) -> Toy {
        Toy::from_position_text(text).expect("a toy position")
    }

    #[test]
    fn the_start_is_level_and_mirrored_positions_score_opposite() {
        assert_eq!(ToyEval.material(&Toy::start()), 0);
        assert_eq!(ToyEval.evaluate(&Toy::start()), 0);
        // White: a queen on c3 and a pawn on b4; Black the same, mirrored.
        let white = position("k5/6/1P4/2Q3/6/5K w");
        let black = position("5k/6/2q3/1p4/6/K5 b");
        assert_eq!(ToyEval.material(&white), 1000);
        assert_eq!(ToyEval.evaluate(&white), 1000 + 25 + CENTRE * 4);
        assert_eq!(ToyEval.evaluate(&black), -ToyEval.evaluate(&white));
    }

    #[test]
    fn captures_and_promotions_are_tactical_and_ordered_by_victim() {
        // White's rook on a1 can take the queen on a6; the pawn on e5 promotes.
        let game = position("q4k/4P1/6/6/6/R1K2n w");
        let m = |text: &str| game.parse_decision(text).expect("legal");
        assert!(ToyEval.is_tactical(&game, m("a1a6")));
        assert!(ToyEval.is_tactical(&game, m("e5e6q")));
        assert!(!ToyEval.is_tactical(&game, m("a1a2")));
        assert!(ToyEval.order_score(&game, m("a1a6")) > ToyEval.order_score(&game, m("c1b2")));
        assert!(ToyEval.order_score(&game, m("e5e6q")) > ToyEval.order_score(&game, m("e5e6n")));
    }

    #[test]
    fn the_registered_engine_finds_a_mate_in_one() {
        let engine = registry::find(Toy::NAME).expect("the toy has an engine");
        let start = "k5/6/2K3/6/6/1Q4 w";
        let request = AnalysisRequest {
            position: Some(start),
            limits: Limits::depth(3),
            ..AnalysisRequest::default()
        };
        let mut lines = Vec::new();
        let turn = (engine.analyze)(&request, &mut |line| lines.push(line.to_owned()))
            .expect("an analysis");
        let mut game = position(start);
        let [best] = turn.as_slice() else {
            panic!("one move a turn: {turn:?}");
        };
        game.apply(game.parse_decision(best).expect("legal"));
        assert_eq!(
            game.to_act(),
            ToAct::Nobody(Outcome::win(Player::White, "checkmate")),
            "{best}"
        );
        assert!(
            lines.last().is_some_and(|l| l.contains("score mate 1")),
            "{lines:?}"
        );
    }
}
