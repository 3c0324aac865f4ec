//! The pieces each player has lost, as the snapshot's `captured` lists them: a player's
//! pieces that leave the boards on the other player's decision. A player's own decision that
//! changes a piece of theirs (a pawn promoting, a DMChess king leaving the game by its owner's
//! choice) loses nothing.
//!
//! Counting needs the view after every decision. The server keeps the losses it last counted
//! for each game ([`Captured`]), so a new decision costs the views of the new decisions only.

use std::collections::BTreeMap;

use omnichess_core::{PieceView, View};

use crate::game::loaded::{Loaded, variant};

/// At most this many decisions are counted on from known losses (past it, from the start).
const COUNT_ON: usize = 16;

/// The losses after a game's decisions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Captured {
    /// The decisions counted, in the variant's notation.
    texts: Vec<String>,
    /// The pieces each player has lost, in the order lost.
    pub lost: [Vec<PieceView>; 2],
}

impl Captured {
    /// The losses in `loaded`, whose view now is `now`: counted on from `known` when its
    /// decisions begin the game's, else from the start. Nothing where the view does not count
    /// material (5D).
    #[must_use]
    pub fn of(loaded: &Loaded, now: &View, known: Option<&Captured>) -> Captured {
        let texts = loaded.log.texts();
        if !now.counts_material {
            return Captured {
                texts,
                lost: Default::default(),
            };
        }
        known
            .filter(|k| texts.starts_with(&k.texts) && texts.len() - k.texts.len() <= COUNT_ON)
            .and_then(|k| counted_on(loaded, now, k))
            .or_else(|| from_start(loaded))
            .unwrap_or(Captured {
                texts,
                lost: Default::default(),
            })
    }
}

/// `known` counted on through the game's later decisions, on the views before each of them.
fn counted_on(loaded: &Loaded, now: &View, known: &Captured) -> Option<Captured> {
    let decisions = &loaded.log.decisions;
    if decisions.len() == known.texts.len() {
        return Some(known.clone());
    }
    let mut lost = known.lost.clone();
    let mut before = pieces(
        &loaded
            .game
            .view_before(decisions.len() - known.texts.len())?,
    );
    for (i, played) in decisions.iter().enumerate().skip(known.texts.len()) {
        let back = decisions.len() - i - 1;
        let after = if back == 0 {
            pieces(now)
        } else {
            pieces(&loaded.game.view_before(back)?)
        };
        lose(&mut lost, played.player, &before, &after);
        before = after;
    }
    Some(Captured {
        texts: loaded.log.texts(),
        lost,
    })
}

/// The losses counted over the game's decisions replayed from its start.
fn from_start(loaded: &Loaded) -> Option<Captured> {
    let row = &loaded.stored.row;
    let mut replay = (variant(&row.variant).ok()?.open)(row.start.as_deref()).ok()?;
    let mut lost: [Vec<PieceView>; 2] = Default::default();
    let mut before = pieces(&replay.view());
    for played in &loaded.log.decisions {
        replay.play(&played.text).ok()?;
        if played.player.is_none() {
            continue;
        }
        let after = pieces(&replay.view());
        lose(&mut lost, played.player, &before, &after);
        before = after;
    }
    Some(Captured {
        texts: loaded.log.texts(),
        lost,
    })
}

/// A kind of piece: its letter and its name.
type Kind = (char, &'static str);

/// The pieces of one kind on the boards: how many, and the value the variant gives each.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Count {
    pieces: usize,
    value: f32,
}

/// Each player's pieces on the boards of `view`, by kind.
fn pieces(view: &View) -> [BTreeMap<Kind, Count>; 2] {
    let mut kinds: [BTreeMap<Kind, Count>; 2] = Default::default();
    for piece in view.boards.iter().flat_map(|b| b.squares.iter().flatten()) {
        let count = kinds[usize::from(piece.player & 1)]
            .entry((piece.kind, piece.name))
            .or_default();
        count.pieces += 1;
        count.value = piece.value;
    }
    kinds
}

/// Adds to `lost` the pieces of the players other than `by` that are on the boards `before`
/// a decision by `by` and not `after` it (`by` `None`, a die roll, takes nothing). When kinds
/// change as well, as many of the vanished kinds as pieces left the boards.
fn lose(
    lost: &mut [Vec<PieceView>; 2],
    by: Option<u8>,
    before: &[BTreeMap<Kind, Count>; 2],
    after: &[BTreeMap<Kind, Count>; 2],
) {
    let Some(by) = by else { return };
    for (seat, lost) in lost.iter_mut().enumerate() {
        if usize::from(by & 1) == seat {
            continue;
        }
        let total = |kinds: &BTreeMap<Kind, Count>| kinds.values().map(|c| c.pieces).sum::<usize>();
        let gone = total(&before[seat]).saturating_sub(total(&after[seat]));
        let kinds = before[seat].iter().flat_map(|(&(kind, name), count)| {
            let left = after[seat].get(&(kind, name)).map_or(0, |c| c.pieces);
            let piece = PieceView {
                player: u8::from(seat == 1),
                kind,
                name,
                tag: None,
                value: count.value,
            };
            std::iter::repeat_n(piece, count.pieces.saturating_sub(left))
        });
        lost.extend(kinds.take(gone));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(list: &[(char, usize)]) -> BTreeMap<Kind, Count> {
        let named = |kind| match kind {
            'K' => ("king", 0.0),
            'P' => ("pawn", 1.0),
            'Q' => ("queen", 9.0),
            _ => ("rook", 5.0),
        };
        list.iter()
            .map(|&(k, pieces)| {
                let (name, value) = named(k);
                ((k, name), Count { pieces, value })
            })
            .collect()
    }

    fn letters(lost: &[Vec<PieceView>; 2]) -> [Vec<char>; 2] {
        [0, 1].map(|p| lost[p].iter().map(|v| v.kind).collect())
    }

    #[test]
    fn a_capture_loses_the_piece_a_promotion_and_a_roll_nothing() {
        let mut lost: [Vec<PieceView>; 2] = Default::default();
        let start = [kinds(&[('K', 1), ('P', 1)]), kinds(&[('K', 1), ('R', 1)])];
        // White's pawn takes the rook and promotes: Black loses the rook, White nothing.
        let after = [kinds(&[('K', 1), ('Q', 1)]), kinds(&[('K', 1)])];
        lose(&mut lost, Some(0), &start, &after);
        assert_eq!(letters(&lost), [vec![], vec!['R']]);
        assert_eq!(
            (lost[1][0].player, lost[1][0].name, lost[1][0].value),
            (1, "rook", 5.0),
            "a lost piece keeps its value"
        );
        lose(&mut lost, None, &after, &start);
        lose(&mut lost, Some(1), &after, &after);
        assert_eq!(letters(&lost), [vec![], vec!['R']]);
        // Black takes the queen.
        let taken = [kinds(&[('K', 1)]), kinds(&[('K', 1)])];
        lose(&mut lost, Some(1), &after, &taken);
        assert_eq!(letters(&lost), [vec!['Q'], vec!['R']]);
    }
}
