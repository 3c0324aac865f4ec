//! 5D Chess as the browser draws it: every board of every timeline, laid out through time
//! from left to right (column = 2·(T − earliest T) + 0 for White to move, 1 for Black) and
//! timelines from top to bottom, lowest line first (Black's timelines above timeline 0,
//! White's below it, as the published game shows them from White's side); the playable boards
//! marked active; every legal decision with its squares (a jump's `to` on the board it
//! targets, `submit` without squares); the royal pieces in check; arrows for the jumps of
//! this turn and of the opponent's last turn; notes on the present (docs/rules/multiverse.md,
//! "Browser view").

use omnichess_core::{
    Arrow, BoardView, Cell, Game, Hooks, MoveView, PieceView, Presentation, View,
};

use super::board::Board;
use super::coords::{line_label, turn_of};
use super::piece::Kind;
use super::state::{Decision5, Multiverse, Pos, TurnStart, Undo};

/// The action search's effort (candidate points) the view may spend to learn whether the game
/// is over at a turn's start: a few milliseconds. A state whose exact answer is already
/// known (the server asks `to_act` first) answers at once.
const VIEW_EFFORT: u64 = 1_000;

/// The name of a kind in words.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Pawn => "pawn",
        Kind::Knight => "knight",
        Kind::Bishop => "bishop",
        Kind::Rook => "rook",
        Kind::Queen => "queen",
        Kind::King => "king",
        Kind::Unicorn => "unicorn",
        Kind::Dragon => "dragon",
        Kind::Brawn => "brawn",
        Kind::Princess => "princess",
        Kind::RoyalQueen => "royal queen",
        Kind::CommonKing => "common king",
    }
}

/// Where each board of the multiverse is in [`View::boards`]: the boards the state began
/// with (half-turn by half-turn, each half-turn's lowest timeline first), then those its
/// decisions appended, in the order they were made. A move only adds boards, at the end, so
/// every board already there, and every move that names it, keeps its index from one state
/// to the next: a client sent what changed (the server's patches) is sent little.
struct BoardIndex {
    /// Per line (from the lowest): its first half-turn and each of its boards' indices.
    lines: Vec<(i32, Vec<u16>)>,
    min_line: i32,
    /// The boards, (line, half-turn), in index order.
    order: Vec<(i32, i32)>,
    width: i32,
}

impl BoardIndex {
    fn new(game: &Multiverse) -> BoardIndex {
        // The boards the decisions appended, newest first: each line's last board as they are
        // taken back one by one.
        let mut ends: Vec<i32> = game
            .lines
            .iter()
            .map(|t| t.start + t.boards.len() as i32)
            .collect();
        let mut appended = Vec::new();
        for undo in game.undo.iter().rev() {
            let Undo::Move(boards) = undo else { continue };
            for &(line, _) in boards.iter().rev() {
                let Some(end) = usize::try_from(line - game.min_line)
                    .ok()
                    .and_then(|i| ends.get_mut(i))
                else {
                    continue;
                };
                *end -= 1;
                appended.push((line, *end));
            }
        }
        appended.reverse();
        let mut order: Vec<(i32, i32)> = game
            .timelines()
            .zip(&ends)
            .flat_map(|((line, t), &end)| (t.start..end).map(move |v| (line, v)))
            .collect();
        order.sort_by_key(|&(line, v)| (v, line));
        order.extend(appended);
        let mut lines: Vec<(i32, Vec<u16>)> = game
            .lines
            .iter()
            .map(|t| (t.start, vec![u16::MAX; t.boards.len()]))
            .collect();
        for (i, &(line, v)) in order.iter().enumerate() {
            let slot = usize::try_from(line - game.min_line)
                .ok()
                .and_then(|l| lines.get_mut(l))
                .and_then(|(start, at)| at.get_mut(usize::try_from(v - *start).ok()?));
            if let Some(slot) = slot {
                *slot = u16::try_from(i).unwrap_or(u16::MAX);
            }
        }
        BoardIndex {
            lines,
            min_line: game.min_line,
            order,
            width: game.setup.width,
        }
    }

    /// The boards, (line, half-turn), in index order.
    fn order(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        self.order.iter().copied()
    }

    /// The index of board (line, v), if it exists.
    fn board(&self, line: i32, v: i32) -> Option<u16> {
        let (start, at) = self
            .lines
            .get(usize::try_from(line - self.min_line).ok()?)?;
        at.get(usize::try_from(v - start).ok()?)
            .copied()
            .filter(|&i| i != u16::MAX)
    }

    /// The cell of a square of the multiverse, if its board exists.
    fn cell(&self, p: Pos) -> Option<Cell> {
        Some(Cell {
            board: self.board(p.line, p.v)?,
            square: u16::try_from(p.y * self.width + p.x).ok()?,
        })
    }
}

impl Multiverse {
    /// The view of the state (see [`omnichess_core::Presentation::view`]).
    pub(super) fn draw_view(&self) -> View {
        let index = BoardIndex::new(self);
        let outcome = self.to_act_bounded(VIEW_EFFORT).outcome();
        let mut decisions = Vec::new();
        if outcome.is_none() {
            self.decisions(&mut decisions);
        }
        let may_submit = decisions.contains(&Decision5::Submit);
        let moves = decisions
            .into_iter()
            .map(|d| self.move_view(d, &index))
            .collect();
        let checks = self.royal_pieces_in_check(&index);
        let mut notes = self.notes(outcome, may_submit);
        if !checks.is_empty() && outcome.is_none() {
            notes
                .push("Check: a royal piece could be taken if every playable board passed.".into());
        }
        View {
            boards: self.board_views(outcome.is_none(), &index),
            moves,
            checks,
            arrows: self.jump_arrows(&index),
            notes,
            counts_material: false,
            departed: Vec::new(),
            layout_turns: false,
        }
    }

    /// Every board, in [`BoardIndex`] order, at its place in the layout.
    fn board_views(&self, playing: bool, index: &BoardIndex) -> Vec<BoardView> {
        let (width, height, even) = (self.setup.width, self.setup.height, self.setup.even);
        let earliest = self
            .lines
            .iter()
            .map(|t| turn_of(t.start))
            .min()
            .unwrap_or(0);
        let mut views = Vec::new();
        for (line, v) in index.order() {
            let Some(board) = self.board(line, v) else {
                continue;
            };
            let label = format!(
                "L{} T{} {}",
                line_label(line, even),
                turn_of(v),
                if v & 1 == 0 { "w" } else { "b" }
            );
            let mut view = BoardView::empty(label, width as u8, height as u8, 'a');
            view.column = v - 2 * earliest;
            view.row = line - self.min_line;
            view.active = playing && self.playable(line, v);
            for (x, y, p) in board.pieces() {
                if let Some(square) = view.squares.get_mut((y * width + x) as usize) {
                    *square = Some(PieceView {
                        player: u8::from(!p.white),
                        kind: p.kind.letter(),
                        name: kind_name(p.kind),
                        tag: None,
                        value: p.kind.value(),
                    });
                }
            }
            views.push(view);
        }
        views
    }

    /// `d` as the view lists it, with its squares.
    pub(super) fn draw_decision(&self, d: Decision5) -> MoveView {
        self.move_view(d, &BoardIndex::new(self))
    }

    /// A decision with its squares: a move from its board to the board it targets (for a
    /// jump into the past, that past board); `submit` without squares.
    fn move_view(&self, d: Decision5, index: &BoardIndex) -> MoveView {
        let (from, to, promotion) = match d {
            Decision5::Move(mv) => (
                index.cell(mv.from),
                index.cell(mv.to),
                mv.promotion.map(Kind::letter),
            ),
            Decision5::Submit => (None, None, None),
        };
        MoveView {
            text: self.notation(d),
            from,
            to,
            promotion,
            info: self.decision_info(d),
        }
    }

    /// The mover's royal pieces the opponent could take if every board the mover may still
    /// play passed (the rules' check, R9/R10): found on a copy with those passes made; a
    /// royal piece on a pass board is marked on the playable board it copies.
    fn royal_pieces_in_check(&self, index: &BoardIndex) -> Vec<Cell> {
        let mover = self.white_to_move;
        let mut passed = Multiverse {
            setup: self.setup.clone(),
            min_line: self.min_line,
            lines: self.lines.clone(),
            white_to_move: mover,
            turns: self.turns,
            undo: Vec::new(),
            turn_start: std::cell::Cell::new(TurnStart::Unknown),
        };
        let ends: Vec<(i32, i32)> = self
            .playable_lines()
            .filter_map(|l| self.line(l).map(|t| (l, t.end())))
            .collect();
        for &(line, v) in &ends {
            if let Some(b) = self.board(line, v).copied() {
                passed.push_board(line, v + 1, b);
            }
        }
        let mut found: Vec<Cell> = Vec::new();
        for (line, t) in passed.timelines() {
            let v = t.end();
            let Some(board) = t.board(v) else { continue };
            if (v & 1 == 0) == mover {
                continue;
            }
            for (x, y, piece) in board.pieces().filter(|(_, _, p)| p.white != mover) {
                let from = Pos { line, v, x, y };
                passed.targets(from, piece, true, &mut |to| {
                    let royal = passed
                        .at(to)
                        .is_some_and(|p| p.white == mover && p.kind.royal());
                    let on_pass = ends.contains(&(to.line, to.v - 1));
                    let at = if on_pass {
                        Pos { v: to.v - 1, ..to }
                    } else {
                        to
                    };
                    if let Some(c) = index.cell(at).filter(|c| royal && !found.contains(c)) {
                        found.push(c);
                    }
                });
            }
        }
        found
    }

    /// Arrows for the jumps (time travel, timeline jumps) made this turn and in the
    /// opponent's last turn, from the square left to the square taken on the board the jump
    /// created (the successor of the board targeted: a new timeline's first board).
    /// The state keeps the boards each decision added, not the moves: a jump is a decision
    /// that added two boards, its source is the board before its departure board, its landing
    /// square the one square where its arrival board differs from the board targeted (for a
    /// branch, the board of the same half-turn on a line that existed then which differs in
    /// that square alone). A game read from position text has no decisions to show.
    fn jump_arrows(&self, index: &BoardIndex) -> Vec<Arrow> {
        // Each line's last half-turn as the decisions are taken back one by one (None once
        // the line is taken back entirely).
        let mut ends: Vec<Option<(i32, i32)>> = self
            .lines
            .iter()
            .map(|t| Some((t.start, t.end())))
            .collect();
        let slot = |line: i32| usize::try_from(line - self.min_line).ok();
        let mut arrows = Vec::new();
        let mut submits = 0;
        for undo in self.undo.iter().rev() {
            let appended = match undo {
                Undo::Submit => {
                    submits += 1;
                    if submits == 2 {
                        break;
                    }
                    continue;
                }
                Undo::Move(appended) => appended,
            };
            let mut boards = Vec::with_capacity(2);
            for &(line, _) in appended.iter().rev() {
                let Some(end) = slot(line).and_then(|i| ends.get_mut(i)) else {
                    return arrows;
                };
                let Some((start, v)) = *end else {
                    return arrows;
                };
                boards.push((line, v));
                *end = (v > start).then_some((start, v - 1));
            }
            if let [(to_line, to_v), (from_line, from_v)] = boards[..] {
                let created = appended.get(1).is_some_and(|&(_, c)| c);
                if let Some(arrow) =
                    self.jump_arrow((from_line, from_v), (to_line, to_v), created, &ends, index)
                {
                    arrows.push(arrow);
                }
            }
        }
        arrows.reverse();
        arrows
    }

    /// The arrow of a jump whose departure board is `departure` and arrival board `arrival`
    /// (`created`: a new timeline's first board), with `ends` the lines as they were then.
    fn jump_arrow(
        &self,
        departure: (i32, i32),
        arrival: (i32, i32),
        created: bool,
        ends: &[Option<(i32, i32)>],
        index: &BoardIndex,
    ) -> Option<Arrow> {
        let (dl, dv) = departure;
        let left = self.board(dl, dv)?;
        let source = self.board(dl, dv - 1)?;
        let (fx, fy) = differences(source, left, self.setup.width, self.setup.height)
            .into_iter()
            .next()?;
        let (al, av) = arrival;
        let landed = self.board(al, av)?;
        // The board targeted is the one before the arrival in time.
        let tv = av - 1;
        let candidates: Vec<i32> = if created {
            // The new line is already taken back in `ends`.
            (self.min_line..=self.max_line())
                .filter(|&l| {
                    usize::try_from(l - self.min_line)
                        .ok()
                        .and_then(|i| ends.get(i).copied().flatten())
                        .is_some_and(|(start, end)| (start..=end).contains(&tv))
                })
                .collect()
        } else {
            vec![al]
        };
        let (tx, ty) = candidates.into_iter().find_map(|l| {
            let target = self.board(l, tv)?;
            match differences(target, landed, self.setup.width, self.setup.height)[..] {
                [square] => Some(square),
                _ => None,
            }
        })?;
        let from = Pos {
            line: dl,
            v: dv - 1,
            x: fx,
            y: fy,
        };
        // The arrow ends on the board the jump made, where the piece now stands.
        let to = Pos {
            line: al,
            v: av,
            x: tx,
            y: ty,
        };
        Some(Arrow {
            from: index.cell(from)?,
            to: index.cell(to)?,
        })
    }

    /// The lines beside the boards: the present, the submit, the active timelines.
    fn notes(&self, outcome: Option<omnichess_core::Outcome>, may_submit: bool) -> Vec<String> {
        let colour = |white: bool| if white { "White" } else { "Black" };
        let present = self.present();
        let mut notes = vec![match outcome {
            Some(o) => format!("Game over: {o}."),
            None => format!(
                "The present: T{} with {} to move; {} is making this turn.",
                turn_of(present),
                colour(present & 1 == 0),
                colour(self.white_to_move),
            ),
        }];
        if outcome.is_none() {
            notes.push(if may_submit {
                "Submit is possible: the present has passed to the opponent.".to_owned()
            } else if self.present_passed() {
                "Submit is not possible: a royal piece would be left open to capture.".to_owned()
            } else {
                "Submit is not possible yet: move on every board of the present first.".to_owned()
            });
        }
        let active = self.timelines().filter(|(l, _)| self.active(*l)).count();
        notes.push(format!(
            "Active timelines: {active} of {}.",
            self.lines.len()
        ));
        notes
    }
}

/// The squares (x, y) where `a` and `b` differ.
fn differences(a: &Board, b: &Board, width: i32, height: i32) -> Vec<(i32, i32)> {
    (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .filter(|&(x, y)| a.get(x, y) != b.get(x, y))
        .collect()
}

#[cfg(test)]
mod tests {
    use omnichess_core::{DecisionInfo, DecisionKind, Notation, Presentation, Records, Variant};

    use super::*;

    fn after(start: &str, decisions: &str) -> Multiverse {
        let mut g = Multiverse::from_position_text(start).unwrap();
        for d in decisions.split_whitespace() {
            let decision = g.parse_decision(d).unwrap_or_else(|e| panic!("{d}: {e}"));
            g.apply(decision);
        }
        g
    }

    fn at(board: u16, square: u16) -> Cell {
        Cell { board, square }
    }

    fn piece(view: &View, board: usize, square: usize) -> Option<(u8, char)> {
        view.boards[board].squares[square]
            .as_ref()
            .map(|p| (p.player, p.kind))
    }

    /// The boards' labels with their (column, row) and whether they are active.
    fn layout(view: &View) -> Vec<(&str, i32, i32, bool)> {
        view.boards
            .iter()
            .map(|b| (b.label.as_str(), b.column, b.row, b.active))
            .collect()
    }

    const STANDARD: &str = "[Board \"Standard\"]";
    /// Two knight moves, then White's knight jumps a turn back to f5 of (0T1) (R4: a branch).
    const JUMP: &str = "(0T1)Ng1f3 submit (0T1)Ng8f6 submit (0T2)Nf3>>(0T1)f5";

    #[test]
    fn r2_the_start_offers_its_twenty_moves_on_one_board() {
        let g = Multiverse::start();
        let view = g.view();
        let mut legal = Vec::new();
        g.decisions(&mut legal);
        assert_eq!(view.moves.len(), legal.len());
        assert_eq!(view.moves.len(), 20, "no submit before a move");
        assert_eq!(layout(&view), [("L0 T1 w", 0, 0, true)]);
        assert_eq!(piece(&view, 0, 4), Some((0, 'K')));
        assert_eq!(piece(&view, 0, 60), Some((1, 'K')));
        let nf3 = view.find_move(at(0, 6), at(0, 21), None);
        assert_eq!(nf3.map(|m| m.text.as_str()), Some("(0T1)Ng1f3"));
        assert!(!view.counts_material && !view.layout_turns);
        assert!(view.arrows.is_empty() && view.checks.is_empty());
        assert!(
            view.notes
                .iter()
                .any(|n| n.contains("Submit is not possible yet"))
        );
    }

    #[test]
    fn r4_a_jump_into_the_past_targets_the_past_board_and_branches() {
        let g = after(STANDARD, "(0T1)Ng1f3 submit (0T1)Ng8f6 submit");
        let view = g.view();
        assert_eq!(view.boards.len(), 3);
        // The knight on (0T2) f3 (board 2, square 21) may jump to f5 of (0T1) (board 0).
        let jump = view.find_move(at(2, 21), at(0, 37), None);
        assert_eq!(jump.map(|m| m.text.as_str()), Some("(0T2)Nf3>>(0T1)f5"));
        assert!(
            view.moves
                .iter()
                .filter_map(|m| m.from.zip(m.to))
                .any(|(from, to)| to.board < from.board),
            "some move lands on a past board"
        );

        let g = after(STANDARD, JUMP);
        let view = g.view();
        // (0T1) w, (0T1) b, (0T2) w, (0T2) b on timeline 0, and White's new timeline 1 with
        // (1T1) b holding the knight, below timeline 0 from the first player's side; listed
        // as they came to be, the jump's departure board before its arrival.
        assert_eq!(
            layout(&view),
            [
                ("L0 T1 w", 0, 0, false),
                ("L0 T1 b", 1, 0, false),
                ("L0 T2 w", 2, 0, false),
                ("L0 T2 b", 3, 0, false),
                ("L1 T1 b", 1, 1, false),
            ]
        );
        assert_eq!(piece(&view, 4, 37), Some((0, 'N')));
        assert_eq!(piece(&view, 3, 21), None, "the knight left (0T2)");
        // R2: the present (T1, Black to move on timeline 1) has passed: submit, no squares.
        let submit = view.moves.iter().find(|m| m.text == "submit").unwrap();
        assert_eq!((submit.from, submit.to), (None, None));
        // R2: submit closes the turn of moves: a move list leaves it out.
        assert_eq!(
            (submit.info.kind, submit.info.turn_end, submit.info.label),
            (DecisionKind::Submit, true, Some("Submit turn"))
        );
        assert!(
            view.moves
                .iter()
                .filter(|m| m.text != "submit")
                .all(|m| m.info == DecisionInfo::MOVE)
        );
        assert!(view.notes.iter().any(|n| n.contains("Submit is possible")));
        assert!(view.notes.iter().any(|n| n == "Active timelines: 2 of 2."));
        // The jump's arrow: from f3 of (0T2) w to f5 of the board it made, (1T1) b.
        assert_eq!(
            view.arrows,
            [Arrow {
                from: at(2, 21),
                to: at(4, 37)
            }]
        );
    }

    /// A decision drawn alone is the view's entry for it.
    #[test]
    fn a_decision_drawn_alone_is_as_the_view_lists_it() {
        let game = after(STANDARD, &format!("{JUMP} submit"));
        let mut decisions = Vec::new();
        game.decisions(&mut decisions);
        let alone: Vec<MoveView> = decisions.iter().map(|&d| game.draw_decision(d)).collect();
        assert_eq!(alone, game.view().moves);
        assert!(alone.len() > 20);
    }

    /// A decision only adds boards at the end: every board keeps its index (the boards of
    /// each state begin with those of the state before).
    #[test]
    fn the_boards_keep_their_indices_as_decisions_add_boards() {
        let line = format!("{JUMP} submit (0T2)Nf6>>(0T1)f4");
        let labels = |g: &Multiverse| -> Vec<String> {
            g.view().boards.into_iter().map(|b| b.label).collect()
        };
        let mut game = after(STANDARD, "");
        let mut before = labels(&game);
        for decision in line.split_whitespace() {
            let parsed = game
                .parse_decision(decision)
                .unwrap_or_else(|e| panic!("{decision}: {e}"));
            game.apply(parsed);
            let now = labels(&game);
            assert_eq!(now[..before.len()], before[..], "after {decision}");
            before = now;
        }
        assert!(before.len() > 6, "{before:?}");
    }

    #[test]
    fn r11_the_playable_boards_are_active_and_black_branches_above() {
        let g = after(STANDARD, &format!("{JUMP} submit"));
        let view = g.view();
        let active: Vec<&str> = view
            .boards
            .iter()
            .filter(|b| b.active)
            .map(|b| b.label.as_str())
            .collect();
        assert_eq!(active, ["L0 T2 b", "L1 T1 b"]);
        // Every playable board's moves start on an active board.
        assert!(
            view.moves
                .iter()
                .all(|m| m.from.is_some_and(|c| view.boards[c.board as usize].active))
        );
        // White's jump of the last turn still has its arrow.
        assert_eq!(view.arrows.len(), 1);
        assert!(view.notes[0].contains("Black is making this turn"));

        // Black jumps too, from (0T2) f6 back to f4 of (0T1): timeline -1, drawn above.
        let g = after(STANDARD, &format!("{JUMP} submit (0T2)Nf6>>(0T1)f4"));
        let view = g.view();
        let rows: Vec<(&str, i32)> = view
            .boards
            .iter()
            .map(|b| (b.label.as_str(), b.row))
            .filter(|(l, _)| !l.starts_with("L0"))
            .collect();
        assert_eq!(
            rows,
            [("L1 T1 b", 2), ("L-1 T2 w", 0)],
            "as they came to be"
        );
        // Both jumps have their arrows, White's first; Black's goes from f6 of (0T2) b to f4
        // of the board it made, (-1T2) w.
        assert_eq!(view.arrows.len(), 2);
        let black = view.arrows[1];
        assert_eq!(view.boards[black.from.board as usize].label, "L0 T2 b");
        assert_eq!(black.from.square, 45);
        assert_eq!(view.boards[black.to.board as usize].label, "L-1 T2 w");
        assert_eq!(black.to.square, 29);
    }

    #[test]
    fn r10_the_fools_mate_checks_the_king_and_a_mate_ends_the_moves() {
        // R10: the fool's mate is a softmate in 5D: in check, with escapes into the past.
        let g = after(
            STANDARD,
            "(0T1)f2f3 submit (0T1)e7e5 submit (0T2)g2g4 submit (0T2)Qd8h4 submit",
        );
        let view = g.view();
        assert_eq!(view.boards.len(), 5);
        assert_eq!(view.checks, [at(4, 4)], "the king on e1 of (0T3) w");
        assert!(!view.moves.is_empty());
        assert!(view.notes.iter().any(|n| n.starts_with("Check")));

        let mate = Multiverse::from_position_text(
            "[Board \"custom\"] [Size \"5x5\"] [k4/5/5/5/RRK2:0:1:b]",
        )
        .unwrap();
        let view = mate.view();
        assert!(view.moves.is_empty());
        assert_eq!(view.checks, [at(0, 20)], "the king on a5 of a 5x5 board");
        assert!(view.boards.iter().all(|b| !b.active));
        assert!(view.notes[0].contains("checkmate"));
    }

    #[test]
    fn small_boards_and_two_timelines_are_numbered_by_their_size_and_labels() {
        let g = Multiverse::from_position_text("[Board \"Small\"]").unwrap();
        let view = g.view();
        let board = &view.boards[0];
        assert_eq!((board.files.len(), board.ranks.len()), (5, 5));
        assert_eq!(board.squares.len(), 25);
        // `k*qbnr*/…/K*QBNR*`: the white king on a1, the black king on a5 (4·5 + 0).
        assert_eq!(piece(&view, 0, 0), Some((0, 'K')));
        assert_eq!(piece(&view, 0, 20), Some((1, 'K')));
        let mut legal = Vec::new();
        g.decisions(&mut legal);
        assert_eq!(view.moves.len(), legal.len());

        let g = Multiverse::from_position_text("[Board \"Standard - Two Timelines\"]").unwrap();
        assert_eq!(
            layout(&g.view()),
            [("L-0 T1 w", 0, 0, true), ("L+0 T1 w", 0, 1, true)]
        );
        // R4: a jump to the last board of another timeline does not branch; its arrow goes to
        // the board it made there, (+0T1) b.
        let g = after("[Board \"Standard - Two Timelines\"]", "(-0T1)Ng1>(+0T1)g3");
        let view = g.view();
        assert_eq!(view.boards.len(), 4);
        assert_eq!(
            view.arrows,
            [Arrow {
                from: at(0, 6),
                to: at(3, 22)
            }]
        );
        assert_eq!(view.boards[3].label, "L+0 T1 b");
        assert_eq!(piece(&view, 3, 22), Some((0, 'N')));
        let g = Multiverse::from_position_text("[Board \"Standard - Turn Zero\"]").unwrap();
        assert_eq!(
            layout(&g.view()),
            [("L0 T0 b", 1, 0, false), ("L0 T1 w", 2, 0, true)]
        );
    }

    /// Every position of the reference games (`tests/data/multiverse/cwmtt`, read at run
    /// time): every decision listed with the mover's piece on an active board, and after
    /// every jump (time travel or a timeline jump, R3/R4) an arrow from the square it left, as
    /// the move's own cells named it, to the square it targeted on a board the jump made.
    #[test]
    fn r4_every_jump_of_the_reference_games_gets_its_arrow() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/multiverse/cwmtt");
        let named = |v: &View, c: Cell| (v.boards[c.board as usize].label.clone(), c.square);
        let mut jumps = 0;
        for game in [
            "wide",
            "futures",
            "NP",
            "ctp2",
            "chessin5d-illegal-move-example",
        ] {
            let path = format!("{dir}/{game}.5dpgn");
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{path}: {e} (the test data is missing)"));
            let record = Multiverse::parse_record(&text).unwrap();
            let mut g = match record.start.as_deref() {
                Some(t) => Multiverse::from_position_text(t).unwrap(),
                None => Multiverse::start(),
            };
            for d in &record.decisions {
                let view = g.view();
                let mut legal = Vec::new();
                g.decisions(&mut legal);
                assert_eq!(view.moves.len(), legal.len());
                for m in view.moves.iter().filter(|m| m.text != "submit") {
                    let from = m.from.unwrap();
                    let board = &view.boards[from.board as usize];
                    assert!(
                        board.active,
                        "{game}: {} starts on a playable board",
                        m.text
                    );
                    let piece = board.squares[from.square as usize].as_ref().unwrap();
                    assert_eq!(piece.player, u8::from(!g.white_to_move()), "{}", m.text);
                }
                let decision = g.parse_decision(&d.text).unwrap();
                let played = g.decision_text(decision);
                let piece_player = u8::from(!g.white_to_move());
                let cells = view.moves.iter().find(|m| m.text == played).unwrap();
                g.apply(decision);
                if let (Some(from), Some(to)) = (cells.from, cells.to)
                    && from.board != to.board
                {
                    let after = g.view();
                    let arrow = *after.arrows.last().unwrap();
                    assert_eq!(
                        named(&after, arrow.from),
                        named(&view, from),
                        "{game}: {played}"
                    );
                    assert_eq!(arrow.to.square, to.square, "{game}: {played}");
                    let made = &after.boards[arrow.to.board as usize];
                    assert!(
                        view.boards.iter().all(|b| b.label != made.label),
                        "{game}: {played} ends on a board it made, not {}",
                        made.label
                    );
                    let landed = made.squares[to.square as usize].as_ref().unwrap();
                    assert_eq!(landed.player, piece_player, "{game}: {played}");
                    jumps += 1;
                }
            }
        }
        assert_eq!(jumps, 51, "the jumps of the five games");
    }
}
