//! The board core of QEC's and Die Chess's evaluations: material, piece-square tables tapered
//! between middlegame and endgame, mobility, a pawn shield for the king, and a mop-up term that
//! drives a lone king to the edge. Classic chess reads its counts (mobility, shield, mop-up,
//! classical values) and has fitted weights of its own (classic_terms.rs).
//!
//! Piece values and tables are Tomasz Michniewski's "simplified evaluation function" (public,
//! widely used as a baseline): pawn 100, knight 320, bishop 330, rook 500, queen 900.

use cozy_chess::{
    BitBoard, Color, File, Piece, Rank, Square, get_bishop_moves, get_knight_moves, get_rook_moves,
};

/// The value of each piece type in centipawns (pawn, knight, bishop, rook, queen, king). The
/// king has no material value: it is never traded.
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The value of `piece` in centipawns.
#[must_use]
pub fn value(piece: Piece) -> i32 {
    VALUES[piece as usize]
}

/// Ordering score of a capture: the victim's value first, the cheaper attacker first among
/// equal victims (MVV-LVA).
#[must_use]
pub fn mvv_lva(victim: Piece, attacker: Piece) -> i32 {
    10 * value(victim) + 1000 - value(attacker) / 10
}

/// The pieces of a position by colour and type: the view the shared evaluation reads.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pieces {
    by: [[BitBoard; 6]; 2],
}

impl Pieces {
    /// The pieces given by `colored(colour, type)`.
    #[must_use]
    pub fn new(colored: impl Fn(Color, Piece) -> BitBoard) -> Pieces {
        let mut by = [[BitBoard::EMPTY; 6]; 2];
        for color in Color::ALL {
            for piece in Piece::ALL {
                by[color as usize][piece as usize] = colored(color, piece);
            }
        }
        Pieces { by }
    }

    /// The squares of `piece` of `color`.
    #[must_use]
    pub fn of(&self, color: Color, piece: Piece) -> BitBoard {
        self.by[color as usize][piece as usize]
    }

    /// The squares of `color`'s pieces.
    #[must_use]
    pub fn color(&self, color: Color) -> BitBoard {
        self.by[color as usize]
            .iter()
            .fold(BitBoard::EMPTY, |all, &b| all | b)
    }

    /// The occupied squares.
    #[must_use]
    pub fn occupied(&self) -> BitBoard {
        self.color(Color::White) | self.color(Color::Black)
    }
}

/// The material balance from White's view, each piece type worth `values` (indexed as
/// [`VALUES`]: the classical values, or a variant's own).
#[must_use]
pub fn material(pieces: &Pieces, values: &[i32; 6]) -> i32 {
    side_material(pieces, Color::White, values) - side_material(pieces, Color::Black, values)
}

fn side_material(pieces: &Pieces, color: Color, values: &[i32; 6]) -> i32 {
    Piece::ALL
        .iter()
        .map(|&p| values[p as usize] * pieces.of(color, p).len() as i32)
        .sum()
}

/// The game phase: 24 with all minor and major pieces on the board, 0 with none (knight and
/// bishop 1, rook 2, queen 4).
#[must_use]
pub fn phase(pieces: &Pieces) -> i32 {
    let count = |p: Piece| (pieces.of(Color::White, p) | pieces.of(Color::Black, p)).len() as i32;
    (count(Piece::Knight) + count(Piece::Bishop) + 2 * count(Piece::Rook) + 4 * count(Piece::Queen))
        .min(24)
}

/// The whole shared score from White's view: material (each piece type worth `values`),
/// piece-square tables, mobility, king safety and mop-up.
#[must_use]
pub fn score(pieces: &Pieces, values: &[i32; 6]) -> i32 {
    score_with_mobility(pieces, values, &both_mobility_counts(pieces))
}

/// Each side's [`mobility_counts`] (nothing avoided), White's first: what [`score`] counts,
/// for a caller that needs them too ([`score_with_mobility`]).
#[must_use]
pub fn both_mobility_counts(pieces: &Pieces) -> [[i32; 4]; 2] {
    Color::ALL.map(|color| mobility_counts(pieces, color, BitBoard::EMPTY))
}

/// [`score`], given each side's mobility counts ([`both_mobility_counts`]).
#[must_use]
pub fn score_with_mobility(pieces: &Pieces, values: &[i32; 6], counts: &[[i32; 4]; 2]) -> i32 {
    let phase = phase(pieces);
    let mobility = mobility(counts[0]) - mobility(counts[1]);
    material(pieces, values) + mobility + positional_parts(pieces, phase).iter().sum::<i32>()
}

/// The parts of [`score_with_mobility`] besides material and mobility, each White's minus
/// Black's at `phase`: the piece-square tables, the king shield (tapered) and the mop-up.
#[must_use]
pub fn positional_parts(pieces: &Pieces, phase: i32) -> [i32; 3] {
    let [white, black] = Color::ALL.map(|color| {
        [
            placement(pieces, color, phase),
            king_shield(pieces, color) * phase / 24,
        ]
    });
    [
        white[0] - black[0],
        white[1] - black[1],
        mop_up(pieces, phase),
    ]
}

/// Piece-square table bonuses of `color`'s pieces, the king's tapered by `phase`.
fn placement(pieces: &Pieces, color: Color, phase: i32) -> i32 {
    let mut sum = 0;
    for piece in [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
    ] {
        for sq in pieces.of(color, piece) {
            sum += i32::from(TABLES[piece as usize][table_index(sq, color)]);
        }
    }
    for sq in pieces.of(color, Piece::King) {
        let i = table_index(sq, color);
        sum += (i32::from(KING_MIDDLE[i]) * phase + i32::from(KING_END[i]) * (24 - phase)) / 24;
    }
    sum
}

/// The index into a table written rank 8 first, from `color`'s side of the board.
fn table_index(sq: Square, color: Color) -> usize {
    let rank = sq.rank() as usize;
    let file = sq.file() as usize;
    match color {
        Color::White => (7 - rank) * 8 + file,
        Color::Black => rank * 8 + file,
    }
}

/// The squares each knight, bishop, rook and queen of a side attacks that its own pieces do
/// not hold (its [`mobility_counts`]), weighted (knight 4, bishop 5, rook 3, queen 2 per
/// square).
fn mobility([n, b, r, q]: [i32; 4]) -> i32 {
    4 * n + 5 * b + 3 * r + 2 * q
}

/// The squares `color`'s knights, bishops, rooks and queens attack that neither its own
/// pieces hold nor `avoid` contains, by piece type (knights, bishops, rooks, queens).
#[must_use]
pub fn mobility_counts(pieces: &Pieces, color: Color, avoid: BitBoard) -> [i32; 4] {
    let occ = pieces.occupied();
    let free = !(pieces.color(color) | avoid);
    let mut counts = [0; 4];
    for (count, piece) in
        counts
            .iter_mut()
            .zip([Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen])
    {
        for sq in pieces.of(color, piece) {
            *count += (attacks(piece, sq, occ) & free).len() as i32;
        }
    }
    counts
}

/// The squares a knight, bishop, rook or queen on `sq` attacks with `occupied` blocking (none
/// for the other types).
#[must_use]
pub fn attacks(piece: Piece, sq: Square, occupied: BitBoard) -> BitBoard {
    match piece {
        Piece::Knight => get_knight_moves(sq),
        Piece::Bishop => get_bishop_moves(sq, occupied),
        Piece::Rook => get_rook_moves(sq, occupied),
        Piece::Queen => get_bishop_moves(sq, occupied) | get_rook_moves(sq, occupied),
        Piece::Pawn | Piece::King => BitBoard::EMPTY,
    }
}

/// Own pawns on the king's file and its neighbours, one or two ranks in front of it: 12 each,
/// at most 3 counted (full weight in the middlegame; the caller tapers it).
fn king_shield(pieces: &Pieces, color: Color) -> i32 {
    12 * king_shield_pawns(pieces, color)
}

/// The own pawns on the king's file and its neighbours, one or two ranks in front of it, at
/// most 3.
#[must_use]
pub fn king_shield_pawns(pieces: &Pieces, color: Color) -> i32 {
    let Some(king) = pieces.of(color, Piece::King).next_square() else {
        return 0;
    };
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    let mut shield = 0;
    for df in -1i8..=1 {
        for dr in 1i8..=2 {
            let file = king.file() as i8 + df;
            let rank = king.rank() as i8 + forward * dr;
            if (0..8).contains(&file) && (0..8).contains(&rank) {
                let sq = Square::new(File::index(file as usize), Rank::index(rank as usize));
                if pieces.of(color, Piece::Pawn).has(sq) {
                    shield += 1;
                }
            }
        }
    }
    shield.min(3)
}

/// In an endgame (phase ≤ 8) where one side is ahead by more than three pawns: the weaker
/// king's distance from the centre and the kings' closeness, so the stronger side can force
/// the mate that piece-square tables alone would not find. Ahead is counted in classical
/// values whatever the variant's.
#[must_use]
pub fn mop_up(pieces: &Pieces, phase: i32) -> i32 {
    let balance = material(pieces, &VALUES);
    if phase > 8 || balance.abs() <= 300 {
        return 0;
    }
    let (strong, weak, sign) = if balance > 0 {
        (Color::White, Color::Black, 1)
    } else {
        (Color::Black, Color::White, -1)
    };
    let (Some(sk), Some(wk)) = (
        pieces.of(strong, Piece::King).next_square(),
        pieces.of(weak, Piece::King).next_square(),
    ) else {
        return 0;
    };
    let centre = |sq: Square| {
        let f = sq.file() as i32;
        let r = sq.rank() as i32;
        (2 * f - 7).abs() / 2 + (2 * r - 7).abs() / 2
    };
    let apart =
        (sk.file() as i32 - wk.file() as i32).abs() + (sk.rank() as i32 - wk.rank() as i32).abs();
    sign * (10 * centre(wk) + 4 * (14 - apart))
}

#[rustfmt::skip]
const PAWN: [i8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
const KNIGHT: [i8; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];

#[rustfmt::skip]
const BISHOP: [i8; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];

#[rustfmt::skip]
const ROOK: [i8; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];

#[rustfmt::skip]
const QUEEN: [i8; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];

#[rustfmt::skip]
const KING_MIDDLE: [i8; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];

#[rustfmt::skip]
const KING_END: [i8; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// The tables of pawn, knight, bishop, rook and queen, by [`Piece`] index.
const TABLES: [[i8; 64]; 5] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN];

#[cfg(test)]
mod tests {
    use super::*;
    use cozy_chess::Board;

    fn pieces(board: &Board) -> Pieces {
        Pieces::new(|c, p| board.colored_pieces(c, p))
    }

    #[test]
    fn the_start_is_balanced_and_mirrored_positions_score_opposite() {
        assert_eq!(score(&pieces(&Board::default()), &VALUES), 0);
        let white: Board = "4k3/8/8/8/8/2N5/PP6/4K3 w - - 0 1".parse().expect("fen");
        let black: Board = "4k3/pp6/2n5/8/8/8/8/4K3 b - - 0 1".parse().expect("fen");
        let w = score(&pieces(&white), &VALUES);
        assert!(w > 400, "{w}");
        assert_eq!(w, -score(&pieces(&black), &VALUES));
        assert_eq!(material(&pieces(&white), &VALUES), 520);
        assert_eq!(phase(&pieces(&Board::default())), 24);
    }

    #[test]
    fn captures_order_by_victim_then_cheaper_attacker() {
        assert!(mvv_lva(Piece::Queen, Piece::Rook) > mvv_lva(Piece::Rook, Piece::Pawn));
        assert!(mvv_lva(Piece::Rook, Piece::Pawn) > mvv_lva(Piece::Rook, Piece::Queen));
    }
}
