//! Counting legal complete turns ("actions") by walking the decision tree, and playing a
//! turn's decisions with each checked open.

use crate::{Counting, Game, ToAct};

/// The number of distinct decision sequences that complete the current turn, capped at `cap`.
///
/// A sequence completes the turn when [`Game::turn_index`] changes or when the game reaches a
/// state with no decisions. A finished game has no turns (0).
pub fn count_complete_turns<G: Counting>(game: &mut G, cap: u64) -> u64 {
    if matches!(game.to_act(), ToAct::Nobody(_)) || cap == 0 {
        return 0;
    }
    let turn = game.turn_index();
    let mut buffers = Vec::new();
    let mut count = 0;
    walk(game, turn, cap, 0, &mut buffers, &mut count);
    count
}

fn walk<G: Counting>(
    game: &mut G,
    turn: u64,
    cap: u64,
    depth: usize,
    buffers: &mut Vec<Vec<G::Decision>>,
    count: &mut u64,
) {
    if buffers.len() <= depth {
        buffers.push(Vec::new());
    }
    let mut list = std::mem::take(&mut buffers[depth]);
    game.decisions(&mut list);
    for &decision in &list {
        if *count >= cap {
            break;
        }
        game.apply(decision);
        if game.turn_index() != turn || game.count_decisions(&mut buffers[depth]) == 0 {
            *count += 1;
        } else {
            walk(game, turn, cap, depth + 1, buffers, count);
        }
        game.undo();
    }
    buffers[depth] = list;
}

/// Plays `decisions` on `game` one by one, each only if it is open where it comes: `Err` with
/// the index of the first that is not, the game left before it.
pub fn play_checked<G: Game>(game: &mut G, decisions: &[G::Decision]) -> Result<(), usize> {
    let mut open = Vec::new();
    for (i, &d) in decisions.iter().enumerate() {
        game.decisions(&mut open);
        if !open.contains(&d) {
            return Err(i);
        }
        game.apply(d);
    }
    Ok(())
}
