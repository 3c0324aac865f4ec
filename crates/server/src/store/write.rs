//! A transaction that never goes back to the pool unfinished.
//!
//! sqlx rolls a dropped transaction back lazily, on the connection's next use, and SQLite may
//! already have ended the transaction itself (a full disk rolls back on its own) or may refuse
//! the `COMMIT` and stay inside it. Either way a pooled connection could come back inside an
//! open transaction: its reads see an old snapshot and its writes, "committed" into that
//! transaction, are never stored. A [`Write`] that is not committed closes its connection
//! instead, which ends the transaction on the database's side, so a failed write fails visibly
//! and leaves the pool only clean connections.

use std::ops::{Deref, DerefMut};

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool};

/// The name sqlx's `Any` driver gives SQLite connections.
const SQLITE: &str = "SQLite";

/// One transaction on a connection of its own: committed by [`Write::commit`], or, dropped
/// or failed, ended by closing the connection.
pub struct Write {
    connection: PoolConnection<Any>,
    committed: bool,
}

impl Write {
    /// Takes a connection from `pool` and begins a transaction on it. On SQLite the
    /// transaction takes the database's write lock as it begins (`BEGIN IMMEDIATE`): a
    /// transaction that reads and then writes, begun deferred, fails at once with "database is
    /// locked" (`SQLITE_BUSY_SNAPSHOT`) when another writer committed after its read, where
    /// taking the lock first makes it wait its turn (the busy timeout) and then see the
    /// other's write.
    pub async fn begin(pool: &AnyPool) -> Result<Write, sqlx::Error> {
        let connection = pool.acquire().await?;
        let mut write = Write {
            connection,
            committed: false,
        };
        let begin = if write.connection.backend_name() == SQLITE {
            "BEGIN IMMEDIATE"
        } else {
            "BEGIN"
        };
        sqlx::raw_sql(begin).execute(&mut *write.connection).await?;
        Ok(write)
    }

    /// Commits the transaction; on failure the connection is closed (the transaction ends
    /// unstored) and the error returned.
    pub async fn commit(mut self) -> Result<(), sqlx::Error> {
        sqlx::raw_sql("COMMIT")
            .execute(&mut *self.connection)
            .await?;
        self.committed = true;
        Ok(())
    }
}

impl Deref for Write {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.connection
    }
}

impl DerefMut for Write {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.connection
    }
}

impl Drop for Write {
    fn drop(&mut self) {
        if !self.committed {
            self.connection.close_on_drop();
        }
    }
}
