//! `GET /api/players/{name}` and `GET /api/leaderboard/{variant}`.

use axum::extract::{Path, State};

use crate::error::ApiError;
use crate::game::export::seat_name;
use crate::game::loaded::variant;
use crate::protocol::Reply;
use crate::protocol::players::{LeaderboardRow, PlayerProfile, ProfileGame};
use crate::service::App;

/// Games a profile lists at most, newest first.
pub const PROFILE_GAMES: i64 = 30;

/// `GET /api/players/{name}`: the account's ratings, rating graph and latest games; 404 for
/// no such account.
pub async fn profile(
    State(app): State<App>,
    Path(name): Path<String>,
) -> Result<Reply<PlayerProfile>, ApiError> {
    let Some((account, _)) = app.store.account_by_name(&name).await? else {
        return Err(ApiError::UnknownPlayer(name.chars().take(40).collect()));
    };
    let ratings = app.store.ratings_of_account(&account.id).await?;
    let history = app.store.rating_history(&account.id).await?;
    let mut games = Vec::new();
    for id in app
        .store
        .games_of_account(&account.id, PROFILE_GAMES)
        .await?
    {
        let stored = app.store.load(&id).await?;
        let me = account.id.clone();
        // A game that no longer rebuilds (or not within the work limit) is left out.
        if let Ok(game) = app
            .with_game(stored, move |l| Ok(profile_game(l, &me)))
            .await
        {
            games.extend(game);
        }
    }
    Ok(Reply(PlayerProfile {
        name: account.name,
        created_ms: account.created_ms,
        ratings,
        history,
        games,
    }))
}

/// Game `loaded` as account `me`'s history shows it; `None` if `me` holds no seat in it.
fn profile_game(loaded: &crate::game::loaded::Loaded, me: &str) -> Option<ProfileGame> {
    let row = &loaded.stored.row;
    let seat = row
        .players
        .iter()
        .position(|p| p.as_ref().is_some_and(|a| a.id == me))?;
    let other = 1 - seat;
    let opponent = seat_name(
        row.options.engine,
        row.players[other].as_ref().map(|a| a.name.as_str()),
        u8::try_from(other).unwrap_or(1),
    )
    .unwrap_or_else(|| "Anonymous".to_owned());
    let result = loaded.finish().map(|f| f.result);
    let outcome = result.as_deref().map(|r| {
        match (r, seat) {
            ("1-0", 0) | ("0-1", 1) => "win",
            ("1-0", _) | ("0-1", _) => "loss",
            ("1/2-1/2", _) => "draw",
            ("0-0", _) => "both lose",
            _ => "aborted",
        }
        .to_owned()
    });
    Some(ProfileGame {
        id: row.id.clone(),
        variant: row.variant.clone(),
        created_ms: row.created_ms,
        seat: u8::try_from(seat).unwrap_or(0),
        opponent,
        result,
        outcome,
        rated: row.options.rated,
    })
}

/// `GET /api/leaderboard/{variant}`: the best established ratings of each speed.
pub async fn leaderboard(
    State(app): State<App>,
    Path(name): Path<String>,
) -> Result<Reply<Vec<LeaderboardRow>>, ApiError> {
    let entry = variant(&name)?;
    Ok(Reply(app.store.leaderboard(entry.name).await?))
}
