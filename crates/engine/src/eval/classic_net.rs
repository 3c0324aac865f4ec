//! Classic chess's evaluation network, in the integer form the engine evaluates and
//! `tune_classic fit-net` writes: for each side's view, 768 inputs (a piece's owner as seen
//! from that side, its type and its square, mirrored for Black) feed [`HIDDEN`] neurons
//! clipped to [0, 1]; the side to move's neurons and then the other side's give the score by
//! one weighted sum. The weights are 16-bit integers; a position is evaluated from scratch
//! (about 30 pieces, two views). The weights compiled in (`classic_net.bin`, [`trained`])
//! were trained in session 23 on Stockfish's static evaluations of three million positions
//! of the engine's self-play (docs/ENGINE.md, "A network for classic chess, adopted").

use std::sync::LazyLock;

use cozy_chess::{Board, Color, Piece, Square};

/// Neurons per view.
pub const HIDDEN: usize = 128;

/// Inputs per view: two owners × six piece types × 64 squares.
pub const INPUTS: usize = 768;

/// The scale of the first layer's integers (its weights and biases, and the neurons' 1).
pub const QA: i32 = 255;

/// The scale of the output layer's weights.
pub const QB: i32 = 1024;

/// Centipawns per unit of the network's output (the win expectancy is 1 / (1 + 10^−output)).
pub const SCALE: i32 = 400;

/// The size in bytes of a weights file: little-endian `i16` first-layer weights (`INPUTS`
/// rows of `HIDDEN`), biases (`HIDDEN`), output weights (`2 × HIDDEN`, the side to move's
/// first), then the output bias as an `i32` on the scale `QA × QB`.
pub const FILE_BYTES: usize = 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

/// The weights compiled in; a file of another size does not compile.
static TRAINED_BYTES: &[u8; FILE_BYTES] = include_bytes!("classic_net.bin");

/// The network read from [`TRAINED_BYTES`] on first use.
static TRAINED: LazyLock<Network> = LazyLock::new(|| Network::read(TRAINED_BYTES));

/// The network classic chess's evaluation uses.
pub fn trained() -> &'static Network {
    &TRAINED
}

/// The network's integer weights.
pub struct Network {
    rows: Vec<[i16; HIDDEN]>,
    bias: [i16; HIDDEN],
    out: [[i16; HIDDEN]; 2],
    out_bias: i32,
}

/// Why bytes are not a network.
#[derive(Debug, thiserror::Error)]
#[error("a network file has {FILE_BYTES} bytes, not {0}")]
pub struct WrongSize(pub usize);

/// The input of a `color` `piece` on `square` in the view of `view`: the same piece of the
/// viewer's own is the same input in both views, with the board mirrored for Black.
pub fn input(view: Color, color: Color, piece: Piece, square: Square) -> usize {
    let theirs = usize::from(color != view);
    let square = if view == Color::White {
        square as usize
    } else {
        square as usize ^ 56
    };
    theirs * 384 + piece as usize * 64 + square
}

impl Network {
    /// Reads a network from the bytes of a weights file ([`FILE_BYTES`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WrongSize> {
        if bytes.len() == FILE_BYTES {
            Ok(Network::read(bytes))
        } else {
            Err(WrongSize(bytes.len()))
        }
    }

    /// Reads the weights from `bytes`, of [`FILE_BYTES`] bytes.
    fn read(bytes: &[u8]) -> Network {
        let mut words = bytes
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut fill = |row: &mut [i16; HIDDEN]| {
            for w in row.iter_mut() {
                *w = words.next().unwrap_or(0);
            }
        };
        let mut rows = vec![[0i16; HIDDEN]; INPUTS];
        rows.iter_mut().for_each(&mut fill);
        let mut bias = [0; HIDDEN];
        fill(&mut bias);
        let mut out = [[0; HIDDEN]; 2];
        out.iter_mut().for_each(&mut fill);
        let tail = &bytes[bytes.len() - 4..];
        let out_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Network {
            rows,
            bias,
            out,
            out_bias,
        }
    }

    /// The score of `board` in centipawns from White's view.
    pub fn evaluate(&self, board: &Board) -> i32 {
        // The inputs of both views; a legal board holds at most 32 pieces.
        let mut inputs = [[0u16; 32]; 2];
        let mut n = 0;
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in board.colored_pieces(color, piece) {
                    if n < 32 {
                        inputs[0][n] = input(Color::White, color, piece, square) as u16;
                        inputs[1][n] = input(Color::Black, color, piece, square) as u16;
                        n += 1;
                    }
                }
            }
        }
        let mover = board.side_to_move();
        let mut sum = self.out_bias;
        for view in Color::ALL {
            let weights = &self.out[usize::from(view != mover)];
            let inputs = &inputs[view as usize][..n];
            // A slice of the neurons at a time, so that its sums stay in registers.
            for at in (0..HIDDEN).step_by(CHUNK) {
                let mut acc = [0i16; CHUNK];
                acc.copy_from_slice(&self.bias[at..at + CHUNK]);
                for &i in inputs {
                    let row = &self.rows[usize::from(i)][at..at + CHUNK];
                    for (a, w) in acc.iter_mut().zip(row) {
                        *a += w;
                    }
                }
                sum += neurons(&acc, &weights[at..at + CHUNK]);
            }
        }
        let score = (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32;
        if mover == Color::White { score } else { -score }
    }
}

/// Neurons summed at once by [`Network::evaluate`].
const CHUNK: usize = 16;

/// Neurons (each clipped to [0, QA]) weighted by `weights`.
fn neurons(acc: &[i16; CHUNK], weights: &[i16]) -> i32 {
    acc.iter()
        .zip(weights)
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(fen: &str) -> i32 {
        trained().evaluate(&fen.parse().expect("a legal FEN"))
    }

    #[test]
    fn the_trained_network_reads_and_judges_material() {
        let start = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(start.abs() < 60, "start {start}");
        let no_queen = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
        assert!(no_queen < -500, "White without a queen {no_queen}");
        let knight_up = at("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert!((150..600).contains(&knight_up), "a knight up {knight_up}");
    }

    #[test]
    fn colours_swapped_give_the_opposite_score_exactly() {
        // The same position with the colours exchanged and the board mirrored.
        let pairs = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            (
                "8/5k2/8/3R4/8/8/5K2/8 w - - 0 1",
                "8/5k2/8/8/3r4/8/5K2/8 b - - 0 1",
            ),
        ];
        for (white, black) in pairs {
            assert_eq!(at(white), -at(black), "{white}");
        }
    }

    #[test]
    fn a_file_of_the_wrong_size_is_refused() {
        assert!(matches!(Network::from_bytes(&[0; 10]), Err(WrongSize(10))));
        assert!(Network::from_bytes(TRAINED_BYTES).is_ok());
    }
}
