//! n-dimensional board geometry for the multi-board variants: 5D chess (4 axes: file, rank,
//! time, timeline), Three Realms (3 boards of 8×8, a 3D box) and DMChess (8 boards of 8×8
//! joined by portals). Classic chess does not use it.
//!
//! * [`Coord<N>`](Coord) — a point or vector with `N` `i32` components, with `+ - * neg`.
//! * [`Bounds<N>`](Bounds) — a box, `min` inclusive and `max` exclusive on every axis, with
//!   a dense square index for flat per-square arrays.
//! * [`DirectionSet<N>`](DirectionSet) — a fixed-capacity (80 vectors, `N <= 4`), `const`-
//!   buildable set of step vectors, iterated as a slice without allocating:
//!   * unit vectors with exactly `k` nonzero axes — [`orthogonal`](DirectionSet::orthogonal)
//!     (rook, k = 1), [`diagonal`](DirectionSet::diagonal) (bishop, 2),
//!     [`triagonal`](DirectionSet::triagonal) (unicorn, 3),
//!     [`quadragonal`](DirectionSet::quadragonal) (dragon, 4),
//!     [`exactly(k)`](DirectionSet::exactly), unions [`any_of`](DirectionSet::any_of) and
//!     [`all`](DirectionSet::all) (queen as a rider, king as a one-step leaper);
//!   * leapers [`leaper(a, b)`](DirectionSet::leaper) and [`knight`](DirectionSet::knight).
//! * [`ray`] — a rider's squares in one direction; [`leaps`] — a leaper's targets. Both are
//!   lazy iterators that never allocate; the caller stops a ray at a blocker with `break`.
//! * [`Topology`] — which square a step reaches; [`Bounds`] is the plain one.
//!
//! # Topologies and portals
//!
//! The walkers never test bounds themselves: each step goes through a [`Topology`], a
//! one-method trait mapping `(square, step)` to `Option<square>`. A [`Bounds`] box answers
//! `square + step` if inside. That is all 5D needs today (its variant adds "and the target
//! board exists"), and all Three Realms needs (a `3×8×8` box).
//!
//! DMChess portals fit without changing the walkers: give every square a coordinate
//! `[file, rank, board]` and implement [`Topology`] so that a step leaving one board's edge
//! is translated onto the board glued there (a table of 8 boards × 4 edges). If boards are
//! glued rotated, override [`Topology::advance`], which returns the continuing direction
//! along with the square, so a ray turns as it crosses. A topology whose portals close a
//! loop must end rays itself (or the caller uses `.take(n)`).
//!
//! # Example
//!
//! ```
//! use omnichess_core::geometry::{Bounds, Coord, DirectionSet, leaps, ray};
//!
//! // Built at compile time; iterating them does not allocate.
//! const UNICORN: DirectionSet<4> = DirectionSet::triagonal();
//! const KNIGHT: DirectionSet<4> = DirectionSet::knight();
//! assert_eq!((UNICORN.len(), KNIGHT.len()), (32, 48));
//!
//! // A 5D-style multiverse: 8×8 boards, times 0..6, timelines -1..=1.
//! let multiverse = Bounds::new(Coord::new([0, 0, 0, -1]), Coord::new([8, 8, 6, 2]));
//! let from = Coord::new([3, 3, 2, 0]);
//! let blocker = Coord::new([5, 5, 4, 0]);
//!
//! // A unicorn ray (file, rank and time at once), stopped by a blocker.
//! let mut reached = Vec::new();
//! for square in ray(&multiverse, from, Coord::new([1, 1, 1, 0])) {
//!     reached.push(square);
//!     if square == blocker {
//!         break; // capture or stop: the caller decides
//!     }
//! }
//! assert_eq!(reached, [Coord::new([4, 4, 3, 0]), blocker]);
//!
//! // Every unicorn ray from `from`, and the knight's targets.
//! let unicorn_squares: usize = UNICORN.iter().map(|&d| ray(&multiverse, from, d).count()).sum();
//! assert!(unicorn_squares > 0);
//! assert!(leaps(&multiverse, from, &KNIGHT).all(|to| multiverse.contains(to)));
//!
//! // Three Realms: three 8×8 boards as one 3×8×8 box, knight from a corner of board 0.
//! let realms = Bounds::from_size([8, 8, 3]);
//! assert_eq!(leaps(&realms, Coord::new([0, 0, 0]), &DirectionSet::knight()).count(), 6);
//! ```

mod bounds;
mod coord;
mod directions;
mod leaper;
mod topology;
mod walk;

pub use bounds::Bounds;
pub use coord::Coord;
pub use directions::{CAPACITY, DirectionSet, MAX_DIMENSIONS};
pub use topology::Topology;
pub use walk::{Leaps, Ray, leaps, ray};
