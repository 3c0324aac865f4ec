//! The programs classic perft is measured against, shared by the criterion bench
//! (`benches/classic_perft.rs`) and the instruction-count tool
//! (`examples/classic_perft_once.rs`): the positions, raw cozy-chess perft, and omnichess's
//! own path before `count_decisions_after`.

use omnichess_core::{Counting, Game, ToAct};
use omnichess_variants::classic::Classic;

/// Positions and depths: the start position and kiwipete, a few million nodes each.
pub const CASES: [(&str, &str, u32); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

/// Plain copy-make perft over cozy-chess, counting the last ply in bulk: the reference the
/// library's authors publish.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Classic as it was before `count_decisions_after` counted the ply above the leaves on a
/// copy: every child applied and undone through the history stack (the trait's default). Kept
/// so that the change is measured against its "before" in every run.
#[derive(Clone)]
pub struct ApplyUndoAtLeafParents(pub Classic);

impl Game for ApplyUndoAtLeafParents {
    type Decision = cozy_chess::Move;
    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }
    fn decisions(&self, out: &mut Vec<Self::Decision>) {
        self.0.decisions(out);
    }
    fn apply(&mut self, decision: Self::Decision) {
        self.0.apply(decision);
    }
    fn undo(&mut self) -> bool {
        self.0.undo()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn turn_index(&self) -> u64 {
        self.0.turn_index()
    }
}

impl Counting for ApplyUndoAtLeafParents {
    fn count_decisions(&self, scratch: &mut Vec<Self::Decision>) -> usize {
        self.0.count_decisions(scratch)
    }
}
