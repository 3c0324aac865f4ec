//! Three Realms move generation against a naive reference written from the movement
//! profiles alone: every move of every piece found by walking core geometry on a plain array,
//! legality by playing the move and asking every enemy piece whether it attacks the king (the
//! fallen angels by the kind the move leaves, or the kind a fallen angel moved as, rules X.1,
//! X.3, X.8). The fast generator (tables, reverse attack tables, the pin zone) must list
//! exactly the same moves in every position of many random games; apply/undo and the hash
//! must agree with the position text.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use omnichess_core::geometry::{Coord, leaps, ray};
use omnichess_core::{Game, Notation, Player, ToAct, Variant};
use omnichess_variants::realms::square::{self, BOX, Realm};
use omnichess_variants::realms::{Kind, Mode, Piece, Profile, Realms, profile};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

type Cells = [Option<Piece>; 192];

/// The plain facts the reference reads from the position text.
struct Plain {
    cells: Cells,
    side: Player,
    castling: String,
    ep: Option<u8>,
    last: Option<Kind>,
}

fn plain(game: &Realms) -> Plain {
    let mut cells = [None; 192];
    for (sq, p) in game.board().pieces() {
        cells[sq as usize] = Some(p);
    }
    let text = game.position_text();
    let fields: Vec<&str> = text.split_whitespace().collect();
    Plain {
        cells,
        side: if fields[1] == "w" {
            Player::White
        } else {
            Player::Black
        },
        castling: fields[2].to_owned(),
        ep: square::parse(fields[3]),
        last: fields
            .get(6)
            .and_then(|f| f.chars().next())
            .and_then(Kind::from_letter),
    }
}

fn sq_of(c: Coord<3>) -> u8 {
    square::from_coord(c).expect("inside")
}

/// Targets of `kind` of `player` on `from`: (target, may move there when empty, may capture).
fn targets(cells: &Cells, kind: Kind, player: Player, from: u8) -> Vec<(u8, bool, bool)> {
    let mut out = Vec::new();
    each_target(cells, kind, player, from, |t| {
        out.push(t);
        false
    });
    out
}

/// Calls `visit` with each target of `kind` of `player` on `from` (as [`targets`] lists them)
/// until it returns true; whether it did. Nothing is allocated: the legality test calls this
/// for every enemy piece of every candidate move.
fn each_target(
    cells: &Cells,
    kind: Kind,
    player: Player,
    from: u8,
    mut visit: impl FnMut((u8, bool, bool)) -> bool,
) -> bool {
    let p = &*profile_of(kind, player, square::realm(from));
    for &(v, mode) in &p.leaps {
        for c in leaps(&BOX, square::coord(from), std::slice::from_ref(&v)) {
            if visit((sq_of(c), mode != Mode::Capture, mode != Mode::Passive)) {
                return true;
            }
        }
    }
    let passive = p.ride_mode == Some(Mode::Passive);
    for &v in &p.rides {
        for c in ray(&BOX, square::coord(from), v) {
            let to = sq_of(c);
            if visit((to, true, !passive)) {
                return true;
            }
            if cells[to as usize].is_some() {
                break;
            }
        }
    }
    false
}

/// [`profile`], built once per kind, player and realm (it allocates: building it for every
/// enemy piece of every candidate move was a tenth of the reference's time).
fn profile_of(kind: Kind, player: Player, realm: Realm) -> Rc<Profile> {
    thread_local! {
        static PROFILES: RefCell<HashMap<(Kind, Player, Realm), Rc<Profile>>> =
            RefCell::default();
    }
    PROFILES.with(|profiles| {
        Rc::clone(
            profiles
                .borrow_mut()
                .entry((kind, player, realm))
                .or_insert_with(|| Rc::new(profile(kind, player, realm))),
        )
    })
}

fn attacks(cells: &Cells, kind: Kind, player: Player, from: u8, target: u8) -> bool {
    each_target(cells, kind, player, from, |(to, _, capture)| {
        to == target && capture
    })
}

fn king_of(cells: &Cells, player: Player) -> u8 {
    (0..192u8)
        .find(|&s| {
            cells[s as usize]
                == Some(Piece {
                    player,
                    kind: Kind::King,
                })
        })
        .expect("a king")
}

/// Attacked by `by`'s pieces other than fallen angels, and by its fallen angels imitating
/// `imitated` when given.
fn attacked(cells: &Cells, target: u8, by: Player, imitated: Option<Kind>) -> bool {
    (0..192u8).any(|s| match cells[s as usize] {
        Some(p) if p.player == by && p.kind != Kind::Fallen => {
            attacks(cells, p.kind, by, s, target)
        }
        Some(p) if p.player == by => imitated.is_some_and(|k| attacks(cells, k, by, s, target)),
        _ => false,
    })
}

fn kind_after(piece: Piece, moves_as: Kind, to: u8) -> Kind {
    let back = if piece.player == Player::White { 7 } else { 0 };
    if piece.kind == Kind::Angel && square::level(to) == 0 {
        Kind::Fallen
    } else if square::rank(to) == back
        && matches!(
            piece.kind,
            Kind::Pawn | Kind::Imp | Kind::Horse | Kind::Fallen
        )
    {
        moves_as.promotion().unwrap_or(piece.kind)
    } else {
        piece.kind
    }
}

/// The legal moves as `(from, to)` pairs, by the reference.
fn reference_moves(game: &Realms) -> BTreeSet<(u8, u8)> {
    reference_moves_counting(game).0
}

/// The legal moves, and how many moves only the fallen angel rule (R.3) made illegal.
fn reference_moves_counting(game: &Realms) -> (BTreeSet<(u8, u8)>, usize) {
    let pl = &plain(game);
    let mut fallen_pruned = 0;
    let us = pl.side;
    let them = us.opponent();
    let cells = &pl.cells;
    let mut out = BTreeSet::new();
    let fwd: i32 = if us == Player::White { 8 } else { -8 };
    for from in 0..192u8 {
        let Some(piece) = cells[from as usize].filter(|p| p.player == us) else {
            continue;
        };
        let moves_as = if piece.kind == Kind::Fallen {
            match pl.last {
                Some(k) => k,
                None => continue,
            }
        } else {
            piece.kind
        };
        let mut candidates: Vec<(u8, Option<u8>)> = Vec::new(); // (to, en passant victim)
        for (to, quiet, capture) in targets(cells, moves_as, us, from) {
            match cells[to as usize] {
                None if quiet => candidates.push((to, None)),
                Some(p) if capture && p.player == them => candidates.push((to, None)),
                _ => {}
            }
        }
        if moves_as == Kind::Pawn {
            let second = if us == Player::White { 1 } else { 6 };
            if piece.kind == Kind::Pawn && square::rank(from) == second {
                let one = (from as i32 + fwd) as u8;
                let two = (from as i32 + 2 * fwd) as u8;
                if cells[one as usize].is_none() && cells[two as usize].is_none() {
                    candidates.push((two, None));
                }
            }
            if let Some(ep) = pl.ep
                && attacks(cells, Kind::Pawn, us, from, ep)
            {
                candidates.push((ep, Some((ep as i32 - fwd) as u8)));
            }
        }
        for (to, victim) in candidates {
            let mut after = *cells;
            after[from as usize] = None;
            if let Some(v) = victim {
                after[v as usize] = None;
            }
            let left = kind_after(piece, moves_as, to);
            after[to as usize] = Some(Piece {
                player: us,
                kind: left,
            });
            // X.1, X.3: the enemy fallen angels imitate the kind the piece moved as when a
            // fallen angel moved and stayed one, else the kind it is now.
            let imitated = if piece.kind == Kind::Fallen && left == Kind::Fallen {
                moves_as
            } else {
                left
            };
            let king = king_of(&after, us);
            if !attacked(&after, king, them, Some(imitated)) {
                out.insert((from, to));
            } else if !attacked(&after, king, them, None) {
                fallen_pruned += 1;
            }
        }
        let home = if us == Player::White { 68 } else { 124 }; // n1, n8
        if piece.kind == Kind::King && from == home && !attacked(cells, from, them, None) {
            let (k, q) = if us == Player::White {
                ('K', 'Q')
            } else {
                ('k', 'q')
            };
            for (right, rook, between, cross, to) in [
                (k, from + 3, vec![from + 1, from + 2], from + 1, from + 2),
                (
                    q,
                    from - 4,
                    vec![from - 1, from - 2, from - 3],
                    from - 1,
                    from - 2,
                ),
            ] {
                if !pl.castling.contains(right)
                    || cells[rook as usize]
                        != Some(Piece {
                            player: us,
                            kind: Kind::Rook,
                        })
                    || between.iter().any(|&s| cells[s as usize].is_some())
                {
                    continue;
                }
                let mut after = *cells;
                after[to as usize] = after[from as usize].take();
                after[((from + to) / 2) as usize] = after[rook as usize].take();
                // As the king's move (n1p1) and as the rook's onto its king (q1n1, R.4): the
                // enemy fallen angels imitate the piece moved (X.1).
                for (moved, mv) in [(Kind::King, (from, to)), (Kind::Rook, (rook, from))] {
                    if !attacked(cells, cross, them, Some(moved))
                        && !attacked(&after, to, them, Some(moved))
                    {
                        out.insert(mv);
                    }
                }
            }
        }
    }
    (out, fallen_pruned)
}

fn fast_moves(game: &Realms) -> BTreeSet<(u8, u8)> {
    let mut list = Vec::new();
    game.decisions(&mut list);
    let set: BTreeSet<(u8, u8)> = list.iter().map(|m| (m.from, m.to)).collect();
    assert_eq!(
        set.len(),
        list.len(),
        "a move listed twice in {}",
        game.position_text()
    );
    set
}

fn names(moves: &BTreeSet<(u8, u8)>) -> Vec<String> {
    moves
        .iter()
        .map(|&(f, t)| format!("{}{}", square::name(f), square::name(t)))
        .collect()
}

/// What the checked positions covered.
#[derive(Default, Debug)]
struct Coverage {
    positions: u64,
    /// Positions where a fallen angel of the mover has a move.
    fallen_moves: u64,
    /// Positions where an enemy fallen angel made some move illegal (R.3).
    fallen_pruned: u64,
    /// Positions with an en passant capture or castling open.
    special: u64,
    /// Positions in check.
    checks: u64,
}

fn check_position(game: &Realms, cov: &mut Coverage) {
    let fast = fast_moves(game);
    let pl = plain(game);
    cov.positions += 1;
    cov.checks += u64::from(game.in_check());
    cov.fallen_moves += u64::from(
        fast.iter()
            .any(|&(f, _)| pl.cells[f as usize].is_some_and(|p| p.kind == Kind::Fallen)),
    );
    let mut list = Vec::new();
    game.decisions(&mut list);
    cov.special += u64::from(list.iter().any(|m| {
        m.special != omnichess_variants::realms::Special::Normal
            && m.special != omnichess_variants::realms::Special::DoubleStep
    }));
    let (reference, pruned) = reference_moves_counting(game);
    cov.fallen_pruned += u64::from(pruned > 0);
    if fast != reference {
        panic!(
            "position {}\nonly fast: {:?}\nonly reference: {:?}",
            game.position_text(),
            names(&fast.difference(&reference).copied().collect()),
            names(&reference.difference(&fast).copied().collect())
        );
    }
    let again = Realms::from_position_text(&game.position_text()).expect("text reads back");
    assert_eq!(again.position_text(), game.position_text());
    assert_eq!(
        again.hash(),
        game.hash(),
        "incremental hash differs from a fresh one at {}",
        game.position_text()
    );
}

/// Plays random games from `start`, checking every position against the reference and
/// that undoing the whole game restores the start.
fn random_games(start: &Realms, games: u32, plies: u32, seed: u64, cov: &mut Coverage) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..games {
        let mut game = start.clone();
        let mut played = 0;
        for _ in 0..plies {
            check_position(&game, cov);
            if matches!(game.to_act(), ToAct::Nobody(_)) {
                break;
            }
            let mut list = Vec::new();
            game.decisions(&mut list);
            // Prefer captures half of the time, so that games reach sparse endings.
            let captures: Vec<_> = list
                .iter()
                .copied()
                .filter(|m| game.board().piece(m.to).is_some())
                .collect();
            let pool = if !captures.is_empty() && rng.gen_bool(0.5) {
                &captures
            } else {
                &list
            };
            let mv = pool[rng.gen_range(0..pool.len())];
            game.apply(mv);
            played += 1;
        }
        for _ in 0..played {
            assert!(game.undo());
        }
        assert_eq!(game.position_text(), start.position_text());
        assert!(!game.undo());
    }
}

#[test]
fn random_games_from_the_start_agree_with_the_reference() {
    let mut cov = Coverage::default();
    random_games(&Realms::start(), 40, 160, 1, &mut cov);
    assert!(cov.positions > 2_000 && cov.checks > 20, "{cov:?}");
}

/// Fallen angels on both sides from the first move, kings off Earth, pawns near promotion:
/// the cases the start reaches rarely.
#[test]
fn random_games_with_fallen_angels_and_loose_kings_agree_with_the_reference() {
    let starts = [
        "1x2a3/3W4/8/8/8/8/4w3/2A2X2|4k3/8/1s6/8/8/3S4/8/4K3|8/1X6/8/3d4/8/4D3/6x1/8 w - - 0 1 N",
        "8/6x1/1H6/2q5/8/6h1/8/8|r3k2r/1X6/8/8/8/8/1x6/R3K2R|8/2i5/8/5e2/8/2E5/5I2/8 b KQkq - 0 30 Q",
        "3g4/8/2x5/8/8/5X2/8/3G4|8/2wW4/8/1q4Q1/8/8/4Ww2/8|K7/8/3C4/1f6/6F1/4c3/8/7k w - - 0 1 W",
    ];
    let mut cov = Coverage::default();
    for (i, text) in starts.iter().enumerate() {
        let start = Realms::from_position_text(text).expect("start reads");
        random_games(&start, 25, 120, 10 + i as u64, &mut cov);
    }
    // The run reaches the cases it is for.
    assert!(cov.fallen_moves > 300, "{cov:?}");
    assert!(cov.fallen_pruned > 20, "{cov:?}");
    assert!(cov.special > 20, "{cov:?}");
}

#[test]
fn castling_and_en_passant_positions_agree_with_the_reference() {
    for text in [
        // Castling rights with attacked and free crossing squares.
        "8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8 w KQkq - 0 1",
        "8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/2x5/8/8/8/8 w KQkq - 0 1 K",
        // En passant onto n6 from the Earth and from the heavens (e5) and underworld (w5).
        "8/8/8/4W3/8/8/8/8|4k3/8/8/3Ww3/8/8/8/4K3|8/8/8/4W3/8/8/8/8 w - n6 0 2 W",
    ] {
        check_position(
            &Realms::from_position_text(text).expect("reads"),
            &mut Coverage::default(),
        );
    }
}

#[test]
fn start_position_perft_counts() {
    // Recorded counts (docs/rules/realms.md, "Perft"); depth 4 runs in CI (ignored by default).
    let mut game = Realms::start();
    assert_eq!(omnichess_core::perft::perft(&mut game, 1), 82);
    assert_eq!(omnichess_core::perft::perft(&mut game, 2), 6_724);
    assert_eq!(omnichess_core::perft::perft(&mut game, 3), 580_638);
}

#[test]
#[ignore = "slow: cargo test -p omnichess-variants --test variants -- --ignored realms_reference::"]
fn start_position_perft_depth_4() {
    let mut game = Realms::start();
    assert_eq!(omnichess_core::perft::perft(&mut game, 4), 50_043_738);
}

#[test]
fn the_reference_is_not_vacuous() {
    // The reference itself on the seed's examples: pawn and horse on n4 (P.1, P.8).
    let pawn = Realms::from_position_text(
        "8/8/8/4q3/8/8/8/K7|8/8/8/3r1b2/4W3/8/8/8|7k/8/8/4n3/8/8/8/8 w - - 0 1",
    )
    .expect("reads");
    let from = square::parse("n4").expect("square");
    let mut from_n4: Vec<String> = names(&reference_moves(&pawn))
        .into_iter()
        .filter(|m| m.starts_with("n4"))
        .collect();
    from_n4.sort();
    assert_eq!(from_n4, ["n4e5", "n4m5", "n4n5", "n4o5", "n4w5"]);
    let _ = from;
    let horse =
        Realms::from_position_text("8/8/8/8/8/8/8/K7|8/8/8/8/4H3/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1")
            .expect("reads");
    let from_n4: BTreeSet<String> = names(&reference_moves(&horse))
        .into_iter()
        .filter(|m| m.starts_with("n4"))
        .collect();
    assert_eq!(
        from_n4,
        ["n4e6", "n4m6", "n4o6", "n4w6"].map(String::from).into()
    );
    assert_eq!(Realm::Earth.files(), b"jklmnopq");
}

/// Every node of the start's tree to depth 2 lists what the reference lists: the perft 3
/// count (580 638) verified move by move.
#[test]
fn the_start_tree_to_depth_2_agrees_with_the_reference() {
    fn walk(game: &mut Realms, depth: u32, cov: &mut Coverage) {
        check_position(game, cov);
        if depth == 0 {
            return;
        }
        let mut list = Vec::new();
        game.decisions(&mut list);
        for mv in list {
            game.apply(mv);
            walk(game, depth - 1, cov);
            game.undo();
        }
    }
    let mut cov = Coverage::default();
    walk(&mut Realms::start(), 2, &mut cov);
    assert_eq!(cov.positions, 1 + 82 + 6_724);
}
