//! The draft's rules (§3.1, docs/rules/qec.md): who picks next, the picks open to a side, why a
//! pick is refused; and the random mapping, a draft whose every pick the seed draws.
//!
//! A pick links one of the picker's pawns in no link to an enemy non-king piece in no link, an
//! officer or a pawn. A link between two pawns is a link of each side's pawn (§3.1's two
//! bullets), so it counts toward both sides' seven. A side drafts while fewer than all of its
//! pawns but one are linked (seven of eight), and its pawns are open as partners only while it
//! drafts, so each side keeps one pawn in no link: its free pawn. While both sides draft they
//! pick alternately, White first (the number of links made decides: even, White); then the
//! side still drafting picks the rest in a row. The draft ends when neither side can pick.

use cozy_chess::{Board, Color, Piece, Square};
use omnichess_core::hashing::splitmix64 as mix;

use super::links::Links;

/// Whether `color` still drafts: fewer than all of its pawns but one are linked.
fn drafts(board: &Board, links: &Links, color: Color) -> bool {
    let own = board.colored_pieces(color, Piece::Pawn);
    let linked = own.iter().filter(|&p| links.partner(p).is_some()).count();
    linked + 1 < own.len() as usize
}

/// Whether the piece on `partner` may be linked now to a pawn of `picker`: an enemy non-king
/// piece in no link, and a pawn only while its side drafts (so that it keeps its free pawn).
fn open_partner(board: &Board, links: &Links, picker: Color, partner: Square) -> bool {
    board.color_on(partner) == Some(!picker)
        && links.partner(partner).is_none()
        && match board.piece_on(partner) {
            None | Some(Piece::King) => false,
            Some(Piece::Pawn) => drafts(board, links, !picker),
            Some(_) => true,
        }
}

/// Whether `color` has a pick open.
fn can_pick(board: &Board, links: &Links, color: Color) -> bool {
    drafts(board, links, color)
        && board
            .colors(!color)
            .iter()
            .any(|s| open_partner(board, links, color, s))
}

/// The side that picks next, or `None` when the draft is over.
pub(super) fn picker(board: &Board, links: &Links) -> Option<Color> {
    match (
        can_pick(board, links, Color::White),
        can_pick(board, links, Color::Black),
    ) {
        (true, true) if links.len().is_multiple_of(2) => Some(Color::White),
        (true, true) => Some(Color::Black),
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        (false, false) => None,
    }
}

/// Calls `f(pawn, partner)` for every pick open to `picker`: its pawns in no link (a1 to h8),
/// each with every open enemy partner (a1 to h8).
pub(super) fn for_each_pick(
    board: &Board,
    links: &Links,
    picker: Color,
    mut f: impl FnMut(Square, Square),
) {
    if !drafts(board, links, picker) {
        return;
    }
    for pawn in board.colored_pieces(picker, Piece::Pawn) {
        if links.partner(pawn).is_some() {
            continue;
        }
        for partner in board.colors(!picker) {
            if open_partner(board, links, picker, partner) {
                f(pawn, partner);
            }
        }
    }
}

/// Why the pick `pawn~partner` is not open now (the draft's own words for a refused pick).
pub(super) fn refusal(board: &Board, links: &Links, pawn: Square, partner: Square) -> String {
    let Some(side) = picker(board, links) else {
        return "the draft is over".into();
    };
    let name = |c: Color| match c {
        Color::White => "white",
        Color::Black => "black",
    };
    let own_pawn = board.piece_on(pawn) == Some(Piece::Pawn) && board.color_on(pawn) == Some(side);
    if !own_pawn {
        return format!(
            "{} picks now: {pawn} must hold one of its pawns in no link",
            name(side)
        );
    }
    if links.partner(pawn).is_some() {
        return format!("the pawn on {pawn} is already linked");
    }
    match (board.piece_on(partner), board.color_on(partner)) {
        (Some(Piece::King), _) => "kings are never linked (§3.1)".into(),
        (Some(_), Some(c)) if c == !side => {
            if links.partner(partner).is_some() {
                format!("the piece on {partner} is already linked")
            } else if board.piece_on(partner) == Some(Piece::Pawn) {
                format!(
                    "{} has seven pawns linked: its pawn on {partner} is its free pawn (§3.1)",
                    name(!side)
                )
            } else {
                "not an open draft pick".into()
            }
        }
        _ => format!(
            "{partner} must hold a {} non-king piece (an officer or a pawn)",
            name(!side)
        ),
    }
}

/// A random mapping from `seed`: the draft played out with every pick drawn by the seed. The
/// n-th draw (n = 1, 2, …) takes pick number `splitmix64(seed + n) % count` (from 0, wrapping
/// addition) among the `count` picks open to the side to pick, listed as [`for_each_pick`]
/// lists them: the picker's pawns in no link a1 to h8, for each the open partners a1 to h8.
/// So a seed gives the same mapping on every machine and build, and the mapping keeps the
/// draft's rules: seven pawns a side linked (a pawn–pawn link counting for both), one free.
#[must_use]
pub fn random_mapping(board: &Board, seed: u64) -> Links {
    let mut state = seed;
    let mut links = Links::default();
    let mut picks = Vec::new();
    while let Some(side) = picker(board, &links) {
        picks.clear();
        for_each_pick(board, &links, side, |pawn, partner| {
            picks.push((pawn, partner));
        });
        state = state.wrapping_add(1);
        let count = picks.len().max(1) as u64;
        let Some(&(pawn, partner)) = picks.get((mix(state) % count) as usize) else {
            break;
        };
        links.link(pawn, partner);
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free_pawns(board: &Board, links: &Links, color: Color) -> usize {
        board
            .colored_pieces(color, Piece::Pawn)
            .iter()
            .filter(|&p| links.partner(p).is_none())
            .count()
    }

    #[test]
    fn random_mappings_are_reproducible_and_keep_the_draft_s_rules() {
        let board = Board::default();
        assert_eq!(random_mapping(&board, 42), random_mapping(&board, 42));
        assert_ne!(random_mapping(&board, 42), random_mapping(&board, 43));
        let mut with_pawn_pairs = 0;
        for seed in 0..200 {
            let links = random_mapping(&board, seed);
            let pawn_pairs = links
                .pairs(&board)
                .iter()
                .filter(|&&(_, p)| board.piece_on(p) == Some(Piece::Pawn))
                .count();
            with_pawn_pairs += usize::from(pawn_pairs > 0);
            assert_eq!(links.len(), 14 - pawn_pairs, "seed {seed}");
            for color in Color::ALL {
                assert_eq!(free_pawns(&board, &links, color), 1, "seed {seed}");
            }
            for (a, b) in links.pairs(&board) {
                assert_ne!(board.color_on(a), board.color_on(b));
                assert_eq!(board.piece_on(a), Some(Piece::Pawn));
                assert_ne!(board.piece_on(b), Some(Piece::King));
            }
            assert_eq!(picker(&board, &links), None);
        }
        assert!(with_pawn_pairs > 100, "{with_pawn_pairs} of 200");
    }

    #[test]
    fn a_side_with_seven_pawns_linked_offers_no_pawn() {
        let board = Board::default();
        let mut links = Links::default();
        // Black's pawns a7..g7 linked to White's officers and pawns: h7 is its free pawn.
        let pairs = [
            ("a7", "a2"),
            ("b7", "b2"),
            ("c7", "c2"),
            ("d7", "b1"),
            ("e7", "c1"),
            ("f7", "d1"),
            ("g7", "f1"),
        ];
        for (a, b) in pairs {
            links.link(a.parse().unwrap(), b.parse().unwrap());
        }
        assert_eq!(picker(&board, &links), Some(Color::White));
        let mut n = 0;
        for_each_pick(&board, &links, Color::White, |_, partner| {
            assert_ne!(board.piece_on(partner), Some(Piece::Pawn));
            n += 1;
        });
        assert_eq!(n, 5 * 7, "e2..h2 and d2 with any black officer");
        let why = refusal(&board, &links, Square::E2, Square::H7);
        assert!(why.contains("free pawn"), "{why}");
    }
}
