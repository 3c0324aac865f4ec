//! The balance lab in the server (docs/LAB.md): its studies over HTTP ([`routes`], [`csv`]),
//! their jobs in the server's database ([`store`]), the server's own worker ([`runner`]) and
//! the workers of `omnichess worker` ([`worker`]).

pub mod csv;
pub mod routes;
pub mod runner;
pub mod store;
pub mod worker;
