//! The lobby, as in lila a module of its own beside the games: the open seeks ([`seeks`],
//! in memory) and their routes ([`routes`]), the lists of games ([`games`]) and what it
//! offers for each variant ([`variants`]).

pub mod games;
pub mod routes;
pub mod seeks;
pub mod variants;
