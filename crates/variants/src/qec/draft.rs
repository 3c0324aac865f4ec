//! The draft's rules (§3.1, docs/rules/qec.md): who picks next, the picks open to a side, why a
//! pick is refused; and the random mapping, a draft whose every pick the seed draws.
//!
//! A pick links one of the picker's pawns in no link to an enemy officer (queen, rook, bishop,
//! knight) in no link: never a king, never a pawn. A side drafts while fewer than all of its
//! pawns but one are linked (seven of eight), so each side keeps one pawn in no link, its
//! free pawn. While both sides draft they pick alternately, White first (the number of links
//! made decides: even, White); a side that can no longer pick (from a position with fewer
//! officers) leaves the rest to the other. The draft ends when neither side can pick: from the
//! start, after 14 picks, every officer linked.

use cozy_chess::{Board, Color, Piece, Square};
use omnichess_core::hashing::splitmix64 as mix;

use super::links::Links;

/// Whether `color` still drafts: fewer than all of its pawns but one are linked.
fn drafts(board: &Board, links: &Links, color: Color) -> bool {
    let own = board.colored_pieces(color, Piece::Pawn);
    let linked = own.iter().filter(|&p| links.partner(p).is_some()).count();
    linked + 1 < own.len() as usize
}

/// Whether the piece on `partner` may be linked now to a pawn of `picker`: an enemy officer
/// in no link.
fn open_partner(board: &Board, links: &Links, picker: Color, partner: Square) -> bool {
    board.color_on(partner) == Some(!picker)
        && links.partner(partner).is_none()
        && !matches!(
            board.piece_on(partner),
            None | Some(Piece::King | Piece::Pawn)
        )
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
        (Some(Piece::Pawn), _) => {
            "a pawn's partner is an enemy officer (queen, rook, bishop or knight), never a pawn (§3.1)"
                .into()
        }
        (Some(_), Some(c)) if c == !side && links.partner(partner).is_some() => {
            format!("the piece on {partner} is already linked")
        }
        _ => format!(
            "{partner} must hold a {} officer (queen, rook, bishop or knight)",
            name(!side)
        ),
    }
}

/// A random mapping from `seed`: the draft played out with every pick drawn by the seed. The
/// n-th draw (n = 1, 2, …) takes pick number `splitmix64(seed + n) % count` (from 0, wrapping
/// addition) among the `count` picks open to the side to pick, listed as [`for_each_pick`]
/// lists them: the picker's pawns in no link a1 to h8, for each the open partners a1 to h8.
/// So a seed gives the same mapping on every machine and build, and the mapping keeps the
/// draft's rules: seven pawns a side linked to the seven enemy officers, one pawn free.
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
        for seed in 0..200 {
            let links = random_mapping(&board, seed);
            assert_eq!(links.len(), 14, "seed {seed}");
            for color in Color::ALL {
                assert_eq!(free_pawns(&board, &links, color), 1, "seed {seed}");
            }
            for (a, b) in links.pairs(&board) {
                assert_ne!(board.color_on(a), board.color_on(b));
                assert_eq!(board.piece_on(a), Some(Piece::Pawn));
                assert!(!matches!(
                    board.piece_on(b),
                    Some(Piece::King | Piece::Pawn)
                ));
            }
            assert_eq!(picker(&board, &links), None);
        }
    }

    #[test]
    fn a_pawn_is_never_a_partner() {
        let board = Board::default();
        let links = Links::default();
        let mut n = 0;
        for_each_pick(&board, &links, Color::White, |_, partner| {
            assert!(!matches!(
                board.piece_on(partner),
                Some(Piece::King | Piece::Pawn)
            ));
            n += 1;
        });
        assert_eq!(n, 8 * 7, "any white pawn with any black officer");
        let why = refusal(&board, &links, Square::E2, Square::E7);
        assert!(why.contains("never a pawn"), "{why}");
    }
}
