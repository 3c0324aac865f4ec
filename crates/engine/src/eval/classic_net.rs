//! Classic chess's evaluation network, in the integer form the engine evaluates and
//! `tune_classic fit-net` writes: for each side's view, 768 inputs (a piece's owner as seen
//! from that side, its type and its square, mirrored for Black) feed [`HIDDEN`] neurons
//! clipped to [0, 1]; the side to move's neurons and then the other side's give the score by
//! one weighted sum, whose weights are chosen by the number of pieces on the board (one of
//! [`BUCKETS`] output layers). The weights are 16-bit integers; the first layer is updated
//! from the pieces that changed since a recent evaluation on the same thread
//! (`classic_accumulator.rs`). Its sums run on AVX2 where the processor has it.
//! The weights compiled in (`classic_net.bin`, [`trained`]) were trained in session 27 on
//! Stockfish's static evaluations of 28 million positions of the engine's self-play (3 M from
//! the weighted terms' games, 7 M each from the games of session 23's, 24's and 25's networks,
//! 4 M from session 26's;
//! docs/ENGINE.md, "A network for classic chess, adopted", and the sections after it).

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use cozy_chess::{Board, Color, Piece, Square};

use super::classic;
use super::material::Pieces;

/// Neurons per view.
pub const HIDDEN: usize = 256;

/// Inputs per view: two owners × six piece types × 64 squares.
pub const INPUTS: usize = 768;

/// The scale of the first layer's integers (its weights and biases, and the neurons' 1).
pub const QA: i32 = 255;

/// The scale of the output layer's weights.
pub const QB: i32 = 1024;

/// Output layers: the one that scores a position is chosen by its number of pieces
/// ([`bucket`]), so that the same neurons can weigh differently in the opening, the
/// middlegame and the ending.
pub const BUCKETS: usize = 8;

/// The output layer ([`BUCKETS`]) of a position with `pieces` pieces on the board, kings
/// included: 2–5 pieces the first, … 30–32 the last.
#[must_use]
pub fn bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(2) as usize / 4).min(BUCKETS - 1)
}

/// Centipawns per unit of the network's output (the win expectancy is 1 / (1 + 10^−output)).
pub const SCALE: i32 = 400;

/// The size in bytes of a weights file: little-endian `i16` first-layer weights (`INPUTS`
/// rows of `HIDDEN`), biases (`HIDDEN`), each bucket's output weights (`2 × HIDDEN`, the
/// side to move's first), then each bucket's output bias as an `i32` on the scale `QA × QB`.
pub const FILE_BYTES: usize = 2 * (INPUTS * HIDDEN + HIDDEN + BUCKETS * 2 * HIDDEN) + 4 * BUCKETS;

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
    out: [[[i16; HIDDEN]; 2]; BUCKETS],
    out_bias: [i32; BUCKETS],
    id: u64,
}

/// The next network's [`Network::id`] (0 is no network's).
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

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
        let mut out = [[[0; HIDDEN]; 2]; BUCKETS];
        out.iter_mut().flatten().for_each(&mut fill);
        let mut out_bias = [0; BUCKETS];
        let tail = bytes[bytes.len() - 4 * BUCKETS..].chunks_exact(4);
        for (b, word) in out_bias.iter_mut().zip(tail) {
            *b = i32::from_le_bytes([word[0], word[1], word[2], word[3]]);
        }
        Network {
            rows,
            bias,
            out,
            out_bias,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// The score of `board` in centipawns from White's view. The first layer is updated from
    /// a recent evaluation's on this thread where few pieces differ (`classic_accumulator.rs`):
    /// the same integers as from scratch.
    pub fn evaluate(&self, board: &Board) -> i32 {
        self.evaluate_pieces(board, &classic::pieces(board))
    }

    /// [`evaluate`](Network::evaluate) with `board`'s pieces already gathered.
    pub fn evaluate_pieces(&self, board: &Board, pieces: &Pieces) -> i32 {
        let mover = board.side_to_move();
        let bucket = bucket(board.occupied().len());
        super::classic_accumulator::with_views(self, board, pieces, |views| {
            self.output(views, mover, bucket)
        })
    }

    /// [`evaluate`](Network::evaluate) without the kept first layers.
    #[cfg(test)]
    pub(crate) fn evaluate_from_scratch(&self, board: &Board) -> i32 {
        let bucket = bucket(board.occupied().len());
        self.output(
            &self.views(&classic::pieces(board)),
            board.side_to_move(),
            bucket,
        )
    }

    /// This network's number, different for every network read in this process.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The first layer of both views (White's, Black's) of `pieces`, from scratch.
    pub(crate) fn views(&self, pieces: &Pieces) -> Views {
        let mut views = [self.bias; 2];
        change_rows(&self.rows, &mut views, &Pieces::default(), pieces);
        views
    }

    /// `views` of the pieces `from` made the views of the pieces `to`.
    pub(crate) fn update(&self, views: &mut Views, from: &Pieces, to: &Pieces) {
        change_rows(&self.rows, views, from, to);
    }

    /// The score in centipawns from White's view of the first layer's `views`, `mover` to
    /// move, by the output layer `bucket`.
    fn output(&self, views: &Views, mover: Color, bucket: usize) -> i32 {
        let out = &self.out[bucket];
        let sum = self.out_bias[bucket] + weighted_neurons(views, out, mover as usize);
        let score = (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32;
        if mover == Color::White { score } else { -score }
    }
}

/// Both views' first layer: White's, then Black's.
pub(crate) type Views = [[i16; HIDDEN]; 2];

/// Takes the `rows` of the pieces in `from` but not in `to` away from both `views` and adds
/// those in `to` but not in `from`. The sums wrap: a legal position's (33 rows at most,
/// weights within ±1.98 × QA) never do, and a board of more pieces than chess has gives a
/// meaningless score rather than a panic. Compiled also for AVX2 and chosen at run time
/// (`multiversion`): 16 lanes an instruction where the baseline x86-64 has 8.
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn change_rows(rows: &[[i16; HIDDEN]], views: &mut Views, from: &Pieces, to: &Pieces) {
    for color in Color::ALL {
        for piece in Piece::ALL {
            let (old, new) = (from.of(color, piece), to.of(color, piece));
            for square in old & !new {
                change_row::<false>(rows, views, (color, piece, square));
            }
            for square in new & !old {
                change_row::<true>(rows, views, (color, piece, square));
            }
        }
    }
}

/// Adds (`ADD`) or takes away the rows of one piece in both `views`. A constant rather than a
/// function chosen at run time: each form compiles to its own vector loop (a run-time choice
/// made the search 8 % slower). Always inlined, so that [`change_rows`]'s AVX2 form has AVX2
/// loops.
#[inline(always)]
fn change_row<const ADD: bool>(
    rows: &[[i16; HIDDEN]],
    views: &mut Views,
    (color, piece, square): (Color, Piece, Square),
) {
    for view in Color::ALL {
        let row = &rows[input(view, color, piece, square)];
        for (a, &w) in views[view as usize].iter_mut().zip(row) {
            *a = if ADD {
                a.wrapping_add(w)
            } else {
                a.wrapping_sub(w)
            };
        }
    }
}

/// The output layer's sum before its bias: each view's neurons clipped to [0, QA] and
/// weighted by `out` (the first row for the view of the side to move, `mover`: 0 White, 1
/// Black). Multiversioned as [`change_rows`].
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn weighted_neurons(views: &Views, out: &[[i16; HIDDEN]; 2], mover: usize) -> i32 {
    let mut sum = 0;
    for (view, acc) in views.iter().enumerate() {
        let weights = &out[usize::from(view != mover)];
        sum += acc
            .iter()
            .zip(weights)
            .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
            .sum::<i32>();
    }
    sum
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
    fn the_output_layer_follows_the_number_of_pieces() {
        let buckets: Vec<usize> = [2, 5, 6, 9, 10, 29, 30, 32, 40].map(bucket).into();
        assert_eq!(buckets, [0, 0, 1, 1, 2, 6, 7, 7, 7]);
        // Each bucket has its own weights, and they score the same neurons differently: two
        // buckets of an opening position may round to the same centipawns, not all.
        let net = trained();
        for (b, out) in net.out.iter().enumerate() {
            assert!(net.out[..b].iter().all(|other| other != out), "bucket {b}");
        }
        let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
            .parse()
            .expect("a legal FEN");
        let views = net.views(&classic::pieces(&board));
        let mut scores: Vec<i32> = (0..BUCKETS)
            .map(|b| net.output(&views, Color::White, b))
            .collect();
        scores.sort_unstable();
        scores.dedup();
        assert!(scores.len() >= BUCKETS - 2, "{scores:?}");
    }

    #[test]
    fn a_file_of_the_wrong_size_is_refused() {
        assert!(matches!(Network::from_bytes(&[0; 10]), Err(WrongSize(10))));
        assert!(Network::from_bytes(TRAINED_BYTES).is_ok());
    }
}
