//! The balance lab in the server (docs/LAB.md): its studies over HTTP ([`routes`]), their
//! jobs in the server's database ([`store`]), the server's own worker ([`runner`]) and the
//! workers of `omnichess worker` over the database ([`worker`]). The studies, their figures
//! and the workers' protocol are the `omnichess-lab` crate.

pub mod routes;
pub mod runner;
pub mod store;
pub mod worker;
