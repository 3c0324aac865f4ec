//! The toy drawn: a terminal diagram and the [`View`] of a graphical client.

use omnichess_core::{
    BoardView, Cell, DecisionInfo, Game, MoveView, Notation, PieceView, Player, Variant, View,
};

use super::state::{Kind, SIZE, Toy};

/// The board from the sixth rank down, then the files and the player to move.
pub fn diagram(game: &Toy) -> String {
    let mut out = String::new();
    for rank in (0..SIZE).rev() {
        out.push_str(&format!("{} ", rank + 1));
        let row: Vec<String> = (0..SIZE)
            .map(|file| {
                game.piece(rank * SIZE + file).map_or("·".to_owned(), |p| {
                    let letter = p.kind.letter();
                    if p.player == Player::White {
                        letter.to_string()
                    } else {
                        letter.to_ascii_lowercase().to_string()
                    }
                })
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out.push_str("  a b c d e f\n");
    out.push_str(&format!(
        "{} to move{}\n",
        Toy::PLAYER_NAMES[game.mover() as usize],
        if game.in_check() { " (check)" } else { "" }
    ));
    out
}

/// The material of a kind in pawns: chess's classical values; the king, never traded, 0.
const fn value(kind: Kind) -> f32 {
    match kind {
        Kind::King => 0.0,
        Kind::Queen => 9.0,
        Kind::Rook => 5.0,
        Kind::Knight => 3.0,
        Kind::Pawn => 1.0,
    }
}

/// One board with its pieces, every legal move and the king in check.
pub fn view(game: &Toy) -> View {
    let mut board = BoardView::empty("board", SIZE as u8, SIZE as u8, 'a');
    for (square, slot) in board.squares.iter_mut().enumerate() {
        *slot = game.piece(square).map(|p| PieceView {
            player: p.player as u8,
            kind: p.kind.letter(),
            name: p.kind.name(),
            tag: None,
            value: value(p.kind),
        });
    }
    let cell = |square: u8| Cell {
        board: 0,
        square: u16::from(square),
    };
    let mut moves = Vec::new();
    if game.to_act().player().is_some() {
        game.decisions(&mut moves);
    }
    let king = (0..SIZE * SIZE).find(|&s| {
        game.piece(s)
            .is_some_and(|p| p.player == game.mover() && p.kind == Kind::King)
    });
    View {
        boards: vec![board],
        moves: moves
            .iter()
            .map(|&m| MoveView {
                text: game.decision_text(m),
                from: Some(cell(m.from)),
                to: Some(cell(m.to)),
                promotion: m.promotion.map(|k| k.letter()),
                info: DecisionInfo::MOVE,
            })
            .collect(),
        checks: king
            .filter(|_| game.in_check())
            .map(|s| cell(s as u8))
            .into_iter()
            .collect(),
        counts_material: true,
        layout_turns: true,
        ..View::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_offer_the_legal_decisions() {
        crate::view_checks::views_offer_the_legal_decisions(&Toy::start(), 5, 20);
    }

    #[test]
    fn the_diagram_shows_the_start() {
        assert_eq!(
            diagram(&Toy::start()).lines().next_back(),
            Some("white to move")
        );
        assert!(diagram(&Toy::start()).starts_with("6 r n q k n r\n5 p p p p p p\n"));
    }
}
