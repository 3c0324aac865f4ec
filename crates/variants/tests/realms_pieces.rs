//! Every kind in every realm where it can stand, with the exact list of its moves, derived by
//! hand from the seed's paragraph (the clause is named in each test; rulings in
//! docs/rules/realms.md). Squares are `[file, rank, level]`; `n4` is the Earth's fifth file,
//! `e4` the heavens', `w4` the underworld's. Each position puts the kings where the piece
//! under test neither attacks nor is blocked by them: White's on `a1` or `h8` (heavens),
//! Black's on `z8` or `s1` (underworld), unless a test says otherwise.

use omnichess_core::{Game, Notation};
use omnichess_variants::realms::{Realms, square};

/// The position text with `pieces` (square, letter) placed, White to move unless `black`.
fn position(pieces: &[(&str, char)], extra: &str) -> String {
    let mut boards = [[['1'; 8]; 8]; 3]; // heavens, Earth, underworld; rank 8 first
    for &(name, letter) in pieces {
        let sq = square::parse(name).expect("square name");
        let board = 2 - square::level(sq);
        boards[board][7 - square::rank(sq)][square::file(sq)] = letter;
    }
    let text: Vec<String> = boards
        .iter()
        .map(|b| {
            b.iter()
                .map(|rank| {
                    let mut out = String::new();
                    let mut empty = 0;
                    for &c in rank {
                        if c == '1' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(c);
                        }
                    }
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                    }
                    out
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    format!("{} {extra}", text.join("|"))
}

/// The sorted targets of the piece on `from` (square names).
fn targets(pieces: &[(&str, char)], extra: &str, from: &str) -> Vec<String> {
    let text = position(pieces, extra);
    let game = Realms::from_position_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut list = Vec::new();
    game.decisions(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| game.decision_text(m))
        .filter(|t| t.starts_with(from))
        .map(|t| t[from.len()..].to_owned())
        .collect();
    out.sort();
    out
}

fn sorted(squares: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = squares.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

const KINGS: [(&str, char); 2] = [("a1", 'K'), ("z8", 'k')];
const WHITE: &str = "w - - 0 1";

/// `piece` alone on `from` with the default kings.
fn alone(letter: char, from: &str) -> Vec<String> {
    let mut pieces = KINGS.to_vec();
    pieces.push((from, letter));
    targets(&pieces, WHITE, from)
}

#[test]
fn p1_pawn_in_each_realm_pushes_double_steps_and_captures_diagonally_forward() {
    // Earth: the seed's n4 example with enemies on the four capture squares and on n5 (no push).
    let pieces = [
        KINGS[0],
        KINGS[1],
        ("n4", 'W'),
        ("m5", 'r'),
        ("o5", 'r'),
        ("e5", 'r'),
        ("w5", 'r'),
        ("n5", 'r'),
    ];
    assert_eq!(
        targets(&pieces, WHITE, "n4"),
        sorted(&["m5", "o5", "e5", "w5"])
    );
    // Own pieces are not captured; nothing blocks the push.
    let pieces = [KINGS[0], KINGS[1], ("n4", 'W'), ("m5", 'R'), ("e5", 'R')];
    assert_eq!(targets(&pieces, WHITE, "n4"), sorted(&["n5"]));
    // Heavens, second rank: one or two steps; a capture down on the Earth (m3); none up.
    let pieces = [("h8", 'K'), KINGS[1], ("d2", 'W'), ("m3", 'n'), ("c3", 'n')];
    assert_eq!(
        targets(&pieces, WHITE, "d2"),
        sorted(&["d3", "d4", "m3", "c3"])
    );
    // Underworld: double step blocked by a piece on v4; captures up on the Earth (m3).
    let pieces = [KINGS[0], ("s8", 'k'), ("v2", 'W'), ("v4", 'n'), ("m3", 'n')];
    assert_eq!(targets(&pieces, WHITE, "v2"), sorted(&["v3", "m3"]));
    // Black goes down the ranks.
    let pieces = [KINGS[0], KINGS[1], ("n7", 'w'), ("e6", 'N')];
    assert_eq!(
        targets(&pieces, "b - - 0 1", "n7"),
        sorted(&["n6", "n5", "e6"])
    );
}

#[test]
fn p2_rook_rides_orthogonally_through_the_realms() {
    // Earth n4: 7 + 7 on the board, e4 above, w4 below.
    assert_eq!(alone('R', "n4").len(), 16);
    // Heavens e4: 14 on the board, then down through n4 to w4.
    let mut expected: Vec<&str> = vec!["n4", "w4"];
    expected.extend(["a4", "b4", "c4", "d4", "f4", "g4", "h4"]);
    expected.extend(["e1", "e2", "e3", "e5", "e6", "e7", "e8"]);
    assert_eq!(alone('R', "e4"), sorted(&expected));
    // Blocked: an own piece on n4 stops the downward ride.
    let pieces = [KINGS[0], KINGS[1], ("e4", 'R'), ("n4", 'W')];
    assert!(!targets(&pieces, WHITE, "e4").contains(&"w4".to_owned()));
}

#[test]
fn p3_knight_on_earth_leaps_steps_below_and_one_up() {
    let expected = [
        "l3", "l5", "p3", "p5", "m2", "m6", "o2", "o6", // (2,1)
        "w4", "w5", "w3", "v4", "x4", "v5", "x5", "v3", "x3", // the 9 below
        "e4", // one up
    ];
    assert_eq!(alone('N', "n4"), sorted(&expected));
    // Leaps ignore blockers: surrounded by own pawns it still leaps.
    let pieces = [
        KINGS[0],
        KINGS[1],
        ("n4", 'N'),
        ("n5", 'W'),
        ("m5", 'W'),
        ("o5", 'W'),
    ];
    assert_eq!(targets(&pieces, WHITE, "n4").len(), 18);
}

#[test]
fn p3_knight_in_the_underworld_only_climbs() {
    assert_eq!(alone('N', "w4"), sorted(&["n4"]));
    let pieces = [KINGS[0], KINGS[1], ("w4", 'N'), ("n4", 'W')];
    assert!(targets(&pieces, WHITE, "w4").is_empty());
}

#[test]
fn p3_knight_in_the_heavens_rides_passively_or_leaps_down() {
    let rides = [
        "f6", "g8", "f2", "d6", "c8", "d2", "g5", "g3", "c5", "a6", "c3", "a2",
    ];
    let down_one = ["o6", "o2", "m6", "m2", "p5", "p3", "l5", "l3"];
    let down_two = ["x5", "x3", "v5", "v3"];
    let mut expected: Vec<&str> = rides.to_vec();
    expected.extend(down_one);
    expected.extend(down_two);
    assert_eq!(alone('N', "e4"), sorted(&expected));
    // An enemy on f6 stops the ride there and cannot be taken by it; g8 is out of reach.
    let pieces = [KINGS[0], KINGS[1], ("e4", 'N'), ("f6", 'r')];
    let t = targets(&pieces, WHITE, "e4");
    assert!(!t.contains(&"f6".to_owned()) && !t.contains(&"g8".to_owned()));
    assert_eq!(t.len(), 22);
    // The (2,1,1) leap captures.
    let pieces = [KINGS[0], KINGS[1], ("e4", 'N'), ("o6", 'r')];
    assert!(targets(&pieces, WHITE, "e4").contains(&"o6".to_owned()));
}

#[test]
fn p4_bishop_rides_diagonally_above_and_steps_triagonally_below() {
    let earth = [
        "o5", "p6", "q7", "o3", "p2", "q1", "m5", "l6", "k7", "j8", "m3", "l2", "k1", // plane
        "e5", "e3", "d4", "f4", "w5", "w3", "v4", "x4", // changing realm
    ];
    assert_eq!(alone('B', "n4"), sorted(&earth));
    let heavens = [
        "f5", "g6", "h7", "f3", "g2", "h1", "d5", "c6", "b7", "a8", "d3", "c2", "b1", // plane
        "n5", "w6", "n3", "w2", "m4", "u4", "o4",
        "y4", // two levels down: a diagonal
              // moves one file per level
    ];
    assert_eq!(alone('B', "e4"), sorted(&heavens));
    assert_eq!(alone('B', "w4"), sorted(&["o5", "o3", "m5", "m3"]));
    // Blocked: an own piece on n5 stops e4-n5-w6.
    let pieces = [KINGS[0], KINGS[1], ("e4", 'B'), ("n5", 'W')];
    let t = targets(&pieces, WHITE, "e4");
    assert!(!t.contains(&"n5".to_owned()) && !t.contains(&"w6".to_owned()));
}

#[test]
fn p5_queen_rides_on_earth_and_steps_elsewhere() {
    // Earth: 27 in the plane, up and down, 8 diagonals and 8 triagonals off the board.
    assert_eq!(alone('Q', "n4").len(), 27 + 2 + 8 + 8);
    let heavens = [
        "d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5", // plane
        "n4", "n5", "n3", "m4", "o4", // down, down-diagonal
        "m5", "o5", "m3", "o3", // down-triagonal
    ];
    assert_eq!(alone('Q', "e4"), sorted(&heavens));
    let underworld = [
        "v3", "v4", "v5", "w3", "w5", "x3", "x4", "x5", "n4", "n5", "n3", "m4", "o4", "m5", "o5",
        "m3", "o3",
    ];
    assert_eq!(alone('Q', "w4"), sorted(&underworld));
}

#[test]
fn p6_king_steps_in_26_directions_on_earth_and_orthogonally_elsewhere() {
    // The Black king far away in the underworld corner; the White king under test.
    let earth = targets(&[("n4", 'K'), ("s1", 'k')], WHITE, "n4");
    assert_eq!(earth.len(), 26);
    assert_eq!(
        targets(&[("e4", 'K'), ("s1", 'k')], WHITE, "e4"),
        sorted(&["d4", "f4", "e5", "e3", "n4"])
    );
    assert_eq!(
        targets(&[("w4", 'K'), ("a1", 'k')], WHITE, "w4"),
        sorted(&["v4", "x4", "w5", "w3", "n4"])
    );
}

#[test]
fn p7_grandmaster_rides_all_26_directions_everywhere() {
    // Heavens e4: 27 in the plane, down 2, down-diagonals 8 (two steps each), down-triagonals
    // 8 (two steps each).
    let t = alone('G', "e4");
    assert_eq!(t.len(), 27 + 2 + 8 + 8);
    for far in ["w4", "w6", "y6", "u2"] {
        assert!(t.contains(&far.to_owned()), "{far}");
    }
}

#[test]
fn p8_honorable_horse_jumps_the_square_in_front() {
    // The seed: n4 -> m6, o6, e6, w6, whatever stands on n5.
    let pieces = [KINGS[0], KINGS[1], ("n4", 'H'), ("n5", 'r')];
    assert_eq!(
        targets(&pieces, WHITE, "n4"),
        sorted(&["m6", "o6", "e6", "w6"])
    );
    assert_eq!(alone('H', "d2"), sorted(&["c4", "e4", "m4"]));
    assert_eq!(alone('H', "w2"), sorted(&["v4", "x4", "n4"]));
    // On the seventh rank it has no move (it never gets there from an even rank).
    assert!(alone('H', "d7").is_empty());
}

#[test]
fn p9_silver_general_steps_diagonally_or_forwards() {
    let expected = [
        "m5", "o5", "m3", "o3", "e5", "e3", "d4", "f4", "w5", "w3", "v4", "x4", // diagonal
        "n5", // forward
        "d5", "f5", "v5", "x5", // triagonally forward
    ];
    assert_eq!(alone('S', "n4"), sorted(&expected));
    // The same in the heavens (nothing above): 17 minus the 4 upward diagonals and 2 upward
    // triagonals.
    assert_eq!(alone('S', "e4").len(), 11);
}

#[test]
fn p10_pegasus_is_the_three_dimensional_knight() {
    let expected = [
        "l3", "l5", "p3", "p5", "m2", "m6", "o2", "o6", // in the plane
        "g4", "c4", "e6", "e2", // two along, one up
        "y4", "u4", "w6", "w2", // two along, one down
    ];
    assert_eq!(alone('P', "n4"), sorted(&expected));
    // From the underworld, two levels up and one along: b4? w4 + (±1, 0, 2) = v4+2 = d4, f4;
    // (0, ±1, 2) = e5, e3; plus the plane's 8 and (±2|0, 0|±2, 1) on the Earth.
    let t = alone('P', "w4");
    for sq in ["d4", "f4", "e5", "e3", "l4", "p4", "n6", "n2"] {
        assert!(t.contains(&sq.to_owned()), "{sq}");
    }
    assert_eq!(t.len(), 16);
}

#[test]
fn p11_angel_in_the_heavens_and_on_earth_and_its_fall() {
    let heavens = [
        "f5", "g6", "h7", "f3", "g2", "h1", "d5", "c6", "b7", "a8", "d3", "c2", "b1", // plane
        "n5", "w6", "n3", "w2", "m4", "u4", "o4", "y4", // diagonals down
        "d4", "f4", "e5", "e3", "n4", // one orthogonal step
        "m5", "o5", "m3", "o3", // one triagonal step
    ];
    assert_eq!(alone('A', "e4"), sorted(&heavens));
    let earth = [
        "o5", "p6", "q7", "o3", "p2", "q1", "m5", "l6", "k7", "j8", "m3", "l2", "k1", "e5", "e3",
        "d4", "f4", "w5", "w3", "v4", "x4",
    ];
    assert_eq!(alone('A', "n4"), sorted(&earth));
    // Entering the underworld it becomes a fallen angel.
    let text = position(&[KINGS[0], KINGS[1], ("n4", 'A')], WHITE);
    let mut game = Realms::from_position_text(&text).expect("reads");
    let mv = game.parse_decision("n4w5").expect("legal");
    game.apply(mv);
    assert!(
        game.position_text().contains("4X3"),
        "{}",
        game.position_text()
    );
    assert!(game.position_text().ends_with(" X"));
}

#[test]
fn p12_imp_climbs_forward_below_drops_on_earth_and_is_stuck_above() {
    assert_eq!(alone('I', "w4"), sorted(&["w5", "m5", "o5"]));
    assert_eq!(alone('I', "n4"), sorted(&["w4"]));
    assert!(alone('I', "e4").is_empty());
    // Blocked below by an own piece, captures an enemy.
    let pieces = [KINGS[0], KINGS[1], ("n4", 'I'), ("w4", 'r')];
    assert_eq!(targets(&pieces, WHITE, "n4"), sorted(&["w4"]));
    let pieces = [KINGS[0], KINGS[1], ("n4", 'I'), ("w4", 'R')];
    assert!(targets(&pieces, WHITE, "n4").is_empty());
}

#[test]
fn p13_warmachine_rides_below_and_leaps_two_above() {
    let mut below: Vec<&str> = vec!["n4", "e4"];
    below.extend(["s4", "t4", "u4", "v4", "x4", "y4", "z4"]);
    below.extend(["w1", "w2", "w3", "w5", "w6", "w7", "w8"]);
    let t = targets(&[("a8", 'K'), ("s1", 'k'), ("w4", 'D')], WHITE, "w4");
    assert_eq!(t, sorted(&below));
    let earth = ["n5", "n6", "n3", "n2", "m4", "l4", "o4", "p4", "e4", "w4"];
    assert_eq!(alone('D', "n4"), sorted(&earth));
    // Leaping: an own piece on n5 does not stop n6.
    let pieces = [KINGS[0], KINGS[1], ("n4", 'D'), ("n5", 'W')];
    assert!(targets(&pieces, WHITE, "n4").contains(&"n6".to_owned()));
}

#[test]
fn p14_scholar_always_changes_realm() {
    let earth = [
        "d5", "f5", "d3", "f3", "v5", "x5", "v3", "x3", // one triagonal step
        "g6", "g2", "c6", "c2", "y6", "y2", "u6", "u2", // (2,2,1)
    ];
    assert_eq!(alone('C', "n4"), sorted(&earth));
    let underworld = [
        "m5", "o5", "m3", "o3", // one triagonal step up
        "c6", "g6", "c2", "g2", // two triagonal steps, over the Earth
        "l6", "p6", "l2", "p2", // (2,2,1), one level up
        "g5", "g3", "c5", "c3", "f6", "f2", "d6", "d2", // (2,2,1), two levels up
    ];
    let t = targets(&[("h8", 'K'), ("s1", 'k'), ("w4", 'C')], WHITE, "w4");
    assert_eq!(t, sorted(&underworld));
    // It leaps over a piece on the triagonal.
    let pieces = [("h8", 'K'), ("s1", 'k'), ("w4", 'C'), ("m5", 'W')];
    assert!(targets(&pieces, WHITE, "w4").contains(&"c6".to_owned()));
}

#[test]
fn p15_elephant_rides_diagonally_below_and_leaps_two_above() {
    let underworld = [
        "x5", "y6", "z7", "x3", "y2", "z1", "v5", "u6", "t7", "s8", "v3", "u2", "t1", // plane
        "n5", "e6", "n3", "e2", "m4", "c4", "o4", "g4", // diagonals up
    ];
    let t = targets(&[("a8", 'K'), ("j1", 'k'), ("w4", 'E')], WHITE, "w4");
    assert_eq!(t, sorted(&underworld));
    let earth = [
        "m5", "l6", "o5", "p6", "m3", "l2", "o3", "p2", "e5", "e3", "d4", "f4", "w5", "w3", "v4",
        "x4",
    ];
    assert_eq!(alone('E', "n4"), sorted(&earth));
    // Leaping over an own piece on m5 to l6.
    let pieces = [KINGS[0], KINGS[1], ("n4", 'E'), ("m5", 'W')];
    assert!(targets(&pieces, WHITE, "n4").contains(&"l6".to_owned()));
}

#[test]
fn p17_fiend_leaps_up_to_two_in_every_direction() {
    // 26 single steps and the 8 double steps in the plane (two levels off the Earth do not
    // exist).
    assert_eq!(alone('F', "n4").len(), 34);
    // From the underworld the double steps reach the heavens.
    let t = targets(&[("a8", 'K'), ("j1", 'k'), ("w4", 'F')], WHITE, "w4");
    assert!(t.contains(&"e4".to_owned()) && t.contains(&"c6".to_owned()));
}
