//! Moves in the community notation (5DPGN): board-prefixed, long algebraic out
//! (`(0T1)Ng1f3`, `(0T2)Ka2>>(0T1)a2`, `(0T5)Qb3>(1T5)b3`), and read in every common form:
//! SAN on a board (`(0T5)Nf3`, `(1T3)axb1=Q`), jumps with `>`/`>>` and `x`, the export form
//! `(0T1)d2(0T1)d4`, `O-O`, marks `+ * # ~ ! ?`, old letters (`BR`, `CK`, `RQ`, `PR`); `submit`
//! ends a turn. As ftxi's Branched 5DPGN shortens them, any part of a move but its target square
//! may be left out when the rest fits one legal move: the board prefix or part of it (`Nf3`,
//! `(L1)Nf3`, `(T2)Nf3`), the target board of a jump (`N>>d3`: a branching jump to d3 on some
//! other board, `N>d3` a non-branching one), the piece letter (a pawn first, then any piece).

use omnichess_core::DecisionError;
use thiserror::Error;

use super::coords::{LineError, line_label, parse_line, square_name, turn_of};
use super::piece::Kind;
use super::state::{Decision5, Move5, Multiverse};

/// Why a move's text cannot be taken apart.
#[derive(Debug, Error)]
enum MoveTextError {
    /// An upper-case letter that names no piece.
    #[error("`{0}` is not a piece letter")]
    PieceLetter(char),
    /// `=` at the end.
    #[error("`=` needs a piece letter")]
    NoPromotionLetter,
    /// `=` and what names no piece.
    #[error("`={0}` is not a piece")]
    Promotion(String),
    /// Fewer than a square's two characters.
    #[error("expected a move like `(0T1)Ng1f3`, `(0T5)Qb3>>(0T1)f7`, `(0T1)e4`, or `submit`")]
    NotAMove,
    /// A target that is not a square.
    #[error("the target square is not like e4")]
    Target,
    /// A character that has no place in a move.
    #[error("`{0}` does not belong in a move")]
    Stray(char),
    /// `(` without `)`.
    #[error("a board prefix `(` is not closed")]
    UnclosedBoard,
    /// `()`, with neither timeline nor turn (white space taken out).
    #[error("`({0})` is not a board like (0T1)")]
    NotABoard(String),
    /// A board's timeline that cannot be read.
    #[error(transparent)]
    Line(#[from] LineError),
    /// A board's turn that is not a number.
    #[error("`({board})`: `{turn}` is not a turn")]
    Turn {
        /// The board as written (white space taken out).
        board: String,
        /// The turn.
        turn: String,
    },
}

/// A board as written: its timeline and turn T, either left out (`(L1)`, `(T3)`).
type BoardPattern = (Option<i32>, Option<i32>);

/// A move as written, before it is matched against the legal moves.
#[derive(Debug, Default, PartialEq, Eq)]
struct Pattern {
    from_board: Option<BoardPattern>,
    kind: Option<Kind>,
    from_x: Option<i32>,
    from_y: Option<i32>,
    to_board: Option<BoardPattern>,
    /// A jump written with no target board: `Some(true)` for `>>` (branching), `Some(false)`
    /// for `>`.
    branching: Option<bool>,
    to: Option<(i32, i32)>,
    promotion: Option<Kind>,
    castle: Option<bool>,
}

impl Multiverse {
    fn board_label(&self, line: i32, v: i32) -> String {
        format!("({}T{})", line_label(line, self.setup.even), turn_of(v))
    }

    /// A decision in canonical notation.
    #[must_use]
    pub fn notation(&self, d: Decision5) -> String {
        match d {
            Decision5::Submit => "submit".into(),
            Decision5::Move(mv) => self.move_text(mv),
        }
    }

    fn move_text(&self, mv: Move5) -> String {
        let piece = self.at(mv.from);
        let mut s = self.board_label(mv.from.line, mv.from.v);
        if let Some(p) = piece.filter(|p| p.kind != Kind::Pawn) {
            s.push(p.kind.letter());
        }
        s.push_str(&square_name(mv.from.x, mv.from.y));
        if (mv.from.line, mv.from.v) != (mv.to.line, mv.to.v) {
            let hop = self.line(mv.to.line).is_some_and(|t| t.end() == mv.to.v);
            s.push_str(if hop { ">" } else { ">>" });
            s.push_str(&self.board_label(mv.to.line, mv.to.v));
        }
        s.push_str(&square_name(mv.to.x, mv.to.y));
        if let Some(k) = mv.promotion {
            s.push('=');
            s.push(k.letter());
        }
        s
    }

    /// Reads a decision and checks that it is open now. Only the moves the text could name
    /// are tested for legality ([`Multiverse::legal_moves`] with the pattern as its filter),
    /// so reading a move costs a small part of listing every decision.
    pub fn parse_notation(&self, text: &str) -> Result<Decision5, DecisionError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("submit") {
            return self
                .may_submit()
                .then_some(Decision5::Submit)
                .ok_or_else(|| {
                    DecisionError::illegal(
                        text,
                        if self.present_passed() {
                            "a royal piece would be left open to capture (check)"
                        } else {
                            "the present is still yours: move on every board of the present first"
                        },
                    )
                });
        }
        let pattern = self
            .pattern(t)
            .map_err(|why| DecisionError::unparsable(text, why.to_string()))?;
        let default_promotion = self.setup.promotions.first().copied();
        let mut open = Vec::new();
        self.legal_moves(&mut open, |mv| {
            self.matches(&mv, &pattern, default_promotion, true)
        });
        let found = |any_piece: bool| -> Vec<Move5> {
            open.iter()
                .filter_map(|d| match d {
                    Decision5::Move(mv) => Some(*mv),
                    Decision5::Submit => None,
                })
                .filter(|mv| any_piece || self.matches(mv, &pattern, default_promotion, false))
                .collect()
        };
        // Without a piece letter a pawn's move first; if no pawn's fits, any piece's.
        let mut candidates = found(false);
        if candidates.is_empty() && pattern.kind.is_none() && pattern.castle.is_none() {
            candidates = found(true);
        }
        match candidates.as_slice() {
            [mv] => Ok(Decision5::Move(*mv)),
            [] => Err(DecisionError::illegal(
                text,
                "no legal move matches it here",
            )),
            [first @ .., last] => Err(DecisionError::illegal(
                text,
                format!(
                    "ambiguous: it could be {} or {}",
                    first
                        .iter()
                        .map(|&mv| self.move_text(mv))
                        .collect::<Vec<_>>()
                        .join(", "),
                    self.move_text(*last)
                ),
            )),
        }
    }

    fn matches(
        &self,
        mv: &Move5,
        p: &Pattern,
        default_promotion: Option<Kind>,
        any_piece: bool,
    ) -> bool {
        let piece = self.at(mv.from);
        let kind = piece.map(|q| q.kind);
        let board_ok = |board: Option<BoardPattern>, line: i32, v: i32| {
            board.is_none_or(|(l, t)| {
                l.is_none_or(|l| l == line) && t.is_none_or(|t| t == turn_of(v))
            })
        };
        if let Some(long) = p.castle {
            return kind == Some(Kind::King)
                && (mv.from.line, mv.from.v) == (mv.to.line, mv.to.v)
                && (mv.to.x - mv.from.x) == if long { -2 } else { 2 }
                && board_ok(p.from_board, mv.from.line, mv.from.v);
        }
        let same_board = (mv.from.line, mv.from.v) == (mv.to.line, mv.to.v);
        let to_board_ok = match (p.to_board, p.branching) {
            (Some(_), _) => board_ok(p.to_board, mv.to.line, mv.to.v),
            (None, Some(branching)) => {
                let hop = self.line(mv.to.line).is_some_and(|t| t.end() == mv.to.v);
                !same_board && branching != hop
            }
            (None, None) => same_board,
        };
        board_ok(p.from_board, mv.from.line, mv.from.v)
            && to_board_ok
            && (any_piece || p.kind.unwrap_or(Kind::Pawn) == kind.unwrap_or(Kind::Pawn))
            && p.from_x.is_none_or(|x| x == mv.from.x)
            && p.from_y.is_none_or(|y| y == mv.from.y)
            && p.to == Some((mv.to.x, mv.to.y))
            && match (p.promotion, mv.promotion) {
                (Some(a), Some(b)) => a == b,
                (None, Some(b)) => Some(b) == default_promotion,
                (None, None) => true,
                (Some(_), None) => false,
            }
    }

    /// Takes a move apart (see the module docs for the forms).
    fn pattern(&self, text: &str) -> Result<Pattern, MoveTextError> {
        let even = self.setup.even;
        let core = text.trim_end_matches(['+', '*', '#', '~', '!', '?']);
        let mut p = Pattern::default();
        let mut rest = core;
        if rest.starts_with('(') {
            let (board, after) = board_prefix(rest, even)?;
            p.from_board = Some(board);
            rest = after;
        }
        match rest {
            "O-O" | "0-0" => {
                p.castle = Some(false);
                return Ok(p);
            }
            "O-O-O" | "0-0-0" => {
                p.castle = Some(true);
                return Ok(p);
            }
            _ => {}
        }
        for (old, kind) in [
            ("BR", Kind::Brawn),
            ("CK", Kind::CommonKing),
            ("RQ", Kind::RoyalQueen),
            ("PR", Kind::Princess),
        ] {
            if let Some(after) = rest.strip_prefix(old) {
                p.kind = Some(kind);
                rest = after;
            }
        }
        if p.kind.is_none()
            && let Some(c) = rest.chars().next().filter(char::is_ascii_uppercase)
        {
            p.kind = Some(Kind::from_letter(c).ok_or(MoveTextError::PieceLetter(c))?);
            rest = &rest[1..];
        }
        // The destination: after `>`/`>>`, or a second board prefix, or the end.
        let (source, target) = if let Some(i) = rest.find('>') {
            let after = rest[i..].trim_start_matches('>');
            let branching = rest[i..].len() - after.len() > 1;
            let after = after.trim_start_matches('x');
            if !after.starts_with('(') {
                p.branching = Some(branching);
            }
            (&rest[..i], after)
        } else if let Some(i) = rest.find('(') {
            (&rest[..i], &rest[i..])
        } else {
            ("", rest)
        };
        let mut target = target;
        if target.starts_with('(') {
            let (board, after) = board_prefix(target, even)?;
            p.to_board = Some(board);
            target = after;
        }
        if let Some((sq, promo)) = target.split_once('=') {
            let c = promo
                .chars()
                .next()
                .ok_or(MoveTextError::NoPromotionLetter)?;
            p.promotion = Some(
                Kind::from_letter(c).ok_or_else(|| MoveTextError::Promotion(promo.to_owned()))?,
            );
            target = sq;
        }
        // Without a jump, the source squares (SAN disambiguation or long form) precede the
        // target square: `Nbd2`, `exd5`, `g1f3`.
        let all: Vec<char> = format!("{source}{target}").chars().collect();
        let squares = without_capture_marks(&all);
        if squares.len() < 2 {
            return Err(MoveTextError::NotAMove);
        }
        let (tx, ty) = square(&squares[squares.len() - 2..]).ok_or(MoveTextError::Target)?;
        p.to = Some((tx, ty));
        for &c in &squares[..squares.len() - 2] {
            if c.is_ascii_lowercase() && p.from_x.is_none() && p.from_y.is_none() {
                p.from_x = Some(c as i32 - 'a' as i32);
            } else if let Some(d) = c.to_digit(10) {
                p.from_y = Some(d as i32 - 1);
            } else {
                return Err(MoveTextError::Stray(c));
            }
        }
        Ok(p)
    }
}

/// The characters without the capture marks: an `x` is one only before a square (`exd5`,
/// `Nxf3`, `e2xe4`); any other `x` stays and is refused (`e2e4xxxx` is not `e2e4`).
fn without_capture_marks(chars: &[char]) -> Vec<char> {
    chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            let before_square = chars.get(i + 1).is_some_and(char::is_ascii_lowercase)
                && chars.get(i + 2).is_some_and(char::is_ascii_digit);
            !(c == 'x' && before_square)
        })
        .map(|(_, &c)| c)
        .collect()
}

fn square(chars: &[char]) -> Option<(i32, i32)> {
    let x = chars.first().filter(|c| c.is_ascii_lowercase())?;
    let y = chars.get(1)?.to_digit(10)?;
    (y >= 1).then(|| (*x as i32 - 'a' as i32, y as i32 - 1))
}

/// Reads `(0T5)`, `(L-1T19)`, `( -1 T 5 )`, `(+0T1)`, and with a part left out `(L1)`, `(1)`,
/// `(T5)`; returns ((line, T), the rest).
fn board_prefix(text: &str, even: bool) -> Result<(BoardPattern, &str), MoveTextError> {
    let close = text.find(')').ok_or(MoveTextError::UnclosedBoard)?;
    let inside: String = text[1..close]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let inside = inside.strip_prefix('L').unwrap_or(&inside);
    let (l, t) = inside.split_once('T').unwrap_or((inside, ""));
    if l.is_empty() && t.is_empty() {
        return Err(MoveTextError::NotABoard(inside.to_owned()));
    }
    let line = (!l.is_empty()).then(|| parse_line(l, even)).transpose()?;
    let t = (!t.is_empty() || inside.contains('T'))
        .then(|| {
            t.parse::<i32>().map_err(|_| MoveTextError::Turn {
                board: inside.to_owned(),
                turn: t.to_owned(),
            })
        })
        .transpose()?;
    Ok(((line, t), &text[close + 1..]))
}
