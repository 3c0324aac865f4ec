//! Retrograde analysis of rule R.5: a king and one piece against a bare king held on Earth.
//!
//! The seed draws the game when a king on Earth "can neither get checkmated while staying on
//! Earth nor get forced to leave Earth", ignoring moves that leave Earth voluntarily, and
//! stars the pieces that are "sufficient mating material against a bare king on Earth". This
//! module decides it exactly for one White piece `X` of each kind that cannot promote:
//!
//! * **States**: White's king anywhere (192 squares), `X` anywhere it can stand (an angel
//!   only above the underworld, and as a fallen angel anywhere after it fell), Black's king on
//!   one of the Earth's 64 squares; either side to move.
//! * **Black** considers only king moves that stay on Earth. A Black-to-move state is a
//!   **White win** when Black is checkmated (in check, no legal move at all), or when Black
//!   has no legal move on Earth but one off it (forced to leave Earth), or when every legal
//!   Earth move leads to a White win. Taking `X` on Earth leaves bare kings: a draw; taking it
//!   off Earth is leaving Earth, considered only when forced. No legal move and not in check:
//!   stalemate, a draw.
//! * **White** wins a White-to-move state when some legal move reaches a won state.
//! * A fallen angel imitates the kind Black moved last, the king: it moves as a king, never
//!   gives check, and Black may not move where it would attack Black's king (rule R.3).
//!
//! The wins are found by iteration to a fixed point: each pass marks the White-to-move states
//! with a move to a known win, then the Black-to-move states all of whose Earth moves reach
//! known wins; a state first won in pass `n` is won in `n` White moves. Memory: one byte per
//! state, `2 × 192 × 64 × |X's squares|` (4.7 MB for most kinds, 7.9 MB for the angel).
//! Time: seconds per kind in release (`cargo run --release -p omnichess-variants --features tools --example
//! realms_endgame`).

use omnichess_core::Player;

use super::bits::Bits;
use super::board::Board;
use super::material;
use super::movegen::attacks_as;
use super::piece::{Kind, Piece};
use super::square::{self, SQUARES};
use super::state::Realms;
use super::tables::tables;

/// The kinds that cannot promote: those R.5's analysis decides.
pub const ANALYSED: [Kind; 13] = [
    Kind::Rook,
    Kind::Knight,
    Kind::Bishop,
    Kind::Queen,
    Kind::Grandmaster,
    Kind::Silver,
    Kind::Pegasus,
    Kind::Angel,
    Kind::Warmachine,
    Kind::Scholar,
    Kind::Elephant,
    Kind::Fallen,
    Kind::Fiend,
];

/// What the analysis of one kind found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The kind analysed.
    pub kind: Kind,
    /// Legal Black-to-move positions.
    pub positions: u64,
    /// Of those, the positions where Black cannot take `X` at once.
    pub safe: u64,
    /// Black-to-move positions White wins.
    pub wins: u64,
    /// Of the safe positions, those White wins.
    pub safe_wins: u64,
    /// The most White moves any won Black-to-move position needs.
    pub longest: u32,
}

impl Analysis {
    /// Whether the kind is sufficient alone: White wins most of the positions where `X` is
    /// not en prise (ruling R.5.2).
    #[must_use]
    pub fn sufficient(&self) -> bool {
        2 * self.safe_wins > self.safe
    }

    /// The share of safe positions White wins, in per cent.
    #[must_use]
    pub fn safe_win_percent(&self) -> f64 {
        if self.safe == 0 {
            0.0
        } else {
            100.0 * self.safe_wins as f64 / self.safe as f64
        }
    }
}

/// Which series of moves the analysis looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Series {
    /// White forces the win: every Earth move of Black's must lead to a win (the seed's
    /// "sufficient mating material", compared with its stars in docs/rules/realms.md).
    Forced,
    /// Any series of legal moves, Black cooperating: one Earth move of Black's leading to a
    /// win is enough (Article 5.2.2's "any series of legal moves", ruling R.5).
    Any,
}

/// Unknown (not a win so far), or illegal.
const OPEN: u8 = 0;
const ILLEGAL: u8 = 255;

/// The positions of `X` (kind and square) the analysis of `kind` ranges over.
fn slots(kind: Kind) -> Vec<(Kind, u8)> {
    let mut out = Vec::new();
    for sq in 0..SQUARES as u8 {
        if kind != Kind::Angel || square::level(sq) > 0 {
            out.push((kind, sq));
        }
    }
    if kind == Kind::Angel {
        out.extend((0..SQUARES as u8).map(|sq| (Kind::Fallen, sq)));
    }
    out
}

/// The analysis of one kind: its state space and the wins found so far.
struct Solver {
    series: Series,
    slots: Vec<(Kind, u8)>,
    /// Slot of each (kind is fallen?, square), for moves that land somewhere.
    slot_of: Vec<Option<u32>>,
    /// Pass in which each Black-to-move / White-to-move state was won (`OPEN`, `ILLEGAL`).
    black: Vec<u8>,
    white: Vec<u8>,
}

const WHITE: Player = Player::White;
const BLACK: Player = Player::Black;

#[inline]
fn index(slot: usize, wk: u8, bk: u8) -> usize {
    (slot * SQUARES + wk as usize) * 64 + (bk as usize - 64)
}

/// The squares a piece of `kind` of `player` on `from` may move to when `occupied` holds
/// the pieces (quiet moves only: `X` never captures here, there is nothing but a king to
/// take).
fn quiet_targets(kind: Kind, player: Player, from: u8, occupied: Bits) -> Bits {
    let t = tables();
    let mut out = t.push(kind, player, from) & !occupied;
    for &dir in &t.rides(kind, player, square::level(from)).dirs {
        for &to in t.ray(from, dir) {
            if occupied.has(to) {
                break;
            }
            out.set(to);
        }
    }
    out
}

/// A White move in the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WhiteMove {
    /// The king goes to the square.
    King(u8),
    /// `X` goes to the square, as the kind it is there.
    Piece(Kind, u8),
}

/// Calls `each` with White's legal moves until it returns `true`: king moves not onto `X`
/// and out of the Black king's reach; `X`'s quiet moves unless Black's king checks White's (a fallen angel moving as the king Black
/// moved last; an angel entering the underworld falls).
fn white_moves(kind: Kind, x: u8, wk: u8, bk: u8, each: &mut dyn FnMut(WhiteMove) -> bool) {
    let t = tables();
    let black_reach = t.take(Kind::King, BLACK, bk);
    for to in t.take(Kind::King, WHITE, wk).squares() {
        if to != x && to != bk && !black_reach.has(to) && each(WhiteMove::King(to)) {
            return;
        }
    }
    // Kings move differently by realm, so Black's king can check White's (a king on Earth
    // steps in 26 directions, one elsewhere only orthogonally): then only the king may move.
    if black_reach.has(wk) {
        return;
    }
    let moves_as = if kind == Kind::Fallen {
        Kind::King
    } else {
        kind
    };
    let occupied = Bits::of(wk) | Bits::of(x) | Bits::of(bk);
    for to in quiet_targets(moves_as, WHITE, x, occupied).squares() {
        let after = if kind == Kind::Angel && square::level(to) == 0 {
            Kind::Fallen
        } else {
            kind
        };
        if each(WhiteMove::Piece(after, to)) {
            return;
        }
    }
}

impl Solver {
    fn new(kind: Kind, series: Series) -> Solver {
        let slots = slots(kind);
        let mut slot_of = vec![None; 2 * SQUARES];
        for (i, &(k, sq)) in slots.iter().enumerate() {
            slot_of
                [usize::from(k == Kind::Fallen && kind != Kind::Fallen) * SQUARES + sq as usize] =
                Some(i as u32);
        }
        let n = slots.len() * SQUARES * 64;
        Solver {
            series,
            slots,
            slot_of,
            black: vec![OPEN; n],
            white: vec![OPEN; n],
        }
    }

    /// The slot of `X` as `kind` on `sq`, where the analysis has one.
    fn slot(&self, analysed: Kind, kind: Kind, sq: u8) -> Option<usize> {
        let fallen = usize::from(kind == Kind::Fallen && analysed != Kind::Fallen);
        self.slot_of[fallen * SQUARES + sq as usize].map(|s| s as usize)
    }

    /// Whether White attacks `target` (the king and `X`; a fallen angel never checks).
    fn white_attacks(kind: Kind, x: u8, wk: u8, target: u8, occupied: Bits) -> bool {
        tables().take(Kind::King, WHITE, wk).has(target)
            || (kind != Kind::Fallen && attacks_as(kind, WHITE, x, target, occupied))
    }

    /// Black's legal king moves from `bk`: the Earth moves that do not take `X` into
    /// `earth`, and (whether one takes `X` on Earth, whether any move off Earth is legal — a
    /// capture there included).
    fn black_moves(kind: Kind, x: u8, wk: u8, bk: u8, earth: &mut Vec<u8>) -> (bool, bool) {
        earth.clear();
        let (mut takes, mut off) = (false, false);
        let base = Bits::of(wk) | Bits::of(x);
        for to in tables().take(Kind::King, BLACK, bk).squares() {
            if to == wk {
                continue;
            }
            let legal = if to == x {
                // Taking X: only the White king can then attack the square.
                !tables().take(Kind::King, WHITE, wk).has(to)
            } else {
                let occupied = base | Bits::of(to);
                let fallen_attack =
                    kind == Kind::Fallen && attacks_as(Kind::King, WHITE, x, to, occupied);
                !fallen_attack && !Solver::white_attacks(kind, x, wk, to, occupied)
            };
            if !legal {
                continue;
            }
            if to == x && square::level(to) == 1 {
                takes = true;
            } else if square::level(to) == 1 {
                earth.push(to);
            } else {
                off = true;
            }
        }
        (takes, off)
    }

    /// Marks the illegal states and the Black-to-move states won at once (mate, forced off
    /// Earth) with pass 1.
    fn start(&mut self) {
        let mut earth = Vec::new();
        for (slot, &(kind, x)) in self.slots.iter().enumerate() {
            for wk in 0..SQUARES as u8 {
                for bk in 64..128u8 {
                    let i = index(slot, wk, bk);
                    if wk == x || bk == x || bk == wk {
                        self.black[i] = ILLEGAL;
                        self.white[i] = ILLEGAL;
                        continue;
                    }
                    let occupied = Bits::of(wk) | Bits::of(x) | Bits::of(bk);
                    let check = Solver::white_attacks(kind, x, wk, bk, occupied);
                    // White to move: Black may not be in check, nor attacked by a fallen
                    // angel imitating the king Black just moved (R.3: that move was illegal).
                    if check
                        || (kind == Kind::Fallen && attacks_as(Kind::King, WHITE, x, bk, occupied))
                    {
                        self.white[i] = ILLEGAL;
                    }
                    // Black to move: White's king may not be attacked by Black's.
                    if tables().take(Kind::King, BLACK, bk).has(wk) {
                        self.black[i] = ILLEGAL;
                        continue;
                    }
                    let (takes, off) = Solver::black_moves(kind, x, wk, bk, &mut earth);
                    if earth.is_empty() && !takes && (off || check) {
                        self.black[i] = 1;
                    }
                }
            }
        }
    }

    /// One pass: White-to-move states with a move to a won state, then Black-to-move states
    /// whose every Earth move reaches a won state. Returns how many states were won.
    fn pass(&mut self, analysed: Kind, number: u8) -> u64 {
        let mut found = 0;
        for slot in 0..self.slots.len() {
            let (kind, x) = self.slots[slot];
            for wk in 0..SQUARES as u8 {
                for bk in 64..128u8 {
                    let i = index(slot, wk, bk);
                    if self.white[i] == OPEN && self.white_wins(analysed, kind, x, wk, bk) {
                        self.white[i] = number;
                        found += 1;
                    }
                }
            }
        }
        let mut earth = Vec::new();
        for slot in 0..self.slots.len() {
            let (kind, x) = self.slots[slot];
            for wk in 0..SQUARES as u8 {
                for bk in 64..128u8 {
                    let i = index(slot, wk, bk);
                    if self.black[i] != OPEN {
                        continue;
                    }
                    let (takes, _) = Solver::black_moves(kind, x, wk, bk, &mut earth);
                    if earth.is_empty() || (takes && self.series == Series::Forced) {
                        continue; // stalemate, or Black takes X: bare kings
                    }
                    let won = |to: &u8| {
                        let w = self.white[index(slot, wk, *to)];
                        w != OPEN && w != ILLEGAL && w <= number
                    };
                    let lost = match self.series {
                        Series::Forced => earth.iter().all(won),
                        Series::Any => earth.iter().any(won),
                    };
                    if lost {
                        self.black[i] = number + 1;
                        found += 1;
                    }
                }
            }
        }
        found
    }

    /// Whether White, to move, has a move to a Black-to-move state already won.
    fn white_wins(&self, analysed: Kind, kind: Kind, x: u8, wk: u8, bk: u8) -> bool {
        let mut wins = false;
        white_moves(kind, x, wk, bk, &mut |m| {
            let (slot, wk) = match m {
                WhiteMove::King(to) => (self.slot(analysed, kind, x), to),
                WhiteMove::Piece(after, to) => (self.slot(analysed, after, to), wk),
            };
            if let Some(slot) = slot {
                let b = self.black[index(slot, wk, bk)];
                wins = b != OPEN && b != ILLEGAL;
            }
            wins
        });
        wins
    }

    fn summary(&self, analysed: Kind) -> Analysis {
        let mut a = Analysis {
            kind: analysed,
            positions: 0,
            safe: 0,
            wins: 0,
            safe_wins: 0,
            longest: 0,
        };
        let mut earth = Vec::new();
        for (slot, &(kind, x)) in self.slots.iter().enumerate() {
            for wk in 0..SQUARES as u8 {
                for bk in 64..128u8 {
                    let b = self.black[index(slot, wk, bk)];
                    if b == ILLEGAL {
                        continue;
                    }
                    let (takes, _) = Solver::black_moves(kind, x, wk, bk, &mut earth);
                    a.positions += 1;
                    a.safe += u64::from(!takes);
                    if b != OPEN {
                        a.wins += 1;
                        a.safe_wins += u64::from(!takes);
                        a.longest = a.longest.max(u32::from(b));
                    }
                }
            }
        }
        a
    }
}

/// The real position of a state: Black (or White) to move, the last kind moved the king
/// for White to move (so a fallen angel imitates it), `X`'s kind for Black to move.
fn real(kind: Kind, x: u8, wk: u8, bk: u8, side: Player) -> Realms {
    let mut board = Board::default();
    board.put(
        wk,
        Piece {
            player: WHITE,
            kind: Kind::King,
        },
    );
    board.put(
        x,
        Piece {
            player: WHITE,
            kind,
        },
    );
    board.put(
        bk,
        Piece {
            player: BLACK,
            kind: Kind::King,
        },
    );
    Realms {
        board,
        side,
        castling: 0,
        ep: None,
        halfmoves: 0,
        fullmoves: 1,
        last: Some(if side == WHITE { Kind::King } else { kind }),
        history: Vec::new(),
    }
}

/// The result of one position: `Some(n)` when White wins within `n` passes of the fixed
/// point (Black to move: `n - 1` White moves; White to move: `n`), `None` when White does not
/// win (or the position is illegal).
pub type Verdict = Option<u32>;

/// A solved kind: the summary and every position's verdict.
pub struct Solution {
    /// The summary.
    pub summary: Analysis,
    solver: Solver,
}

impl Solution {
    /// The verdict with `to_move` to move, `X` (of `kind`: the analysed kind, or a fallen
    /// angel once an angel fell) on `x`, the kings on `wk` and `bk` (on Earth).
    #[must_use]
    pub fn verdict(&self, to_move: Player, kind: Kind, x: u8, wk: u8, bk: u8) -> Verdict {
        if square::level(bk) != 1 {
            return None;
        }
        let slot = self.solver.slot(self.summary.kind, kind, x)?;
        let table = match to_move {
            Player::White => &self.solver.white,
            Player::Black => &self.solver.black,
        };
        match table[index(slot, wk, bk)] {
            OPEN | ILLEGAL => None,
            n => Some(u32::from(n)),
        }
    }

    /// Every won position as a line `w|b X WK BK` (side to move, `X`'s square, White's and
    /// Black's king), as the example's `--won` prints them.
    #[must_use]
    pub fn won_lines(&self) -> Vec<String> {
        self.won()
            .into_iter()
            .map(|(player, _, x, wk, bk)| {
                let side = if player == Player::White { 'w' } else { 'b' };
                format!(
                    "{side} {} {} {}",
                    square::name(x),
                    square::name(wk),
                    square::name(bk)
                )
            })
            .collect()
    }

    /// Every won position: side to move, `X`'s kind and square, White's and Black's king.
    #[must_use]
    pub fn won(&self) -> Vec<(Player, Kind, u8, u8, u8)> {
        let mut out = Vec::new();
        for (slot, &(kind, x)) in self.solver.slots.iter().enumerate() {
            for wk in 0..SQUARES as u8 {
                for bk in 64..128u8 {
                    let i = index(slot, wk, bk);
                    for (player, table) in [
                        (Player::White, &self.solver.white),
                        (Player::Black, &self.solver.black),
                    ] {
                        if !matches!(table[i], OPEN | ILLEGAL) {
                            out.push((player, kind, x, wk, bk));
                        }
                    }
                }
            }
        }
        out
    }
}

impl Solution {
    /// Compares the draw rule's search ([`material::dead_by`] by
    /// [`material::Standard::Series`], which decides every position the seed's table does
    /// not) with this solution, which must be of [`Series::Any`], in every legal position with
    /// both kings on Earth, either side to move: it must call dead exactly the positions from
    /// which no series reaches Black's king lost. Returns the number of positions compared and the texts of those where they
    /// disagree.
    #[must_use]
    pub fn dead_rule_disagreements(&self) -> (u64, Vec<String>) {
        let (mut compared, mut disagree) = (0, Vec::new());
        for (slot, &(kind, x)) in self.solver.slots.iter().enumerate() {
            for wk in 64..128u8 {
                for bk in 64..128u8 {
                    let i = index(slot, wk, bk);
                    for (side, table) in [(WHITE, &self.solver.white), (BLACK, &self.solver.black)]
                    {
                        if table[i] == ILLEGAL {
                            continue;
                        }
                        let game = real(kind, x, wk, bk, side);
                        compared += 1;
                        let dead = material::dead_by(&game, material::Standard::Series);
                        if dead == (table[i] != OPEN) {
                            disagree.push(game.text());
                        }
                    }
                }
            }
        }
        (compared, disagree)
    }
}

/// Solves `kind`: the fixed point of White's forced wins.
#[must_use]
pub fn solve(kind: Kind) -> Solution {
    solve_series(kind, Series::Forced)
}

/// Solves `kind` for `series`: the fixed point of the positions from which such a series
/// reaches Black's king mated on Earth or forced off it.
#[must_use]
pub fn solve_series(kind: Kind, series: Series) -> Solution {
    let mut solver = Solver::new(kind, series);
    solver.start();
    let mut number = 1u8;
    while number < ILLEGAL - 1 && solver.pass(kind, number) > 0 {
        number += 1;
    }
    Solution {
        summary: solver.summary(kind),
        solver,
    }
}

/// Analyses `kind` (see the module's documentation).
#[must_use]
pub fn analyse(kind: Kind) -> Analysis {
    solve(kind).summary
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use omnichess_core::Game;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// The analysis's moves agree with the real move generator in random legal states of
    /// every analysed kind, both sides to move.
    #[test]
    fn the_analysis_moves_as_the_game_does() {
        let mut rng = StdRng::seed_from_u64(5);
        for analysed in ANALYSED {
            let slots = slots(analysed);
            let mut checked = 0;
            while checked < 300 {
                let (kind, x) = slots[rng.gen_range(0..slots.len())];
                let wk = rng.gen_range(0..SQUARES as u8);
                let bk = rng.gen_range(64..128u8);
                if wk == x || bk == x || bk == wk {
                    continue;
                }
                let occupied = Bits::of(wk) | Bits::of(x) | Bits::of(bk);
                let check = Solver::white_attacks(kind, x, wk, bk, occupied);
                // Black to move.
                if !tables().take(Kind::King, BLACK, bk).has(wk) {
                    let game = real(kind, x, wk, bk, BLACK);
                    let mut list = Vec::new();
                    game.decisions(&mut list);
                    let real_targets: BTreeSet<u8> = list.iter().map(|m| m.to).collect();
                    let mut earth = Vec::new();
                    let (takes, off) = Solver::black_moves(kind, x, wk, bk, &mut earth);
                    let earth_real: BTreeSet<u8> = real_targets
                        .iter()
                        .copied()
                        .filter(|&t| square::level(t) == 1 && t != x)
                        .collect();
                    assert_eq!(
                        earth_real,
                        earth.iter().copied().collect(),
                        "{}",
                        game.text()
                    );
                    let takes_real = real_targets.contains(&x) && square::level(x) == 1;
                    assert_eq!(takes_real, takes, "{}", game.text());
                    let off_real = real_targets.iter().any(|&t| square::level(t) != 1);
                    assert_eq!(off_real, off, "{}", game.text());
                    assert_eq!(game.in_check(), check, "{}", game.text());
                    checked += 1;
                }
                // White to move.
                let fallen_attack =
                    kind == Kind::Fallen && attacks_as(Kind::King, WHITE, x, bk, occupied);
                if !check && !fallen_attack {
                    let game = real(kind, x, wk, bk, WHITE);
                    let mut list = Vec::new();
                    game.decisions(&mut list);
                    let real_moves: BTreeSet<(u8, u8)> =
                        list.iter().map(|m| (m.from, m.to)).collect();
                    let mut moves = BTreeSet::new();
                    white_moves(kind, x, wk, bk, &mut |m| {
                        moves.insert(match m {
                            WhiteMove::King(to) => (wk, to),
                            WhiteMove::Piece(_, to) => (x, to),
                        });
                        false
                    });
                    assert_eq!(real_moves, moves, "{}", game.text());
                }
            }
        }
    }

    /// White wins `game` (Black to move, held on Earth) within `moves` White moves, by the
    /// real move generator: an AND-OR search independent of the fixed point.
    fn black_lost(game: &mut Realms, moves: u32) -> bool {
        let mut list = Vec::new();
        game.decisions(&mut list);
        let earth: Vec<_> = list
            .iter()
            .copied()
            .filter(|m| square::level(m.to) == 1)
            .collect();
        if earth.is_empty() {
            // Mate, or forced off Earth; stalemate is no win.
            return !list.is_empty() || game.in_check();
        }
        if moves == 0 || game.board.occupied().len() < 3 {
            return false;
        }
        earth.into_iter().all(|m| {
            game.apply(m);
            let won = game.board.occupied().len() == 3 && white_wins_within(game, moves);
            game.undo();
            won
        })
    }

    fn white_wins_within(game: &mut Realms, moves: u32) -> bool {
        let mut list = Vec::new();
        game.decisions(&mut list);
        list.into_iter().any(|m| {
            game.apply(m);
            let won = black_lost(game, moves - 1);
            game.undo();
            won
        })
    }

    /// The fixed point's wins in one or two White moves are wins by the game's own rules, and
    /// states it does not win are not won in one move by them either.
    #[test]
    fn short_wins_agree_with_a_search_by_the_real_rules() {
        let solution = solve(Kind::Queen);
        let summary = solution.summary;
        assert!(summary.wins > 0 && summary.wins < summary.positions);
        let mut rng = StdRng::seed_from_u64(9);
        let (mut won, mut open) = (0, 0);
        while won < 40 || open < 40 {
            let x = rng.gen_range(0..SQUARES as u8);
            let wk = rng.gen_range(0..SQUARES as u8);
            let bk = rng.gen_range(64..128u8);
            if wk == x || bk == x || bk == wk || tables().take(Kind::King, BLACK, bk).has(wk) {
                continue;
            }
            let mut game = real(Kind::Queen, x, wk, bk, BLACK);
            match solution.verdict(BLACK, Kind::Queen, x, wk, bk) {
                Some(n) if n <= 3 && won < 40 => {
                    assert!(black_lost(&mut game, n - 1), "{} in {n}", game.text());
                    won += 1;
                }
                None if open < 40 => {
                    assert!(!black_lost(&mut game, 1), "{}", game.text());
                    open += 1;
                }
                _ => {}
            }
        }
    }

    /// Ruling R.5.4 on small cases in debug: for the queen, every position with both kings
    /// on Earth from which no series reaches Black's king lost is dead by the draw rule, and
    /// sampled positions from which one does are not.
    #[test]
    fn the_draw_rule_agrees_with_any_series_for_the_queen() {
        let solution = solve_series(Kind::Queen, Series::Any);
        let s = &solution.solver;
        let mut rng = StdRng::seed_from_u64(3);
        let (mut dead, mut open) = (0, 0);
        for slot in 0..s.slots.len() {
            let (kind, x) = s.slots[slot];
            for wk in 64..128u8 {
                for bk in 64..128u8 {
                    let i = index(slot, wk, bk);
                    for (side, table) in [(WHITE, &s.white), (BLACK, &s.black)] {
                        let sampled = rng.gen_range(0..2_000) == 0;
                        if table[i] == ILLEGAL || (table[i] != OPEN && !sampled) {
                            continue;
                        }
                        let game = real(kind, x, wk, bk, side);
                        assert_eq!(material::dead(&game), table[i] == OPEN, "{}", game.text());
                        if table[i] == OPEN {
                            dead += 1;
                        } else {
                            open += 1;
                        }
                    }
                }
            }
        }
        // The queen's dead positions: Black to move, its only Earth moves taking the queen,
        // or stalemated.
        assert!(dead > 0 && open > 100, "{dead} dead, {open} open");
    }
}
