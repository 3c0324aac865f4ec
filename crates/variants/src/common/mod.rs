//! The chess toolkit several variants share: FEN reading and its checks, SAN and UCI move
//! text, PGN records, the FIDE end of the game, the board a browser draws and the terminal's
//! glyphs, and counting repetitions. Classic chess is built from it; QEC, Die Chess, Three
//! Realms, DMChess and the toy take the parts whose rules they keep.

pub(crate) mod diagram;
pub(crate) mod fen;
pub(crate) mod fide_end;
pub(crate) mod pgn;
pub(crate) mod repetition;
pub(crate) mod san;
pub(crate) mod view;
