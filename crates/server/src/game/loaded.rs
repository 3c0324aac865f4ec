//! A stored game brought back to life: the variant's state rebuilt by replaying the decisions
//! that stand, with the clocks and the ending, and the snapshot every client sees.

use omnichess_core::{DynGame, ToAct, VariantEntry};

use crate::error::ApiError;
use crate::game::captured::Captured;
use crate::game::clock::{Clocks, Tick, clocks};
use crate::game::kept_games::Kept;
use crate::game::log::Log;
use crate::protocol::snapshot::{ClockState, GameView, Offers, Outcome, Snapshot};
use crate::store::StoredGame;

/// A game rebuilt from its store.
pub struct Loaded {
    /// What the store holds.
    pub stored: StoredGame,
    /// The log's meaning.
    pub log: Log,
    /// The variant's state after the decisions that stand.
    pub game: Box<dyn DynGame>,
    /// The decisions as the clocks see them.
    pub ticks: Vec<Tick>,
    /// The decisions played on `game` from the start (the stored ones, then any a command
    /// played: [`Loaded::note_played`]).
    played: Vec<String>,
    /// For each, whether it ended its player's turn.
    ends_turn: Vec<bool>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// `1-0`, `0-1`, `1/2-1/2`, `0-0`; `*` for an aborted game.
    pub result: String,
    /// In words, with the variant's player names.
    pub text: String,
}

/// The registry entry of the variant `name`.
pub fn variant(name: &str) -> Result<&'static VariantEntry, ApiError> {
    omnichess_variants::REGISTRY
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| ApiError::UnknownVariant(name.chars().take(40).collect()))
}

/// The player in `seat` (0 the first player).
#[must_use]
pub fn seat_player(seat: u8) -> omnichess_core::Player {
    if seat == 0 {
        omnichess_core::Player::White
    } else {
        omnichess_core::Player::Black
    }
}

impl Loaded {
    /// Rebuilds `stored`.
    pub fn build(stored: StoredGame) -> Result<Loaded, ApiError> {
        Loaded::build_from(stored, None)
    }

    /// Rebuilds `stored`, playing on from `kept` where its decisions begin the stored ones
    /// (else from the start).
    pub fn build_from(stored: StoredGame, kept: Option<Kept>) -> Result<Loaded, ApiError> {
        let log = Log::of(&stored.events);
        let usable = kept.filter(|k| {
            k.texts.len() <= log.decisions.len()
                && k.texts
                    .iter()
                    .zip(&log.decisions)
                    .all(|(a, b)| *a == b.text)
        });
        let (mut game, mut texts, mut ends_turn) = match usable {
            Some(k) => (k.game, k.texts, k.ends_turn),
            None => {
                let entry = variant(&stored.row.variant)?;
                let game = (entry.open)(stored.row.start.as_deref())
                    .map_err(|e| ApiError::BadRequest(e.to_string()))?;
                (game, Vec::new(), Vec::new())
            }
        };
        for (i, played) in log.decisions.iter().enumerate().skip(texts.len()) {
            if omnichess_core::work_limit::expired() {
                return Err(ApiError::OverLimit(format!(
                    "stopped at decision {}",
                    i + 1
                )));
            }
            game.play(&played.text).map_err(|e| {
                ApiError::Conflict(format!(
                    "stored decision `{}` no longer plays: {e}",
                    played.text
                ))
            })?;
            let next = game.to_act().player().map(|p| p as u8);
            texts.push(played.text.clone());
            ends_turn.push(played.player.is_some() && next != played.player);
        }
        let ticks = log
            .decisions
            .iter()
            .zip(&ends_turn)
            .map(|(played, &ends_turn)| Tick {
                player: played.player,
                at_ms: played.at_ms,
                ends_turn,
            })
            .collect();
        Ok(Loaded {
            stored,
            log,
            game,
            ticks,
            played: texts,
            ends_turn,
        })
    }

    /// Notes `text`, just played on `game` by `player` (`None`: chance), so that the state
    /// kept after the request knows it ([`Loaded::into_kept`]).
    pub fn note_played(&mut self, text: String, player: Option<u8>) {
        let next = self.game.to_act().player().map(|p| p as u8);
        self.played.push(text);
        self.ends_turn.push(player.is_some() && next != player);
    }

    /// The state to keep for the next request on the game, and what the store held.
    #[must_use]
    pub fn into_kept(self) -> (Kept, StoredGame) {
        let kept = Kept {
            texts: self.played,
            ends_turn: self.ends_turn,
            game: self.game,
        };
        (kept, self.stored)
    }

    /// The game's version: events stored.
    #[must_use]
    pub fn version(&self) -> i64 {
        self.log.version
    }

    /// The player to act, unless the game is over (by the rules or the players) or chance
    /// acts.
    #[must_use]
    pub fn actor(&self) -> Option<u8> {
        if self.log.ending.is_some() {
            return None;
        }
        self.game.to_act().player().map(|p| p as u8)
    }

    /// What a flag fall means in the final position, as the variant's rules decide it
    /// ([`omnichess_core::Hooks::time_forfeit`]: a loss, or a draw where the opponent could
    /// not have won); `None` unless a clock ran out.
    #[must_use]
    pub fn flag_outcome(&self) -> Option<omnichess_core::Outcome> {
        let flagged = self.log.ending.as_ref()?.flagged?;
        Some(self.game.time_forfeit(seat_player(flagged)))
    }

    /// Why the game ended outside the rules of play (a resignation, an agreement, a flag
    /// fall in the variant's words, a claimed draw, an abort); `None` otherwise.
    #[must_use]
    pub fn ending_reason(&self) -> Option<&str> {
        let ending = self.log.ending.as_ref()?;
        Some(
            self.flag_outcome()
                .map_or(ending.reason.as_str(), |o| o.reason),
        )
    }

    /// The ending, by the rules or by the players and the clock.
    #[must_use]
    pub fn finish(&self) -> Option<Finish> {
        if let Some(outcome) = self.flag_outcome() {
            return Some(Finish {
                result: outcome.score_text().to_owned(),
                text: self.game.outcome_text(outcome),
            });
        }
        if let Some(ending) = &self.log.ending {
            if ending.aborted {
                return Some(Finish {
                    result: "*".to_owned(),
                    text: "* game aborted".to_owned(),
                });
            }
            let (result, who) = match ending.winner {
                Some(0) => ("1-0", format!("{} wins", self.name(0))),
                Some(_) => ("0-1", format!("{} wins", self.name(1))),
                None => ("1/2-1/2", "draw".to_owned()),
            };
            return Some(Finish {
                result: result.to_owned(),
                text: format!("{result} {who} by {}", ending.reason),
            });
        }
        match self.game.to_act() {
            ToAct::Nobody(outcome) => Some(Finish {
                result: outcome.score_text().to_owned(),
                text: self.game.outcome_text(outcome),
            }),
            _ => None,
        }
    }

    /// A player's name in the variant's words.
    #[must_use]
    pub fn name(&self, player: u8) -> &'static str {
        self.game.player_name(seat_player(player))
    }

    /// The seat that may `undo` now: the player to act, whose own decision was the last
    /// (within a turn it has not finished).
    #[must_use]
    pub fn undo_by(&self) -> Option<u8> {
        let actor = self.actor()?;
        let own_last = self
            .log
            .decisions
            .last()
            .is_some_and(|d| d.player == Some(actor));
        own_last.then_some(actor)
    }

    /// Whether a player may abort the game now: it runs, and not both players have moved
    /// yet (as on lichess).
    #[must_use]
    pub fn abortable(&self) -> bool {
        let moved = |seat| self.log.decisions.iter().any(|d| d.player == Some(seat));
        self.finish().is_none() && !(moved(0) && moved(1))
    }

    /// The clocks at `now_ms`, in a timed game.
    #[must_use]
    pub fn clocks(&self, now_ms: i64) -> Option<Clocks> {
        let spec = self.stored.row.options.clock?;
        Some(clocks(&spec, &self.ticks, self.actor(), now_ms))
    }

    /// The clocks of a timed game as clients see them at `now_ms` (a flagged player's at 0).
    #[must_use]
    pub fn clock_state(&self, now_ms: i64) -> Option<ClockState> {
        self.stored.row.options.clock.map(|spec| {
            let mut now = clocks(&spec, &self.ticks, self.actor(), now_ms);
            if let Some(flagged) = self.log.ending.as_ref().and_then(|e| e.flagged) {
                now.remaining_ms[usize::from(flagged & 1)] = 0;
                if spec.per_move_ms > 0 {
                    now.move_left_ms = Some(0);
                }
            }
            ClockState {
                base_ms: spec.base_ms,
                increment_ms: spec.increment_ms,
                per_move_ms: spec.per_move_ms,
                remaining_ms: now.remaining_ms,
                move_left_ms: now.move_left_ms,
                running: now.running,
                server_ms: now_ms,
            }
        })
    }

    /// The snapshot every client sees (docs/PROTOCOL.md).
    #[must_use]
    pub fn snapshot(&self, now_ms: i64) -> Snapshot {
        self.snapshot_after(now_ms, None).0
    }

    /// The snapshot, its captured pieces counted on from `known` (the losses after an earlier
    /// part of the game) where it applies; with the losses now, to pass the next time.
    #[must_use]
    pub fn snapshot_after(&self, now_ms: i64, known: Option<&Captured>) -> (Snapshot, Captured) {
        let finish = self.finish();
        let over = finish.is_some();
        let history = self.game.history();
        let options = &self.stored.row.options;
        let clock = self.clock_state(now_ms);
        let view = self.game.view();
        // The view lists every legal decision where a player acts (`View::moves`).
        let decisions: Vec<String> = if over || self.game.to_act() == ToAct::Chance {
            Vec::new()
        } else {
            view.moves.iter().map(|m| m.text.clone()).collect()
        };
        let losses = Captured::of(self, &view, known);
        let start_turn = self.game.start_turn();
        let snapshot = Snapshot {
            id: self.stored.row.id.clone(),
            variant: self.game.variant_name().to_owned(),
            version: self.version(),
            player_names: [self.name(0), self.name(1)],
            start: self.stored.row.start.clone(),
            position: self.game.position_text(),
            to_act: if over {
                "none".to_owned()
            } else {
                self.game.to_act_text()
            },
            to_act_index: self.actor(),
            outcome: finish.map(|f| Outcome {
                result: f.result,
                text: f.text,
            }),
            ply: history.len(),
            history,
            moves: self.game.move_list(),
            turns: self.game.history_turns(),
            actors: self.log.decisions.iter().map(|d| d.player).collect(),
            turn_ends: self
                .game
                .history_info()
                .iter()
                .map(|info| info.turn_end)
                .collect(),
            first_move_number: start_turn.number,
            first_mover: start_turn.player as u8,
            turn: self.game.turn_index(),
            decisions,
            view: self.game_view(view, over),
            captured: losses.lost.clone(),
            clock,
            offers: Offers {
                draw: self.log.draw_offer,
                takeback: self.log.takeback_offer,
                rematch: self.log.rematch_offer,
            },
            undo_by: self.undo_by(),
            abortable: !over && self.abortable(),
            casual: options.casual,
            engine: options.engine,
            rematch: self.log.rematch.clone(),
            rematch_of: options.rematch_of.clone(),
            notation_help: self.game.notation_help(),
            forfeit_probability: if over {
                None
            } else {
                self.game.forfeit_probability()
            },
            claimable_draw: if over {
                None
            } else {
                self.game.claimable_draw()
            },
        };
        (snapshot, losses)
    }

    /// The view with the last decision's squares (`last`); no moves once the game is over.
    fn game_view(&self, mut view: omnichess_core::View, over: bool) -> GameView {
        if over {
            view.moves.clear();
        }
        let last = self.last_move_cells(&view, 0);
        GameView { view, last }
    }

    /// The view after the first `ply` decisions that stand, with that decision's squares
    /// (`last`): the board a player steps back to. No moves but in the position now; `None`
    /// past the decisions played.
    #[must_use]
    pub fn view_at(&self, ply: usize) -> Option<GameView> {
        let back = self.game.history().len().checked_sub(ply)?;
        if back == 0 {
            return Some(self.game_view(self.game.view(), self.finish().is_some()));
        }
        let mut view = self.game.view_before(back)?;
        view.moves.clear();
        let last = self.last_move_cells(&view, back);
        Some(GameView { view, last })
    }

    /// The squares of the last move a player made before the last `back` decisions (the die's
    /// rolls and a 5D submit after it skipped; at most 4 decisions back), on the boards of
    /// `now`. Where boards do not turn with the game (5D), a move made on a board
    /// shows on the board it created: the next one in its row.
    fn last_move_cells(
        &self,
        now: &omnichess_core::View,
        back: usize,
    ) -> Vec<omnichess_core::Cell> {
        let played = self
            .log
            .decisions
            .iter()
            .rev()
            .skip(back)
            .take(4)
            .enumerate()
            .find_map(|(i, d)| {
                d.player?;
                let played = self.game.played_view(back + i + 1)?;
                played.from.map(|_| played)
            });
        let Some(played) = played else {
            return Vec::new();
        };
        let cells = [played.from, played.to].into_iter().flatten();
        if now.layout_turns {
            return cells.collect();
        }
        // A layout that does not turn keeps each board's index (`View::boards`): the board
        // the move was made on is the same in `now`.
        let jump = played.from.map(|c| c.board) != played.to.map(|c| c.board);
        let next = |cell: omnichess_core::Cell| {
            let board = now.boards.get(usize::from(cell.board))?;
            let index = now
                .boards
                .iter()
                .position(|b| b.row == board.row && b.column == board.column + 1)?;
            Some(omnichess_core::Cell {
                board: u16::try_from(index).ok()?,
                square: cell.square,
            })
        };
        cells
            .take(if jump { 1 } else { 2 })
            .filter_map(next)
            .collect()
    }
}
