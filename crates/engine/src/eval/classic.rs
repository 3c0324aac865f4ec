//! Classic chess: its evaluation (the trained network of classic_net.rs), and the board facts
//! the other chess-like evaluations share: captures, static exchange, move order.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};
use omnichess_variants::classic::Classic;

use super::Evaluator;
use super::material::{self, Pieces};
use super::{classic_net, classic_terms};

/// The evaluation of classic chess: the trained network ([`classic_net::trained`]) and the
/// shared mop-up of won endings ([`material::mop_up`]). The weighted terms
/// ([`classic_terms::score`]) it replaced are what `tune_classic` measures a
/// network against.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicEval;

/// The shared view of a cozy-chess board.
pub(crate) fn pieces(board: &Board) -> Pieces {
    Pieces::new(|c, p| board.colored_pieces(c, p))
}

/// What `board`'s pieces do not show: the side to move and the castling rights.
pub fn rights(board: &Board) -> classic_terms::Rights {
    let castle = Color::ALL.map(|c| {
        let rights = board.castle_rights(c);
        (rights.short.is_some(), rights.long.is_some())
    });
    classic_terms::Rights {
        white_to_move: board.side_to_move() == Color::White,
        castle,
    }
}

/// The piece `mv` captures on a cozy-chess board whose side to move makes it (en passant
/// included; castling, written king-takes-rook, is not a capture).
pub fn victim(board: &Board, mv: Move) -> Option<Piece> {
    let them = !board.side_to_move();
    if board.colors(them).has(mv.to) {
        board.piece_on(mv.to)
    } else if board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file() {
        Some(Piece::Pawn)
    } else {
        None
    }
}

/// Whether `mv` captures or promotes.
pub fn tactical(board: &Board, mv: Move) -> bool {
    mv.promotion.is_some() || victim(board, mv).is_some()
}

/// Replaces `out` with the legal captures and promotions of `board` (those [`tactical`]
/// accepts), generated without the quiet moves: each piece's targets masked to the enemy's
/// pieces, and a pawn's also to the en passant square and the last rank.
pub(crate) fn tactical_moves(board: &Board, out: &mut Vec<Move>) {
    out.clear();
    let us = board.side_to_move();
    let enemy = board.colors(!us);
    let pawn_targets = enemy
        | Rank::Eighth.relative_to(us).bitboard()
        | board.en_passant().map_or(BitBoard::EMPTY, |file| {
            Square::new(file, Rank::Sixth.relative_to(us)).bitboard()
        });
    board.generate_moves(|mut moves| {
        moves.to &= if moves.piece == Piece::Pawn {
            pawn_targets
        } else {
            enemy
        };
        out.extend(moves);
        false
    });
}

/// The value of a piece in a static exchange (the king's above any gain).
fn exchange_value(piece: Piece) -> i32 {
    if piece == Piece::King {
        20_000
    } else {
        material::value(piece)
    }
}

/// The pieces of either colour that attack `sq` with the board's pieces on `occupied` only.
fn attackers(board: &Board, sq: Square, occupied: BitBoard) -> BitBoard {
    let pawns = board.pieces(Piece::Pawn);
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    ((get_pawn_attacks(sq, Color::Black) & pawns & board.colors(Color::White))
        | (get_pawn_attacks(sq, Color::White) & pawns & board.colors(Color::Black))
        | (get_knight_moves(sq) & board.pieces(Piece::Knight))
        | (get_king_moves(sq) & board.pieces(Piece::King))
        | (get_bishop_moves(sq, occupied) & diagonal)
        | (get_rook_moves(sq, occupied) & straight))
        & occupied
}

/// Static exchange evaluation of capture `mv`: the material the mover gains when both sides
/// go on capturing on its square, least valuable piece first, each free to stop (x-rays
/// through the pieces that have captured included; pins and promotions on the way ignored).
pub(crate) fn exchange(board: &Board, mv: Move) -> i32 {
    let Some(mut on_square) = board.piece_on(mv.from) else {
        return 0;
    };
    let mut gain = [0i32; 32];
    gain[0] = victim(board, mv).map_or(0, material::value);
    let mut occupied = board.occupied() ^ mv.from.bitboard();
    if on_square == Piece::Pawn && mv.from.file() != mv.to.file() && !board.occupied().has(mv.to) {
        // En passant: the captured pawn leaves its square too.
        occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
    }
    let mut side = !board.side_to_move();
    let mut d = 0;
    while d + 1 < gain.len() {
        d += 1;
        gain[d] = exchange_value(on_square) - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break;
        }
        let theirs = attackers(board, mv.to, occupied) & board.colors(side);
        let Some((piece, from)) = Piece::ALL
            .iter()
            .find_map(|&p| (theirs & board.pieces(p)).next_square().map(|sq| (p, sq)))
        else {
            break;
        };
        occupied ^= from.bitboard();
        on_square = piece;
        side = !side;
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

/// MVV-LVA for captures, plus the promoted piece's value.
pub(crate) fn order(board: &Board, mv: Move) -> i32 {
    let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let capture = victim(board, mv).map_or(0, |v| material::mvv_lva(v, attacker));
    capture + mv.promotion.map_or(0, material::value)
}

/// From-square × 64 + to-square.
pub(crate) fn key(mv: Move) -> u16 {
    (mv.from as u16) * 64 + mv.to as u16
}

impl Evaluator<Classic> for ClassicEval {
    fn evaluate(&self, state: &Classic) -> i32 {
        let pieces = pieces(state.board());
        let phase = material::phase(&pieces);
        classic_net::trained().evaluate_pieces(state.board(), &pieces)
            + material::mop_up(&pieces, phase)
    }

    fn material(&self, state: &Classic) -> i32 {
        material::material(&pieces(state.board()), &material::VALUES)
    }

    fn is_tactical(&self, state: &Classic, decision: Move) -> bool {
        tactical(state.board(), decision)
    }

    fn tactical_decisions(&self, state: &Classic, out: &mut Vec<Move>) {
        tactical_moves(state.board(), out);
    }

    fn losing(&self, state: &Classic, decision: Move) -> bool {
        decision.promotion.is_none() && exchange(state.board(), decision) < 0
    }

    fn order_score(&self, state: &Classic, decision: Move) -> i32 {
        order(state.board(), decision)
    }

    fn decision_key(&self, _state: &Classic, decision: Move) -> u16 {
        key(decision)
    }

    fn selective(&self) -> bool {
        true
    }

    fn may_pass(&self, state: &Classic) -> bool {
        let board = state.board();
        let own = board.colors(board.side_to_move());
        let pawns_and_king = board.pieces(Piece::Pawn) | board.pieces(Piece::King);
        !(own - pawns_and_king).is_empty()
    }

    fn in_check(&self, state: &Classic) -> bool {
        !state.board().checkers().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terms_see_passed_isolated_and_doubled_pawns_and_are_mirrored() {
        let at = |fen: &str| {
            let board: Board = fen.parse().expect("fen");
            let pieces = pieces(&board);
            let phase = material::phase(&pieces);
            classic_terms::score(&pieces, rights(&board), phase)
        };
        // A passed pawn on the sixth beats one held by an enemy pawn (a pawn less).
        assert!(at("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1") > at("4k3/2p5/3P4/8/8/8/8/4K3 w - - 0 1"));
        // Doubled pawns are worth less than two pawns on separate files.
        assert!(at("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1") < at("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"));
        // The start is level but for the move; mirrored positions (the other side to move)
        // score opposite.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(
            at(&format!("{start} w KQkq - 0 1")),
            -at(&format!("{start} b KQkq - 0 1"))
        );
        assert_eq!(
            at("r3k3/1p3pp1/8/3P4/8/8/PP3B1B/4K2R w - - 0 1"),
            -at("4k2r/pp3b1b/8/8/3p4/8/1P3PP1/R3K3 b - - 0 1")
        );
    }

    #[test]
    fn exchanges_count_defenders_and_x_rays() {
        let see = |fen: &str, mv: &str| {
            let board: Board = fen.parse().expect("fen");
            exchange(&board, mv.parse().expect("move"))
        };
        // A free pawn; a pawn defended by a pawn taken by a rook; a queen taken by a pawn.
        assert_eq!(see("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
        assert_eq!(see("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
        assert_eq!(see("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 900);
        // Two rooks (one behind the other) against one defender: a pawn up.
        assert_eq!(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    }

    /// Each term's count in the position `fen`.
    fn counts(fen: &str) -> [i32; classic_terms::TERMS] {
        let board: Board = fen.parse().expect("fen");
        let mut counts = [0; classic_terms::TERMS];
        classic_terms::terms(&pieces(&board), rights(&board), |term, count| {
            counts[term] += count;
        });
        counts
    }

    #[test]
    fn a_passed_pawn_counts_both_kings_distances_and_the_move_counts_for_its_side() {
        // The pawn on d5 (its 5th rank: weight 3) stops on d6: Black's king on a8 is 3 king
        // moves away, White's on e1 five.
        let c = counts("k7/8/8/3P4/8/8/8/4K3 b - - 0 1");
        assert_eq!(c[classic_terms::PASSER_ENEMY_KING], 9);
        assert_eq!(c[classic_terms::PASSER_OWN_KING], 15);
        assert_eq!(c[classic_terms::PASSED + 3], 1);
        assert_eq!(c[classic_terms::TEMPO], -1);
        // A knight's squares attacked by an enemy pawn are not its mobility.
        let free = counts("4k3/8/8/8/8/8/8/N3K3 w - - 0 1")[classic_terms::MOBILITY];
        let hemmed = counts("4k3/8/8/8/2p5/8/8/N3K3 w - - 0 1")[classic_terms::MOBILITY];
        assert_eq!((free, hemmed), (2, 1));
    }

    #[test]
    fn castling_rights_and_attack_units_are_counted_per_side() {
        // White may castle short, Black long: +1 short, −1 long from White's view.
        let c = counts("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
        assert_eq!(c[classic_terms::CASTLE_SHORT], 1);
        assert_eq!(c[classic_terms::CASTLE_LONG], -1);
        let all = counts("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(all[classic_terms::CASTLE_SHORT], 0);
        // Black's queen (3 squares, 5 units each) and knight (2 squares, 2 each) bear on
        // White's king zone: 19 units against White, and none on Black's king.
        let a = counts("6k1/5ppp/8/8/6n1/7q/5PP1/6K1 w - - 0 1");
        assert_eq!(a[classic_terms::KING_ATTACK], -19);
    }

    #[test]
    fn attackers_around_a_king_are_its_danger() {
        let at = |fen: &str, color| {
            classic_terms::king_attack(&pieces(&fen.parse::<Board>().expect("fen")), color).danger()
        };
        assert_eq!(at(&Board::default().to_string(), Color::White), 0);
        // Black's queen and knight bear on White's castled king: 5·3 + 2·2 units, squared, halved.
        let fen = "6k1/5ppp/8/8/6n1/7q/5PP1/6K1 w - - 0 1";
        assert_eq!(at(fen, Color::White), 180);
        assert_eq!(at(fen, Color::Black), 0);
        assert_eq!(
            at("6k1/5pp1/7Q/6N1/8/8/5PPP/6K1 w - - 0 1", Color::Black),
            180
        );
    }

    #[test]
    fn tactical_moves_are_the_legal_captures_and_promotions() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ] {
            let board: Board = fen.parse().expect("fen");
            let mut all = Vec::new();
            board.generate_moves(|moves| {
                all.extend(moves);
                false
            });
            all.retain(|&mv| tactical(&board, mv));
            let mut listed = Vec::new();
            tactical_moves(&board, &mut listed);
            let key = |mv: &Move| (key(*mv), mv.promotion.map(|p| p as u8));
            all.sort_by_key(key);
            listed.sort_by_key(key);
            assert_eq!(listed, all, "{fen}");
        }
    }
}
