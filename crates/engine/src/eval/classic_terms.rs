//! Classic chess's evaluation as a weighted sum of terms: each term counts something on the
//! board (White's count minus Black's) and has a middlegame and an endgame weight, tapered by
//! the game phase. The weights (`classic_weights.rs`) are fitted to Stockfish's scores of
//! quiet positions by the `tune_classic` tool (docs/ENGINE.md, "Evaluation").
//!
//! The terms: a piece-square value for every piece type on every square (material included),
//! mobility by piece type, passed pawns by rank and their distances to both kings, isolated,
//! doubled and supported pawns, the bishop pair, rooks on open and half-open files and on the
//! seventh, knight outposts, the side to move's pieces attacked by pawns, the king's pawn
//! shield, the open files by the king, king danger and a tempo (the constants below).

use cozy_chess::{BitBoard, Color, File, Piece, Rank, Square, get_king_moves, get_pawn_attacks};

use super::classic_weights::WEIGHTS;
use super::material::{self, Pieces};

/// The first piece-square term: piece type × 64 + square seen from the piece's own side
/// (a1 = 0 for White, a8 = 0 for Black).
pub const PIECE_SQUARE: usize = 0;
/// The first mobility term (knight, bishop, rook, queen): squares attacked that own pieces
/// do not hold and enemy pawns do not attack.
pub const MOBILITY: usize = 6 * 64;
/// The first passed-pawn term, by the pawn's rank from its own side (2nd to 7th).
pub const PASSED: usize = MOBILITY + 4;
/// A pawn with no own pawn on the files beside it.
pub const ISOLATED: usize = PASSED + 6;
/// Each pawn beyond the first on a file.
pub const DOUBLED: usize = ISOLATED + 1;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = DOUBLED + 1;
/// A rook on a file without pawns.
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
/// A rook on a file without own pawns but with enemy ones.
pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// Own pawns on the king's file and its neighbours, one or two ranks ahead (at most 3).
pub const KING_SHIELD: usize = ROOK_HALF_OPEN + 1;
/// The units of enemy attack on the squares around the king, squared ([`KingAttack::danger`]):
/// counted against the king's side.
pub const KING_DANGER: usize = KING_SHIELD + 1;
/// The side to move (a tempo).
pub const TEMPO: usize = KING_DANGER + 1;
/// For each passed pawn, the enemy king's distance (in king moves) from the square in front
/// of it, times the pawn's rank from its side less one (a far king matters most for an
/// advanced pawn).
pub const PASSER_ENEMY_KING: usize = TEMPO + 1;
/// The same for the own king.
pub const PASSER_OWN_KING: usize = PASSER_ENEMY_KING + 1;
/// The side to move's knights, bishops, rooks and queens that enemy pawns attack.
pub const THREATENED: usize = PASSER_OWN_KING + 1;
/// A rook on the seventh rank from its side.
pub const ROOK_SEVENTH: usize = THREATENED + 1;
/// A knight on the 4th to 6th rank from its side, defended by an own pawn, that no enemy pawn
/// can ever attack (none on the files beside it, ahead).
pub const OUTPOST: usize = ROOK_SEVENTH + 1;
/// The king's file and the files beside it without own pawns.
pub const KING_OPEN_FILES: usize = OUTPOST + 1;
/// A pawn defended by an own pawn.
pub const PAWN_SUPPORTED: usize = KING_OPEN_FILES + 1;
/// The right to castle short (the king and that rook have not moved).
pub const CASTLE_SHORT: usize = PAWN_SUPPORTED + 1;
/// The right to castle long.
pub const CASTLE_LONG: usize = CASTLE_SHORT + 1;
/// The units of enemy attack on the squares around the king ([`king_attack`]), not squared:
/// counted against the king's side.
pub const KING_ATTACK: usize = CASTLE_LONG + 1;
/// The number of terms.
pub const TERMS: usize = KING_ATTACK + 1;

/// What the pieces do not show of a position: whose move it is and each side's castling
/// rights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rights {
    /// Whether White is to move.
    pub white_to_move: bool,
    /// Whether each colour (White, Black) may still castle short and long.
    pub castle: [(bool, bool); 2],
}

/// The evaluation of `pieces` with `rights`, from White's view: every term's count times its
/// weight, tapered between the middlegame and endgame weights by `phase` ([`material::phase`]
/// of the pieces).
#[must_use]
pub fn score(pieces: &Pieces, rights: Rights, phase: i32) -> i32 {
    let (mut mg, mut eg) = (0, 0);
    terms(pieces, rights, |term, count| {
        let (m, e) = WEIGHTS[term];
        mg += count * i32::from(m);
        eg += count * i32::from(e);
    });
    (mg * phase + eg * (24 - phase)) / 24
}

/// Calls `visit(term, count)` for the terms of `pieces` with `rights`, each count from White's
/// view (a term may be visited more than once; the counts add up). Nothing allocated.
pub fn terms(pieces: &Pieces, rights: Rights, mut visit: impl FnMut(usize, i32)) {
    let white_to_move = rights.white_to_move;
    visit(TEMPO, if white_to_move { 1 } else { -1 });
    let pawn_attacks = Color::ALL.map(|c| pawn_attacks(pieces.of(c, Piece::Pawn), c));
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for piece in Piece::ALL {
            for sq in pieces.of(color, piece) {
                let own = sq.relative_to(color) as usize;
                visit(PIECE_SQUARE + piece as usize * 64 + own, sign);
            }
        }
        let enemy_pawn_attacks = pawn_attacks[!color as usize];
        let counts = material::mobility_counts(pieces, color, enemy_pawn_attacks);
        for (i, count) in counts.into_iter().enumerate() {
            visit(MOBILITY + i, sign * count);
        }
        let to_move = white_to_move == (color == Color::White);
        piece_terms(
            pieces,
            color,
            to_move,
            (pawn_attacks[color as usize], enemy_pawn_attacks),
            &mut |term, count| {
                visit(term, sign * count);
            },
        );
        pawn_terms(pieces, color, &mut |term, count| visit(term, sign * count));
        if pieces.of(color, Piece::Bishop).len() >= 2 {
            visit(BISHOP_PAIR, sign);
        }
        let own = pieces.of(color, Piece::Pawn);
        let theirs = pieces.of(!color, Piece::Pawn);
        for sq in pieces.of(color, Piece::Rook) {
            let file = sq.file().bitboard();
            if ((own | theirs) & file).is_empty() {
                visit(ROOK_OPEN, sign);
            } else if (own & file).is_empty() {
                visit(ROOK_HALF_OPEN, sign);
            }
        }
        visit(
            KING_SHIELD,
            sign * material::king_shield_pawns(pieces, color),
        );
        let (short, long) = rights.castle[color as usize];
        visit(CASTLE_SHORT, sign * i32::from(short));
        visit(CASTLE_LONG, sign * i32::from(long));
        let attack = king_attack(pieces, color);
        visit(KING_ATTACK, -sign * attack.units);
        visit(KING_DANGER, -sign * attack.danger());
    }
}

/// `color`'s pieces attacked by enemy pawns (when it is to move), rooks on the seventh,
/// knights on outposts, the files by its king without own pawns and supported pawns, given
/// the squares its own and the enemy's pawns attack.
fn piece_terms(
    pieces: &Pieces,
    color: Color,
    to_move: bool,
    (defended, enemy_pawn_attacks): (BitBoard, BitBoard),
    visit: &mut impl FnMut(usize, i32),
) {
    let officers =
        pieces.color(color) - pieces.of(color, Piece::Pawn) - pieces.of(color, Piece::King);
    if to_move {
        visit(THREATENED, (officers & enemy_pawn_attacks).len() as i32);
    }
    let seventh = Rank::Seventh.relative_to(color).bitboard();
    visit(
        ROOK_SEVENTH,
        (pieces.of(color, Piece::Rook) & seventh).len() as i32,
    );
    let own = pieces.of(color, Piece::Pawn);
    let theirs = pieces.of(!color, Piece::Pawn);
    for sq in pieces.of(color, Piece::Knight) & defended {
        let rank = sq.rank().relative_to(color) as usize;
        if (3..=5).contains(&rank)
            && (theirs & sq.file().adjacent() & ahead_of(sq, color)).is_empty()
        {
            visit(OUTPOST, 1);
        }
    }
    if let Some(king) = pieces.of(color, Piece::King).next_square() {
        let files = king.file().bitboard() | king.file().adjacent();
        let open = File::ALL
            .iter()
            .filter(|f| !(files & f.bitboard()).is_empty() && (own & f.bitboard()).is_empty())
            .count();
        visit(KING_OPEN_FILES, open as i32);
    }
    visit(PAWN_SUPPORTED, (own & defended).len() as i32);
}

/// Passed, isolated and doubled pawns of `color`.
fn pawn_terms(pieces: &Pieces, color: Color, visit: &mut impl FnMut(usize, i32)) {
    let own = pieces.of(color, Piece::Pawn);
    let theirs = pieces.of(!color, Piece::Pawn);
    let kings = (
        pieces.of(!color, Piece::King).next_square(),
        pieces.of(color, Piece::King).next_square(),
    );
    for sq in own {
        let file = sq.file();
        let ahead = ahead_of(sq, color);
        if (own & file.adjacent()).is_empty() {
            visit(ISOLATED, 1);
        }
        let span = file.bitboard() | file.adjacent();
        if (theirs & span & ahead).is_empty() && (own & file.bitboard() & ahead).is_empty() {
            let rank = sq.rank().relative_to(color) as usize;
            if (1..=6).contains(&rank) {
                visit(PASSED + rank - 1, 1);
                let stop = sq.try_offset(0, forward(color));
                if let (Some(stop), (Some(enemy), Some(king))) = (stop, kings) {
                    let weight = rank as i32 - 1;
                    visit(PASSER_ENEMY_KING, weight * distance(enemy, stop));
                    visit(PASSER_OWN_KING, weight * distance(king, stop));
                }
            }
        }
    }
    for file in File::ALL {
        let extra = (own & file.bitboard()).len().saturating_sub(1) as i32;
        if extra > 0 {
            visit(DOUBLED, extra);
        }
    }
}

/// The enemy's attack on a king: what its knights, bishops, rooks and queens bear on the
/// squares around it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingAttack {
    /// 2, 2, 3 and 5 units (knight, bishop, rook, queen) per square of the king's zone (the
    /// king's square and those around it) each attacks.
    pub units: i32,
    /// The enemy pieces that attack the zone.
    pub attackers: i32,
    /// Whether the enemy has a queen.
    pub queen: bool,
}

impl KingAttack {
    /// The danger: with two attackers or more and the enemy queen on the board, units² / 2,
    /// at most 400 (attackers together are worth more than apart); else 0.
    #[must_use]
    pub fn danger(&self) -> i32 {
        if self.attackers >= 2 && self.queen {
            (self.units * self.units / 2).min(400)
        } else {
            0
        }
    }
}

/// The enemy's attack on `color`'s king (none without a king).
#[must_use]
pub fn king_attack(pieces: &Pieces, color: Color) -> KingAttack {
    let enemy = !color;
    let Some(king) = pieces.of(color, Piece::King).next_square() else {
        return KingAttack::default();
    };
    let occupied = pieces.occupied();
    let zone = get_king_moves(king) | king.bitboard();
    let mut attack = KingAttack {
        queen: !pieces.of(enemy, Piece::Queen).is_empty(),
        ..KingAttack::default()
    };
    for (piece, weight) in [
        (Piece::Knight, 2),
        (Piece::Bishop, 2),
        (Piece::Rook, 3),
        (Piece::Queen, 5),
    ] {
        for sq in pieces.of(enemy, piece) {
            let hits = (material::attacks(piece, sq, occupied) & zone).len() as i32;
            if hits > 0 {
                attack.units += weight * hits;
                attack.attackers += 1;
            }
        }
    }
    attack
}

/// The rank step forward for `color`.
fn forward(color: Color) -> i8 {
    if color == Color::White { 1 } else { -1 }
}

/// The king moves between `a` and `b`.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

/// The squares `color`'s `pawns` attack.
fn pawn_attacks(pawns: BitBoard, color: Color) -> BitBoard {
    pawns
        .into_iter()
        .fold(BitBoard::EMPTY, |all, sq| all | get_pawn_attacks(sq, color))
}

/// The squares on the ranks in front of `sq` as seen by `color`.
fn ahead_of(sq: Square, color: Color) -> BitBoard {
    let rank = sq.rank() as u32;
    BitBoard(match color {
        Color::White => (!0u64).checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    })
}
