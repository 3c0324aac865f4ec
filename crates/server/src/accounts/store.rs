//! The tables of accounts and sessions (migration 5 of [`crate::store`]).

use sqlx::Row;

use crate::accounts::credentials::name_key;
use crate::accounts::sessions::{SESSION_MS, token_hash};
use crate::error::ApiError;
use crate::store::{Store, now_ms};

/// An account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its id (12 hexadecimal digits).
    pub id: String,
    /// Its name, as its owner typed it.
    pub name: String,
    /// When it was made (milliseconds since the Unix epoch).
    pub created_ms: i64,
}

fn account(row: &sqlx::any::AnyRow) -> Result<Account, sqlx::Error> {
    Ok(Account {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        created_ms: row.try_get(2)?,
    })
}

impl Store {
    /// Stores a new account `name` with its password's `hash`: 409 when the name (in any case)
    /// is taken.
    pub async fn create_account(&self, name: &str, hash: &str) -> Result<Account, ApiError> {
        let made = Account {
            id: crate::game::routes::new_id(),
            name: name.to_owned(),
            created_ms: now_ms(),
        };
        let inserted = sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password_hash, created_ms)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&made.id)
        .bind(&made.name)
        .bind(name_key(name))
        .bind(hash)
        .bind(made.created_ms)
        .execute(self.pool())
        .await;
        match inserted {
            Ok(_) => Ok(made),
            Err(e) if crate::store::unique_violation(&e) => Err(ApiError::Conflict(format!(
                "the name `{name}` is taken: choose another"
            ))),
            Err(e) => Err(ApiError::Storage(e)),
        }
    }

    /// The account named `name` (in any case) and its password's hash.
    pub async fn account_by_name(&self, name: &str) -> Result<Option<(Account, String)>, ApiError> {
        let row = sqlx::query(
            "SELECT id, name, created_ms, password_hash FROM accounts WHERE name_key = $1",
        )
        .bind(name_key(name))
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| Ok((account(&r)?, r.try_get(3)?)))
            .transpose()
            .map_err(ApiError::Storage)
    }

    /// A new session of `account` under `token`; the account's expired sessions go.
    pub async fn create_session(&self, account: &Account, token: &str) -> Result<(), ApiError> {
        let now = now_ms();
        sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND expires_ms <= $2")
            .bind(&account.id)
            .bind(now)
            .execute(self.pool())
            .await?;
        sqlx::query(
            "INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash(token))
        .bind(&account.id)
        .bind(now)
        .bind(now + SESSION_MS)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The account of the session `token`, unless it is unknown or expired.
    pub async fn session_account(&self, token: &str) -> Result<Option<Account>, ApiError> {
        let row = sqlx::query(
            "SELECT a.id, a.name, a.created_ms FROM sessions s
             JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = $1 AND s.expires_ms > $2",
        )
        .bind(token_hash(token))
        .bind(now_ms())
        .fetch_optional(self.pool())
        .await?;
        row.as_ref()
            .map(account)
            .transpose()
            .map_err(ApiError::Storage)
    }

    /// Ends the session `token` (signing out); nothing if there is none.
    pub async fn delete_session(&self, token: &str) -> Result<(), ApiError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash(token))
            .execute(self.pool())
            .await?;
        Ok(())
    }
}
