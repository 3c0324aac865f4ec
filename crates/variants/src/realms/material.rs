//! Rule R.5: the dead position (Article 5.2.2 as the seed words it). The game is drawn when
//! both kings stand on Earth and no series of legal moves gets either of them checkmated on
//! Earth or forced off it, the moves where that king leaves Earth by choice not considered.
//!
//! [`dead`] decides it first by the seed's table of values where it speaks (ruling R.5.1: a
//! king and one unstarred piece that cannot promote to a starred one are "not sufficient
//! mating material" against a bare king on Earth), and otherwise by a short search over
//! every series of legal moves ([`HORIZON`] plies): a king is safe when its opponent has
//! nothing but the king and it has at most one piece of its own (ruling R.5.3), and a series
//! that keeps the opponent some material up to the horizon is taken to reach a win (ruling
//! R.5.4). The search alone ([`Standard::Series`]) is checked for every king and piece
//! against a bare king by the retrograde analysis of [`super::endgame`] in its
//! [`super::endgame::Series::Any`] form.

use omnichess_core::{Game, Player};

use super::board::Board;
use super::piece::Kind;
use super::square;
use super::state::{Move, Realms};

/// The plies the search looks ahead (ruling R.5.4).
pub const HORIZON: u32 = 4;

/// The pieces of `player` other than the king.
fn material(board: &Board, player: Player) -> u32 {
    board.owned(player).len().saturating_sub(1)
}

/// Whether `player`'s king stands on Earth.
fn on_earth(board: &Board, player: Player) -> bool {
    board
        .king(player)
        .is_some_and(|king| square::level(king) == 1)
}

/// How a king's safety is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standard {
    /// The game's rule (R.5.1): the seed's table where it speaks, else the search.
    Table,
    /// The search alone (R.5.4), as the retrograde analysis checks it.
    Series,
}

/// Whether `game` is a dead position (ruling R.5): both kings on Earth, and neither can be
/// checkmated on Earth or forced off it by any series of legal moves, the seed's table
/// deciding a king and one piece against a bare king (R.5.1).
#[must_use]
pub fn dead(game: &Realms) -> bool {
    dead_by(game, Standard::Table)
}

/// [`dead`] by `standard`.
#[must_use]
pub fn dead_by(game: &Realms, standard: Standard) -> bool {
    if !Player::BOTH.into_iter().all(|p| on_earth(&game.board, p)) {
        return false;
    }
    let mut scratch = scratch(game);
    // The king whose opponent has more material first: a series that keeps that material to
    // the horizon is found at once, and then the other king's search (which, against a bare
    // king, must look at every series to find none) is not needed.
    let mut kings = Player::BOTH;
    kings.sort_by_key(|&king| std::cmp::Reverse(material(&game.board, king.opponent())));
    kings
        .into_iter()
        .all(|king| !can_lose(&mut scratch, king, HORIZON, standard))
}

/// Whether `flagged` running out of time in `game` is a draw (ruling R.5.2, Article 6.9 as
/// the seed words it): `flagged`'s king stands on Earth and cannot be checkmated there or
/// forced off it (the standard of [`dead`], for that king alone).
#[must_use]
pub fn flag_fall_drawn(game: &Realms, flagged: Player) -> bool {
    on_earth(&game.board, flagged)
        && !can_lose(&mut scratch(game), flagged, HORIZON, Standard::Table)
}

/// Whether the seed's table calls `owner`'s material, a king and one piece, "not sufficient
/// mating material against a bare king on Earth" (ruling R.5.1): the piece is not starred and
/// cannot "successfully promote" to a starred kind. A pawn or an imp may become a grandmaster
/// or a fiend; a horse becomes a pegasus, unstarred; a fallen angel facing a bare king
/// imitates that king, unless a position text has it imitate a pawn or an imp now.
fn table_insufficient(game: &Realms, owner: Player) -> bool {
    let king = game.board.king(owner);
    let Some(piece) = game
        .board
        .owned(owner)
        .squares()
        .filter(|&sq| Some(sq) != king)
        .find_map(|sq| game.board.piece(sq))
    else {
        return false;
    };
    let promotes_to_a_star = match piece.kind {
        Kind::Pawn | Kind::Imp => true,
        Kind::Fallen => {
            game.side == owner
                && game
                    .last
                    .and_then(Kind::promotion)
                    .is_some_and(Kind::mates_alone)
        }
        _ => false,
    };
    !piece.kind.mates_alone() && !promotes_to_a_star
}

/// A copy of `game` without its history, for the search.
fn scratch(game: &Realms) -> Realms {
    Realms {
        board: game.board.clone(),
        side: game.side,
        castling: game.castling,
        ep: game.ep,
        halfmoves: game.halfmoves,
        fullmoves: game.fullmoves,
        last: game.last,
        history: Vec::new(),
    }
}

/// Whether `move` takes `loser`'s king off Earth.
fn departs(game: &Realms, loser: Player, mv: Move) -> bool {
    game.board.king(loser) == Some(mv.from) && square::level(mv.to) != 1
}

/// Whether some series of legal moves from `game` gets `loser`'s king (on Earth) checkmated
/// on Earth or forced off it, `loser`'s moves off Earth by choice not considered: decided
/// within `plies` plies, a series that keeps the opponent material up to there counted as
/// reaching it, one that leaves the opponent nothing as not (ruling R.5.4); by
/// [`Standard::Table`], a bare `loser` facing a king and one piece the seed's table calls
/// insufficient as not either (ruling R.5.1).
pub(super) fn can_lose(game: &mut Realms, loser: Player, plies: u32, standard: Standard) -> bool {
    let them = loser.opponent();
    // Each ply takes at most one piece: the opponent keeps material to the horizon.
    if material(&game.board, them) > plies {
        return true;
    }
    let mut moves = Vec::new();
    game.decisions(&mut moves);
    if game.side == loser {
        if moves.is_empty() {
            return game.in_check(); // checkmated on Earth, or stalemate: the game ends
        }
        if moves.iter().all(|&m| departs(game, loser, m)) {
            return true; // forced off Earth
        }
        moves.retain(|&m| !departs(game, loser, m));
    }
    if material(&game.board, them) == 0 && material(&game.board, loser) <= 1 {
        return false; // ruling R.5.3
    }
    if standard == Standard::Table
        && material(&game.board, loser) == 0
        && material(&game.board, them) == 1
        && table_insufficient(game, them)
    {
        return false; // ruling R.5.1: the seed's table
    }
    if plies == 0 {
        return material(&game.board, them) > 0; // ruling R.5.4
    }
    moves.into_iter().any(|m| {
        game.apply(m);
        let lost = can_lose(game, loser, plies - 1, standard);
        game.undo();
        lost
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use omnichess_core::{Game, Notation, Player};

    use super::{HORIZON, Standard, can_lose, dead, departs};
    use crate::realms::state::Realms;

    /// Every position reachable from `game` by a series of legal moves that keeps `loser`'s
    /// king on Earth (its moves off Earth by choice not considered), searched exhaustively
    /// with no horizon and no shortcut: whether one has that king mated on Earth or forced
    /// off it.
    fn reachable_loss(game: &Realms, loser: Player) -> bool {
        let mut seen = HashSet::new();
        let mut stack = vec![game.clone()];
        while let Some(mut game) = stack.pop() {
            game.history.clear();
            if !seen.insert(game.hash()) {
                continue;
            }
            let mut moves = Vec::new();
            game.decisions(&mut moves);
            if game.side == loser {
                if moves.is_empty() && game.in_check() {
                    return true;
                }
                if !moves.is_empty() && moves.iter().all(|&m| departs(&game, loser, m)) {
                    return true;
                }
                moves.retain(|&m| !departs(&game, loser, m));
            }
            for m in moves {
                let mut next = game.clone();
                next.apply(m);
                stack.push(next);
            }
        }
        false
    }

    fn position(text: &str) -> Realms {
        Realms::from_position_text(text).expect("position reads")
    }

    /// Ruling R.5.3 against the exhaustive search: bare kings on Earth can never lose, with
    /// either king free to leave Earth while the other is examined.
    #[test]
    fn r5_3_bare_kings_agree_with_the_exhaustive_search() {
        for text in [
            "8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/8|8/8/8/3k4/8/1K6/8/8|8/8/8/8/8/8/8/8 b - - 0 1",
        ] {
            let game = position(text);
            assert!(dead(&game), "{text}");
            for loser in Player::BOTH {
                assert!(!reachable_loss(&game, loser), "{text}: {loser}");
            }
        }
    }

    /// Ruling R.5.4 against the exhaustive search where it is small: a rook the bare king
    /// must take (every series ends in bare kings), and the same rook guarded (Black is forced
    /// off Earth at once).
    #[test]
    fn r5_4_a_piece_that_must_be_taken_agrees_with_the_exhaustive_search() {
        let forced = position("8/8/8/8/8/8/8/8|7K/8/8/8/8/8/1R6/k7|8/8/8/8/8/8/8/8 b - - 0 1");
        let mut scratch = forced.clone();
        assert!(!can_lose(
            &mut scratch,
            Player::Black,
            HORIZON,
            Standard::Table
        ));
        assert!(!reachable_loss(&forced, Player::Black));
        assert!(dead(&forced));
        let guarded = position("8/8/8/8/8/8/8/8|8/8/8/8/8/2K5/1R6/k7|8/8/8/8/8/8/8/8 b - - 0 1");
        let mut scratch = guarded.clone();
        assert!(can_lose(
            &mut scratch,
            Player::Black,
            HORIZON,
            Standard::Table
        ));
        assert!(reachable_loss(&guarded, Player::Black));
        assert!(!dead(&guarded));
    }

    /// Ruling R.5.4 with a bare king against two pieces, either colour strong: the strong
    /// king cannot lose (its search must look at every series), the bare one can, so the
    /// position is not dead whichever king [`dead`] asks about first.
    #[test]
    fn r5_4_two_pieces_against_a_bare_king_is_not_dead_for_either_colour() {
        for (text, strong) in [
            (
                "8/8/8/8/8/8/8/8|7K/8/8/8/8/8/1RR5/k7|8/8/8/8/8/8/8/8 w - - 0 1",
                Player::White,
            ),
            (
                "8/8/8/8/8/8/8/8|7k/8/8/8/8/8/1rr5/K7|8/8/8/8/8/8/8/8 b - - 0 1",
                Player::Black,
            ),
        ] {
            let game = position(text);
            let mut scratch = game.clone();
            assert!(
                !can_lose(&mut scratch, strong, HORIZON, Standard::Table),
                "{text}"
            );
            assert!(can_lose(
                &mut scratch,
                strong.opponent(),
                HORIZON,
                Standard::Table
            ));
            assert!(!dead(&game), "{text}");
        }
    }
}
