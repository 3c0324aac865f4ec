//! Entanglement links (§3.1, §3.4): which piece is linked to which, carried along as pieces
//! move, broken by captures and promotion, and the documented file mapping (the random
//! mapping and the draft: `draft.rs`).

use cozy_chess::{Board, Color, Piece, Square};
use omnichess_core::hashing::splitmix64 as mix;

const NONE: u8 = 64;

/// The links of a position: for every square, the square of its linked partner, if any; and a
/// display label (1, 2, …) shared by the two members of a link.
///
/// Equality and hashing look only at who is linked to whom, not at the labels, so positions
/// compare by the rules. Size: 128 bytes.
#[derive(Clone, Copy, Debug)]
pub struct Links {
    partner: [u8; 64],
    label: [u8; 64],
}

impl PartialEq for Links {
    fn eq(&self, other: &Links) -> bool {
        self.partner == other.partner
    }
}

impl Eq for Links {}

impl Default for Links {
    fn default() -> Self {
        Links {
            partner: [NONE; 64],
            label: [0; 64],
        }
    }
}

impl Links {
    /// The partner of the piece on `square`, if it is linked.
    #[must_use]
    pub fn partner(&self, square: Square) -> Option<Square> {
        Square::try_index(usize::from(self.partner[square as usize]))
    }

    /// The display label of the link on `square` (1, 2, …), if linked.
    #[must_use]
    pub fn label(&self, square: Square) -> Option<u8> {
        self.partner(square).map(|_| self.label[square as usize])
    }

    /// The number of links.
    #[must_use]
    pub fn len(&self) -> usize {
        self.partner.iter().filter(|&&p| p != NONE).count() / 2
    }

    /// Whether there is no link.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Links `a` and `b`, labelled with the next free label.
    pub fn link(&mut self, a: Square, b: Square) {
        let next = self.label.iter().copied().max().unwrap_or(0) + 1;
        self.partner[a as usize] = b as u8;
        self.partner[b as usize] = a as u8;
        self.label[a as usize] = next;
        self.label[b as usize] = next;
    }

    /// Breaks the link of the piece on `square` (§3.4), freeing both members.
    pub fn break_at(&mut self, square: Square) {
        if let Some(p) = self.partner(square) {
            for s in [square, p] {
                self.partner[s as usize] = NONE;
                self.label[s as usize] = 0;
            }
        }
    }

    /// Moves the link of the piece on `from` to `to`, as the piece moves.
    pub fn carry(&mut self, from: Square, to: Square) {
        if let Some(p) = self.partner(from) {
            self.partner[to as usize] = p as u8;
            self.partner[p as usize] = to as u8;
            self.label[to as usize] = self.label[from as usize];
            self.partner[from as usize] = NONE;
            self.label[from as usize] = 0;
        }
    }

    /// The links as (pawn square, partner square) pairs, pawn first where one member is a
    /// pawn and otherwise the lower square first, in label order.
    #[must_use]
    pub fn pairs(&self, board: &Board) -> Vec<(Square, Square)> {
        let mut pairs: Vec<(u8, Square, Square)> = Square::ALL
            .iter()
            .filter_map(|&s| self.partner(s).map(|p| (s, p)))
            .filter(|&(s, p)| {
                let s_pawn = board.piece_on(s) == Some(Piece::Pawn);
                let p_pawn = board.piece_on(p) == Some(Piece::Pawn);
                (s_pawn && !p_pawn) || (s_pawn == p_pawn && s < p)
            })
            .map(|(s, p)| (self.label[s as usize], s, p))
            .collect();
        pairs.sort();
        pairs.into_iter().map(|(_, s, p)| (s, p)).collect()
    }

    /// A hash of who is linked to whom.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let mut h = 0u64;
        for (s, &p) in self.partner.iter().enumerate() {
            if p != NONE {
                h ^= mix((s as u64) << 8 | u64::from(p));
            }
        }
        h
    }
}

/// The non-king, non-pawn pieces ("officers") of `color`, a1 to h8.
pub(super) fn officers(board: &Board, color: Color) -> Vec<Square> {
    let mask = board.colors(color) & !board.pieces(Piece::Pawn) & !board.pieces(Piece::King);
    mask.iter().collect()
}

/// The pawns of `color`, a1 to h8.
pub(super) fn pawns(board: &Board, color: Color) -> Vec<Square> {
    board.colored_pieces(color, Piece::Pawn).iter().collect()
}

/// The file mapping (the default start's documented mapping): every pawn is linked to the
/// enemy officer on its own file; the pawns on the kings' file (e2, e7) are the free pawns.
/// Where a file has no enemy officer, the pawn stays free.
#[must_use]
pub fn file_mapping(board: &Board) -> Links {
    let mut links = Links::default();
    for color in Color::ALL {
        let theirs = officers(board, !color);
        for pawn in pawns(board, color) {
            if let Some(&o) = theirs.iter().find(|o| o.file() == pawn.file())
                && links.partner(o).is_none()
            {
                links.link(pawn, o);
            }
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_mapping_links_seven_pawns_per_side_and_frees_the_e_pawns() {
        let board = Board::default();
        let links = file_mapping(&board);
        assert_eq!(links.len(), 14);
        assert_eq!(links.partner(Square::B2), Some(Square::B8));
        assert_eq!(links.partner(Square::G7), Some(Square::G1));
        assert_eq!(links.partner(Square::E2), None);
        assert_eq!(links.partner(Square::E7), None);
        assert_eq!(links.label(Square::A2), links.label(Square::A8));
    }

    #[test]
    fn links_follow_pieces_and_break_for_both() {
        let mut links = Links::default();
        links.link(Square::E2, Square::B8);
        links.carry(Square::E2, Square::E4);
        assert_eq!(links.partner(Square::B8), Some(Square::E4));
        assert_eq!(links.partner(Square::E2), None);
        links.break_at(Square::B8);
        assert!(links.is_empty());
        assert_eq!(links.partner(Square::E4), None);
    }
}
