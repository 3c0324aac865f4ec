//! The first layer of [`classic_net`](super::classic_net) kept between evaluations, one cache
//! per thread, so that a search's evaluation adds and takes away the rows of the few pieces a
//! move changed instead of summing every piece's (docs/PERFORMANCE.md, "The engine's search").
//!
//! The cache holds, for each ply of the game modulo [`SLOTS`], the pieces and the first layer
//! of the last position evaluated at that ply. A position starts from whichever of the slots
//! of its parent's ply, its grandparent's or its own (a sibling's) differs from it in the
//! fewest piece sets — in a depth-first search that is most often its parent — and from scratch
//! when none is within [`MOST_CHANGES`]. A view whose king changed its set or side of the
//! board starts from the last layer made in its new perspective ([`Refreshes`]). The pieces
//! are compared, not trusted: whatever a slot or a refresh entry holds, the result is the
//! integers a from-scratch sum gives, so a search stays reproducible.

use std::cell::RefCell;

use cozy_chess::{Board, Color, Piece};

use super::classic_net::{HIDDEN, Network, Refreshes, Views};
use super::material::Pieces;

/// Slots: plies of the game modulo this number.
const SLOTS: usize = 64;

/// A slot differing in more piece sets (by colour and type) than this is not updated from.
const MOST_CHANGES: u32 = 6;

/// A position evaluated: its network, pieces and first layer.
#[derive(Clone)]
struct Slot {
    /// [`Network::id`]; 0 for none.
    network: u64,
    pieces: Pieces,
    views: Views,
}

thread_local! {
    /// The last first layer of each view's perspectives ([`Refreshes`]), made on first use.
    static REFRESHES: RefCell<Option<Box<Refreshes>>> = const { RefCell::new(None) };

    /// The last position evaluated at each ply of the game modulo [`SLOTS`].
    static CACHE: RefCell<Vec<Slot>> = RefCell::new(vec![
        Slot {
            network: 0,
            pieces: Default::default(),
            views: [[0; HIDDEN]; 2],
        };
        SLOTS
    ]);
}

/// Calls `f` with the first layer of `board` (whose pieces are `pieces`) under `network`, and
/// keeps it for the evaluations to come.
pub(super) fn with_views<R>(
    network: &Network,
    board: &Board,
    pieces: &Pieces,
    f: impl FnOnce(&Views) -> R,
) -> R {
    let ply = usize::from(board.fullmove_number()) * 2
        + usize::from(board.side_to_move() == Color::Black);
    CACHE.with_borrow_mut(|slots| {
        let mut nearest = None;
        let mut fewest = MOST_CHANGES + 1;
        for back in [1, 2, 0] {
            let at = (ply + SLOTS - back) % SLOTS;
            let slot = &slots[at];
            if slot.network == network.id() {
                let n = changes(&slot.pieces, pieces);
                if n < fewest {
                    fewest = n;
                    nearest = Some(at);
                }
            }
        }
        let views = match nearest {
            Some(at) => {
                let mut views = slots[at].views;
                REFRESHES.with_borrow_mut(|refreshes| {
                    let refreshes =
                        refreshes.get_or_insert_with(|| Box::new(Refreshes::new(network)));
                    network.update(&mut views, &slots[at].pieces, pieces, refreshes);
                });
                views
            }
            None => network.views(pieces),
        };
        let slot = &mut slots[ply % SLOTS];
        *slot = Slot {
            network: network.id(),
            pieces: *pieces,
            views,
        };
        f(&slot.views)
    })
}

/// How many of the boards' piece sets (by colour and type) differ: a move changes two or
/// three. A cheap likeness; the update then costs what the squares that differ cost.
fn changes(a: &Pieces, b: &Pieces) -> u32 {
    let mut n = 0;
    for color in Color::ALL {
        for piece in Piece::ALL {
            n += u32::from(a.of(color, piece) != b.of(color, piece));
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use cozy_chess::Move;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    use super::super::classic_net::{FILE_BYTES, trained};
    use super::*;

    /// Random games, searched the way a search walks (down a line, back, a sibling): every
    /// evaluation equals the from-scratch one.
    #[test]
    fn kept_first_layers_give_the_from_scratch_scores() {
        let net = trained();
        let mut rng = StdRng::seed_from_u64(24);
        let mut checked = 0;
        for _ in 0..20 {
            let mut line = vec![Board::default()];
            for _ in 0..300 {
                let Some(board) = line.last().cloned() else {
                    break;
                };
                assert_eq!(net.evaluate(&board), net.evaluate_from_scratch(&board));
                checked += 1;
                let mut moves: Vec<Move> = Vec::new();
                board.generate_moves(|set| {
                    moves.extend(set);
                    false
                });
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                // Back a ply or two now and then, as a search returns to try a sibling.
                if rng.gen_range(0..4) == 0 && line.len() > 2 {
                    let back = rng.gen_range(1..=2);
                    line.truncate(line.len() - back);
                    continue;
                }
                let mut next = board;
                next.play_unchecked(mv);
                line.push(next);
            }
        }
        assert!(checked > 2_000, "{checked} positions checked");
    }

    /// A second network in the same thread does not read the first one's layers.
    #[test]
    fn another_network_does_not_share_the_cache() {
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
            .parse()
            .expect("a legal FEN");
        let trained = trained();
        let zero = Network::from_bytes(&[0; FILE_BYTES]).expect("the right size");
        assert_eq!(
            trained.evaluate(&board),
            trained.evaluate_from_scratch(&board)
        );
        assert_eq!(zero.evaluate(&board), 0);
        assert_eq!(
            trained.evaluate(&board),
            trained.evaluate_from_scratch(&board)
        );
    }
}
