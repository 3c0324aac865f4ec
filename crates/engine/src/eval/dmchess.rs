//! DMChess: material with each piece's dimensional energy level (DEL: a piece with more
//! energy reaches more boards), the kings as lives (a player loses only when every king is
//! checkmated, 7.1.1, and the kings decide dimensional dominance, 7.2), control of
//! dimensions, king safety across portals (a portal next to a king is a door for pieces of
//! another board), pawn advance and centralisation. Reads the position's mailbox; nothing
//! is allocated.

use omnichess_core::Player;
use omnichess_variants::dmchess::square::{self, DIMENSIONS};
use omnichess_variants::dmchess::{DmChess, Kind, Move, Position, Special};

use super::Evaluator;
use crate::adjudication::Adjudication;

/// Centipawns per kind, in [`Kind`] order: FIDE's classical values; a king 400 (one of the
/// player's lives).
pub const VALUES: [i32; 6] = [100, 300, 320, 500, 900, 400];
/// Centipawns per DEL point above 1 (per piece, pawns included).
const PER_DEL: i32 = 6;
/// Each dimension controlled (7.2.2), towards dominance.
const CONTROL: i32 = 30;
/// Each portal square next to one of a player's kings.
const PORTAL_NEAR_KING: i32 = 12;
/// Bonus of a pawn by the ranks it has advanced.
const ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 35, 60, 0];
/// Centralisation per step towards the centre of a board (knights, bishops, queens).
const CENTRE: i32 = 3;

/// The evaluation of DMChess.
#[derive(Clone, Copy, Debug, Default)]
pub struct DmChessEval;

/// The value of a piece of `kind` with energy `del`.
#[must_use]
pub fn value(kind: Kind, del: u8) -> i32 {
    VALUES[kind as usize] + PER_DEL * (i32::from(del) - 1)
}

/// Distance of a square from its board's centre: 0 to 6.
fn off_centre(l: u8) -> i32 {
    let d = |x: u8| (2 * i32::from(x) - 7).abs() / 2;
    d(square::file(l)) + d(square::rank(l))
}

fn material_of(pos: &Position) -> i32 {
    pos.pieces()
        .map(|(_, p)| p.player().sign() * value(p.kind(), p.del()))
        .sum()
}

/// Placement: pawn advance, centralisation, portals next to kings, controlled dimensions.
fn placement(game: &DmChess) -> i32 {
    let pos = game.position();
    let phase = &game.compiled().phases[pos.phase()];
    let mut score = 0;
    for (sq, p) in pos.pieces() {
        let l = square::local(sq);
        let s = match p.kind() {
            Kind::Pawn => {
                let advanced = match p.player() {
                    Player::White => square::rank(l),
                    Player::Black => 7 - square::rank(l),
                };
                ADVANCE[advanced as usize]
            }
            Kind::Knight | Kind::Bishop | Kind::Queen => CENTRE * (6 - off_centre(l)),
            Kind::King => {
                let near = king_ring(l) & phase.portals[square::dim(sq)];
                -PORTAL_NEAR_KING * near.count_ones() as i32
            }
            Kind::Rook => 0,
        };
        score += p.player().sign() * s;
    }
    let control = pos.controlled(Player::White) as i32 - pos.controlled(Player::Black) as i32;
    score + CONTROL * control
}

/// The squares next to `l` on its board.
fn king_ring(l: u8) -> u64 {
    let (f, r) = (i32::from(square::file(l)), i32::from(square::rank(l)));
    let mut ring = 0u64;
    for df in -1..=1 {
        for dr in -1..=1 {
            let (nf, nr) = (f + df, r + dr);
            if (df, dr) != (0, 0) && (0..8).contains(&nf) && (0..8).contains(&nr) {
                ring |= 1 << (nr * 8 + nf);
            }
        }
    }
    ring
}

impl Evaluator<DmChess> for DmChessEval {
    /// None: a side scored far behind wins often (a king transferred through a portal, an
    /// energy level or a shift changes the game faster than material says). Of 80 games of
    /// `engine:nodes=2000` (example `adjudication_check`), the lab's resign rule would have
    /// resigned a player in every one, and in 34 of the 71 played to their end the player it
    /// resigned won (30) or drew (4).
    const ADJUDICATION: Adjudication = Adjudication::NONE;

    fn evaluate(&self, state: &DmChess) -> i32 {
        material_of(state.position()) + placement(state)
    }

    fn material(&self, state: &DmChess) -> i32 {
        material_of(state.position())
    }

    fn is_tactical(&self, state: &DmChess, mv: Move) -> bool {
        mv.special == Special::EnPassant
            || mv.promotion.is_some()
            || state.position().piece(mv.to).is_some()
    }

    fn order_score(&self, state: &DmChess, mv: Move) -> i32 {
        let pos = state.position();
        let attacker = pos.piece(mv.from).map_or(0, |p| VALUES[p.kind() as usize]);
        let victim = if mv.special == Special::EnPassant {
            Some(VALUES[Kind::Pawn as usize])
        } else {
            pos.piece(mv.to).map(|p| VALUES[p.kind() as usize])
        };
        let capture = victim.map_or(0, |v| 10 * v + 1000 - attacker / 10);
        capture + mv.promotion.map_or(0, |k| VALUES[k as usize])
    }

    fn decision_key(&self, _state: &DmChess, mv: Move) -> u16 {
        ((u32::from(mv.from) * 512 + u32::from(mv.to)) % 65_521) as u16
    }

    fn in_check(&self, state: &DmChess) -> bool {
        state.kings_in_check(state.position().side_to_move()) > 0
    }
}

/// Dimensions on the board, for the tests' arithmetic.
const _: () = assert!(DIMENSIONS == 8);

#[cfg(test)]
mod tests {
    use omnichess_core::{Notation, Variant};

    use super::*;

    #[test]
    fn the_start_is_level_and_del_adds_value() {
        let start = DmChess::start();
        assert_eq!(DmChessEval.material(&start), 0);
        assert_eq!(DmChessEval.evaluate(&start), 0);
        assert_eq!(value(Kind::Queen, 1), 900);
        assert_eq!(value(Kind::Queen, 8), 942);
    }

    #[test]
    fn a_queen_up_is_ahead() {
        let empty = "8/8/8/8/8/8/8/8";
        let d1 = "4k13/8/8/8/8/8/8/Q13K13".to_owned();
        let boards: Vec<String> = std::iter::once(d1)
            .chain((1..8).map(|_| empty.to_owned()))
            .collect();
        let text = format!("{} l - 0 1 0/8 - - -", boards.join("|"));
        let game = DmChess::from_position_text(&text).expect("reads");
        assert_eq!(DmChessEval.material(&game), 900);
        assert!(DmChessEval.evaluate(&game) > 800);
    }
}
