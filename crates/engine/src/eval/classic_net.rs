//! Classic chess's evaluation network, in the integer form the engine evaluates and
//! `tune_classic fit-net` writes: for each side's view, [`INPUTS`] inputs feed [`HIDDEN`]
//! neurons clipped to [0, 1]. A view's inputs are a piece's owner as seen from that side, its
//! type and its square, with the board turned for Black and mirrored left to right when the
//! viewer's king stands on the files a–d, in one of [`KING_BUCKETS`] sets chosen by where
//! that king stands ([`Perspective`]). The side to move's neurons and then the other side's
//! give the score by one weighted sum, whose weights are chosen by the number of pieces on the
//! board (one of [`BUCKETS`] output layers). The weights are 16-bit integers; the first layer
//! is updated from the pieces that changed since a recent evaluation on the same thread
//! (`classic_accumulator.rs`), and a view whose king changed its set or side of the board starts
//! from the last layer summed in its new perspective (`Refreshes`). Its sums run on AVX2
//! where the processor has it.
//! The weights compiled in (`classic_net.bin`, [`trained`]) were trained on
//! Stockfish's static evaluations of 28 million positions of the engine's self-play, for five
//! passes starting from the network before it (one king set, copied into the four)
//! (docs/ENGINE.md, "Evaluation").

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};

use cozy_chess::{Board, Color, Piece, Square};

use super::classic;
use super::material::Pieces;

/// Neurons per view.
pub const HIDDEN: usize = 256;

/// Inputs of one king set: two owners × six piece types × 64 squares.
pub const PIECE_INPUTS: usize = 768;

/// The sets of inputs a view's king chooses between ([`Perspective`]).
pub const KING_BUCKETS: usize = 4;

/// Inputs per view.
pub const INPUTS: usize = KING_BUCKETS * PIECE_INPUTS;

/// A view's perspectives: each king set, mirrored or not ([`Perspective`]).
const PERSPECTIVES: usize = 2 * KING_BUCKETS;

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

/// How a view sees the board: turned for Black, mirrored left to right when the viewer's king
/// stands on the files a–d (so that it always stands on e–h), and the set of inputs its
/// king's square chooses: on the first rank the files g–h (castled short; mirrored, a–b),
/// then e–f (at home; mirrored, c–d, castled long), then the second and third ranks, then
/// the rest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Perspective {
    /// The side whose view it is.
    view: Color,
    /// What a square's index is exclusive-ored with: 56 turns the board, 7 mirrors it.
    flip: usize,
    /// The first input of the king's set.
    offset: usize,
}

impl Perspective {
    /// The perspective of `view` whose king stands on `king`.
    #[must_use]
    pub fn new(view: Color, king: Square) -> Perspective {
        let turn = if view == Color::White { 0 } else { 56 };
        let seen = king as usize ^ turn;
        let mirror = if seen % 8 < 4 { 7 } else { 0 };
        let seen = seen ^ mirror;
        let set = match seen / 8 {
            0 if seen % 8 >= 6 => 0,
            0 => 1,
            1 | 2 => 2,
            _ => 3,
        };
        Perspective {
            view,
            flip: turn ^ mirror,
            offset: set * PIECE_INPUTS,
        }
    }

    /// The perspective of `view` on `pieces`, or `None` when `view` has no king there (an
    /// empty set of pieces, before a view is summed from scratch).
    #[must_use]
    pub fn of(view: Color, pieces: &Pieces) -> Option<Perspective> {
        let king = pieces.of(view, Piece::King).into_iter().next()?;
        Some(Perspective::new(view, king))
    }

    /// This perspective's number among its view's [`PERSPECTIVES`]: its king set and
    /// whether it mirrors.
    fn index(self) -> usize {
        self.offset / PIECE_INPUTS * 2 + usize::from(self.flip & 7 != 0)
    }

    /// The input of a `color` `piece` on `square` in this view: the same piece of the
    /// viewer's own is the same input in both views.
    #[must_use]
    pub fn input(self, color: Color, piece: Piece, square: Square) -> usize {
        let theirs = usize::from(color != self.view);
        self.offset + theirs * 384 + piece as usize * 64 + (square as usize ^ self.flip)
    }
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
        change_rows(
            &self.rows,
            &self.bias,
            &mut views,
            &Pieces::default(),
            pieces,
            None,
        );
        views
    }

    /// `views` of the pieces `from` made the views of the pieces `to`; a view whose
    /// perspective changed starts from the last first layer `refreshes` holds for its new one.
    pub(crate) fn update(
        &self,
        views: &mut Views,
        from: &Pieces,
        to: &Pieces,
        refreshes: &mut Refreshes,
    ) {
        if refreshes.network != self.id {
            *refreshes = Refreshes::new(self);
        }
        change_rows(&self.rows, &self.bias, views, from, to, Some(refreshes));
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

/// For each view and each of its [`PERSPECTIVES`], the pieces and first layer of the last
/// position summed in it: a view whose king changes its set or side of the board starts from
/// there and adds the pieces that differ, instead of every piece (Stockfish's "Finny
/// tables"). One per thread, kept beside the accumulator's slots; 9.5 KiB.
#[derive(Clone)]
pub(crate) struct Refreshes {
    /// [`Network::id`] of the network whose layers these are.
    network: u64,
    entries: [[(Pieces, [i16; HIDDEN]); PERSPECTIVES]; 2],
}

impl Refreshes {
    /// Every entry empty: no pieces, the `network`'s biases.
    pub(crate) fn new(network: &Network) -> Refreshes {
        Refreshes {
            network: network.id,
            entries: [[(Pieces::default(), network.bias); PERSPECTIVES]; 2],
        }
    }
}

/// Takes the `rows` of the pieces in `from` but not in `to` away from both `views` and adds
/// those in `to` but not in `from`; a view whose [`Perspective`] differs between the two (its
/// king changed its set or its side of the board) starts again from the last layer
/// `refreshes` keeps for its new perspective, or without them from the `bias` with every
/// piece of `to`. The sums wrap: a legal position's (33 rows at most, weights within ±1.98 ×
/// QA) never do, and a board of more pieces than chess has gives a meaningless score rather
/// than a panic; a view without a king is seen as if its king stood on a1. Compiled also for
/// AVX2 and chosen at run time (`multiversion`): 16 lanes an instruction where the baseline
/// x86-64 has 8.
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn change_rows(
    rows: &[[i16; HIDDEN]],
    bias: &[i16; HIDDEN],
    views: &mut Views,
    from: &Pieces,
    to: &Pieces,
    mut refreshes: Option<&mut Refreshes>,
) {
    for view in Color::ALL {
        let seen = Perspective::of(view, to).unwrap_or(Perspective::new(view, Square::A1));
        let acc = &mut views[view as usize];
        if Perspective::of(view, from) == Some(seen) {
            change_view(rows, acc, seen, from, to);
        } else if let Some(refreshes) = refreshes.as_deref_mut() {
            let (pieces, kept) = &mut refreshes.entries[view as usize][seen.index()];
            change_view(rows, kept, seen, pieces, to);
            *pieces = *to;
            *acc = *kept;
        } else {
            *acc = *bias;
            change_view(rows, acc, seen, &Pieces::default(), to);
        }
    }
}

/// Takes the rows of the pieces in `from` but not in `to` away from one view's first layer
/// `acc`, seen from `seen`, and adds those in `to` but not in `from`. Always inlined, as
/// [`change_row`].
#[inline(always)]
fn change_view(
    rows: &[[i16; HIDDEN]],
    acc: &mut [i16; HIDDEN],
    seen: Perspective,
    from: &Pieces,
    to: &Pieces,
) {
    for color in Color::ALL {
        for piece in Piece::ALL {
            let (old, new) = (from.of(color, piece), to.of(color, piece));
            for square in old & !new {
                change_row::<false>(acc, &rows[seen.input(color, piece, square)]);
            }
            for square in new & !old {
                change_row::<true>(acc, &rows[seen.input(color, piece, square)]);
            }
        }
    }
}

/// Adds (`ADD`) or takes away one input's `row` in one view's first layer. A constant rather
/// than a function chosen at run time: each form compiles to its own vector loop (a run-time
/// choice made the search 8 % slower). Always inlined, so that [`change_rows`]'s AVX2 form has
/// AVX2 loops.
#[inline(always)]
fn change_row<const ADD: bool>(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = if ADD {
            a.wrapping_add(w)
        } else {
            a.wrapping_sub(w)
        };
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
    fn a_kings_square_chooses_its_set_and_side_of_the_board() {
        let set = |view, king| Perspective::new(view, king).offset / PIECE_INPUTS;
        // White's king on g1 or b1 (castled), e1 or c1, the second and third ranks, further.
        let white = [
            Square::G1,
            Square::B1,
            Square::E1,
            Square::C1,
            Square::F2,
            Square::A3,
        ]
        .map(|k| set(Color::White, k));
        assert_eq!(white, [0, 0, 1, 1, 2, 2]);
        assert_eq!(set(Color::White, Square::E4), 3);
        // Black's from its own side: g8 is its g1.
        assert_eq!(set(Color::Black, Square::G8), 0);
        assert_eq!(set(Color::Black, Square::G1), 3);
        // A white pawn on a2 is the same input for a king on g1 and, mirrored, h2's for b1.
        let g1 = Perspective::new(Color::White, Square::G1);
        let b1 = Perspective::new(Color::White, Square::B1);
        let pawn = |p: Perspective, sq| p.input(Color::White, Piece::Pawn, sq);
        assert_eq!(pawn(b1, Square::A2), pawn(g1, Square::H2));
        assert_ne!(pawn(b1, Square::A2), pawn(g1, Square::A2));
        // Black's view of its own piece is White's view of the same piece turned.
        let black = Perspective::new(Color::Black, Square::G8);
        assert_eq!(
            black.input(Color::Black, Piece::Rook, Square::F8),
            g1.input(Color::White, Piece::Rook, Square::F1)
        );
    }

    #[test]
    fn a_position_mirrored_left_to_right_scores_the_same() {
        // Every view is mirrored to put its king on the files e–h, so a position and its
        // mirror image (without castling rights) are the same inputs.
        let pairs = [
            (
                "r4rk1/pp3ppp/2n1bn2/2bpp3/8/2NP1NP1/PPPBPPBP/R2Q1RK1 w - - 0 10",
                "1kr4r/ppp3pp/2nb1n2/3ppb2/8/1PN1PN2/PBPPBPPP/1KR1Q2R w - - 0 10",
            ),
            (
                "8/8/3k4/8/4P3/2K5/8/8 b - - 0 50",
                "8/8/4k3/8/3P4/5K2/8/8 b - - 0 50",
            ),
        ];
        for (left, right) in pairs {
            assert_eq!(at(left), at(right), "{left}");
        }
    }

    #[test]
    fn a_file_of_the_wrong_size_is_refused() {
        assert!(matches!(Network::from_bytes(&[0; 10]), Err(WrongSize(10))));
        assert!(Network::from_bytes(TRAINED_BYTES).is_ok());
    }
}
