// The messages of the server's protocol (docs/PROTOCOL.md, version 1) as JSDoc types: one
// @typedef per message, named and fielded as its table in the document and its Rust type in
// crates/server/src/protocol/ (a test holds the three to the same fields). Nothing runs here;
// modules name the types with `import('./protocol.js').Name`.

// --- HTTP ---------------------------------------------------------------------------------

/**
 * The body of POST /api/account/signup and /api/account/signin.
 * @typedef {object} Credentials
 * @property {string} name the account's name: 2 to 20 letters, digits, _ or -
 * @property {string} password its password: 8 to 128 characters
 */

/**
 * An account as others see it.
 * @typedef {object} AccountInfo
 * @property {string} name its name
 * @property {number} created_ms when it was made (ms since the Unix epoch)
 */

/**
 * GET /api/players/{name}: an account's public page.
 * @typedef {object} PlayerProfile
 * @property {string} name its name, as typed
 * @property {number} created_ms when the account was made (ms since the Unix epoch)
 * @property {PlayerRating[]} ratings its ratings, by variant then speed
 * @property {RatingPoint[]} history its rating after each rated game, oldest first
 * @property {ProfileGame[]} games its latest games, newest first
 */

/**
 * One rating of an account.
 * @typedef {object} PlayerRating
 * @property {string} variant the variant's name
 * @property {string} speed the speed
 * @property {number} rating the rating, rounded
 * @property {number} deviation its deviation, rounded
 * @property {boolean} provisional deviation over 110 (shown with ?)
 * @property {number} games rated games played at it
 */

/**
 * A rating graph's point.
 * @typedef {object} RatingPoint
 * @property {number} at_ms when the rated game ended
 * @property {string} variant the variant's name
 * @property {string} speed the speed
 * @property {number} rating the rating after it
 */

/**
 * One game of a profile's history.
 * @typedef {object} ProfileGame
 * @property {string} id the game's id
 * @property {string} variant the variant's name
 * @property {number} created_ms when it was created
 * @property {0|1} seat the account's seat
 * @property {string} opponent the other seat's name, Engine level N, or Anonymous
 * @property {string|null} result the result; null while it runs
 * @property {string|null} outcome win, loss, draw, both lose or aborted; null while it runs
 * @property {boolean} rated whether it was rated
 */

/**
 * One line of GET /api/leaderboard/{variant}.
 * @typedef {object} LeaderboardRow
 * @property {number} rank the place among the speed's established ratings
 * @property {string} name the account's name
 * @property {string} speed the speed
 * @property {number} rating the rating
 * @property {number} deviation its deviation
 * @property {number} games rated games played at it
 */

/**
 * Who is signed in: GET /api/account, and the answer to signing up, in and out.
 * @typedef {object} SessionInfo
 * @property {AccountInfo|null} account the account signed in; null: none
 */

/**
 * The body of POST /api/studies.
 * @typedef {object} CreateStudy
 * @property {'balance'|'values'|'compare'|'sprt'} kind what its report shows
 * @property {string} variant the variant's name
 * @property {string} player both sides' player setting (not uci:)
 * @property {number} games games in all, 1 to 10 000
 * @property {number} [seed] the seed (0)
 * @property {number} [opening] random decisions opening every game (0)
 * @property {number|null} [max_turns] the turn cap (300)
 * @property {string|null} [position] a start position text
 * @property {number|null} [every] values studies: the material noted every this many turns (4)
 * @property {string|null} [b_position] compare studies: start B's position text
 * @property {string|null} [b_player] sprt studies: player B
 * @property {number|null} [elo0] sprt studies: A's Elo advantage under H0 (0)
 * @property {number|null} [elo1] sprt studies: A's Elo advantage under H1 (10)
 * @property {number|null} [alpha] sprt studies: the chance of accepting H1 when H0 holds (0.05)
 * @property {number|null} [beta] sprt studies: the chance of accepting H0 when H1 holds (0.05)
 */

/**
 * One study of GET /api/studies.
 * @typedef {object} StudyItem
 * @property {string} id its id
 * @property {'balance'|'values'|'compare'|'sprt'} kind its kind
 * @property {string} variant its variant
 * @property {string} player its player setting
 * @property {number} games_done games stored so far
 * @property {number} games games in all
 */

/**
 * GET /api/studies/{id}: a study, how far it is, its figures so far.
 * @typedef {object} StudyReport
 * @property {string} id its id
 * @property {'balance'|'values'|'compare'|'sprt'} kind its kind
 * @property {StudySpec} spec what it plays
 * @property {number} games_done games stored so far
 * @property {number} games games in all
 * @property {number} batches_done batches done
 * @property {number} batches_open batches not claimed
 * @property {[number, string][]} batches_claimed batches a worker holds, with its name
 * @property {number} batches_skipped batches a decided test left unplayed
 * @property {boolean} finished every batch done or skipped
 * @property {object} balance the balance figures (lab balance --json's figures, with the
 *   events of the variant's rules in `events`)
 * @property {object|null} values the fitted values of a values study, once they can be fitted
 * @property {string|null} values_note why a values study has no values yet
 * @property {ScorePoint[]} score the first player's score after each game
 * @property {object|null} comparison a compare study's figures (a, b, their differences)
 * @property {object|null} sprt an sprt study's test so far (games, wins, draws, losses, llr, verdict)
 * @property {string} [owner_token] the owner's secret, in the answer to POST /api/studies only
 */

/**
 * What a study plays.
 * @typedef {object} StudySpec
 * @property {string} variant the variant's name
 * @property {string} player both sides' player setting
 * @property {number} games games in all
 * @property {number} seed the seed
 * @property {number} opening random decisions opening every game
 * @property {number} max_turns the turn cap
 * @property {object} adjudication the rules ending games by the players' scores: resign {movecount, score, twosided} and draw {movenumber, movecount, score}, each absent when off
 * @property {string|null} start the start position text; null: the standard start
 * @property {number} material_every the material noted every this many turns (0: never)
 * @property {object} [versus] a comparison's start B ({start}) or a test's player B ({player: {player, bounds}})
 */

/**
 * The first player's score over the first `games` games.
 * @typedef {object} ScorePoint
 * @property {number} games games counted
 * @property {number} score points per game (win 1, draw 1/2)
 * @property {number} low Wilson's 95 % interval's low end
 * @property {number} high its high end
 */

/**
 * One variant as the lobby offers it (GET /api/variants answers an array of them).
 * @typedef {object} VariantInfo
 * @property {string} name its name, as CreateGame takes it
 * @property {string} title the name players know it by, for titles and menus
 * @property {string} description one line about it
 * @property {[string, string]} players the players' names in the variant's words
 * @property {'grid'|'timelines'} layout how a graphical client lays out the view's boards
 * @property {string} record_extension the file extension of its records
 * @property {string|null} notation_help how to type a decision in its notation
 * @property {TimeControl[]} time_controls the variant's own controls first, then the common ones
 * @property {Start[]} starts the starts it offers by name, its standard start first
 * @property {string} rules_summary its rules in short, paragraphs separated by a blank line ('' when it has none)
 * @property {[string, string][]} legend the signs on its boards and what each means: [sign, meaning], the sign a SquareMark kind or a word
 * @property {boolean} has_engine whether the engine plays it (games against the engine, the analysis board)
 * @property {MarkStyle[]} marks how each kind of mark on its boards (and each legend sign drawn as one) is drawn
 */

/**
 * How a client draws one kind of square mark, as the variant's guide says.
 * @typedef {object} MarkStyle
 * @property {string} kind the mark's kind, as SquareMark.kind names it
 * @property {'ring'|'tab'|'gauge'|'tint'|'light'} draw how it is drawn
 * @property {string} colour its colour, as CSS writes one
 * @property {string} ink the colour of its text on that colour
 */

/**
 * A time control the lobby offers.
 * @typedef {object} TimeControl
 * @property {string} name its name
 * @property {string} label the words the lobby shows
 * @property {number} base_ms each player's time for the game
 * @property {number} increment_ms added after each of a player's turns
 * @property {number} per_move_ms the time for each decision; 0: none
 * @property {[number, number]|null} period [turns, extra_ms]
 */

/**
 * A start a variant offers by name.
 * @typedef {object} Start
 * @property {string} name its name (`Standard` for the standard start)
 * @property {string|null} position its position text; null for the standard start
 */

/**
 * The body of POST /api/games.
 * @typedef {object} CreateGame
 * @property {string} variant the variant's name
 * @property {string|null} [position] a position text to start from
 * @property {string|null} [record] a record to continue from
 * @property {ClockSpec|null} [clock] the time control; untimed if absent
 * @property {boolean|null} [casual] whether takebacks are allowed (default: yes)
 * @property {EngineSeat|null} [engine] to play the engine
 */

/**
 * A game's time control.
 * @typedef {object} ClockSpec
 * @property {number} [base_ms] each player's time for the game
 * @property {number} [increment_ms] added after each of a player's turns
 * @property {number} [per_move_ms] the time for each decision
 * @property {[number, number]|null} [period] [turns, extra_ms]
 */

/**
 * The engine's seat and strength.
 * @typedef {object} EngineSeat
 * @property {0|1} seat the seat it plays
 * @property {number} level 1 (random moves) to 8
 */

/**
 * The answer to POST /api/games.
 * @typedef {object} Created
 * @property {string} id the new game's id
 * @property {Tokens} tokens the seats' tokens
 * @property {Snapshot} game the new game
 */

/**
 * The body of POST /api/seeks.
 * @typedef {object} CreateSeek
 * @property {string} variant the variant's name
 * @property {string|null} [position] a start position; the standard start if absent
 * @property {ClockSpec|null} [clock] the time control; untimed if absent
 * @property {boolean|null} [casual] whether takebacks are allowed (default: yes)
 * @property {0|1|null} [seat] the seat wanted; null: drawn when accepted
 * @property {[number, number]|null} [rating_range] the ratings that may accept, [low, high]; null: anyone
 */

/**
 * An open seek as GET /api/seeks lists it.
 * @typedef {object} SeekItem
 * @property {string} id its id
 * @property {string} variant the variant's name
 * @property {string|null} position the start position; null for the standard start
 * @property {ClockSpec|null} clock the time control; null: untimed
 * @property {boolean} casual whether takebacks are allowed
 * @property {0|1|null} seat the seeker's seat; null: drawn when accepted
 * @property {[number, number]|null} rating_range the ratings that may accept; null: anyone
 * @property {number} created_ms when it was made
 */

/**
 * The answer to POST /api/seeks.
 * @typedef {object} SeekCreated
 * @property {string} id the seek's id
 * @property {string} token the seeker's secret
 * @property {SeekItem} seek the seek as listed
 */

/**
 * The body of POST /api/studies/{id}/stop and …/delete.
 * @typedef {object} OwnerToken
 * @property {string} token the owner_token POST /api/studies answered
 */

/**
 * The body of POST /api/seeks/{id}/poll and …/cancel.
 * @typedef {object} SeekToken
 * @property {string} token the seeker's secret
 */

/**
 * The answer to POST /api/seeks/{id}/poll.
 * @typedef {object} SeekStatus
 * @property {SeekItem} seek the seek
 * @property {string|null} game the game's id once accepted
 * @property {0|1|null} seat the seeker's seat in it
 * @property {string|null} game_token the seeker's seat token in it
 */

/**
 * The answer to POST /api/seeks/{id}/accept.
 * @typedef {object} SeekAccepted
 * @property {string} game the new game's id
 * @property {0|1} seat the accepter's seat
 * @property {string} game_token the accepter's seat token
 */

/**
 * A game being played now (GET /api/games?status=playing).
 * @typedef {object} PlayingGame
 * @property {string} id the game's id
 * @property {string} variant the variant's name
 * @property {[string, string]} player_names the players' names
 * @property {EngineSeat|null} engine the engine's seat, against the engine
 * @property {number} moves decisions played
 * @property {0|1|null} to_act_index the seat to act
 * @property {ClockState|null} clock the clocks now
 * @property {number} last_ms when it last changed
 */

/**
 * The body of POST /api/games/turns.
 * @typedef {object} TurnsRequest
 * @property {TurnQuery[]} games at most 30 games
 */

/**
 * One game of TurnsRequest.
 * @typedef {object} TurnQuery
 * @property {string} id the game's id
 * @property {0|1|null} seat the asker's seat; null when not known
 */

/**
 * One game of the answer to POST /api/games/turns.
 * @typedef {object} TurnItem
 * @property {string} id the game's id
 * @property {boolean} found whether the server has it
 * @property {string|null} variant the variant's name
 * @property {boolean} over whether it is over
 * @property {0|1|null} to_act_index the seat to act
 * @property {boolean} your_turn whether the asker's seat is to act
 * @property {number} moves decisions played
 * @property {string|null} opponent the other seat (an account's name, Engine level N) when the asker's seat is known
 * @property {string|null} result how the game ended, in words; null while it runs
 */

/**
 * The seat tokens of a new game.
 * @typedef {object} Tokens
 * @property {string} white seat 0
 * @property {string} black seat 1
 */

/**
 * The body of POST /api/games/{id}/decisions.
 * @typedef {object} MakeDecision
 * @property {string} token the seat token
 * @property {string} decision the decision in the variant's notation
 * @property {number|null} [version] the version the client has seen
 * @property {boolean} [patch] with version: answer with a DecisionPatch from it
 */

/**
 * The answer to POST /api/games/{id}/decisions that asked for a patch.
 * @typedef {object} DecisionPatch
 * @property {number} from the version the patch applies to
 * @property {object} patch what changed in the snapshot
 * @property {number} version the version it makes
 */

/**
 * The body of POST /api/games/{id}/actions.
 * @typedef {object} MakeAction
 * @property {string} token the seat token
 * @property {string} action `resign`, `offer-draw`, …
 */

/**
 * Every HTTP error's body.
 * @typedef {object} ErrorBody
 * @property {string} error what is wrong, in one line
 */

/**
 * POST /api/positions: a position to draw (the analysis board).
 * @typedef {object} ShowPosition
 * @property {string} variant the variant's name
 * @property {string|null} [position] position text; the standard start if absent
 * @property {string[]} [after] decisions played from the position
 * @property {string|null} [record] a position text or a game record, in place of position
 * @property {EditSquare[]} [edits] the board editor's changes
 * @property {0|1|null} [to_move] with edits: the seat to move
 */

/**
 * One change of the board editor.
 * @typedef {object} EditSquare
 * @property {number} board the board's index
 * @property {number} square the square on it
 * @property {EditPiece|null} piece what it holds after; null for empty
 */

/**
 * A piece the board editor puts down.
 * @typedef {object} EditPiece
 * @property {0|1} player its owner
 * @property {string} kind its letter, upper case
 */

/**
 * One outcome chance may pick.
 * @typedef {object} ChanceOutcome
 * @property {string} text the outcome as a decision
 * @property {number} probability its probability
 */

/**
 * The answer to POST /api/positions.
 * @typedef {object} PositionShown
 * @property {string} position the position after the decisions
 * @property {0|1|null} to_act_index the seat to act
 * @property {0|1} turn_index the seat whose turn it is, also where chance acts
 * @property {Outcome|null} outcome how the game ended by the rules
 * @property {string[]} moves the decisions as the move list shows them
 * @property {GameView} view the boards and the legal moves
 * @property {string|null} start the start the decisions were played from
 * @property {string[]} after every decision played from the start
 * @property {ChanceOutcome[]} chance where chance acts, its outcomes
 * @property {boolean} editable whether the variant has a board editor
 * @property {PieceView[]} palette the pieces the editor offers
 */

// --- the game snapshot ------------------------------------------------------------------------

/**
 * A game as every client sees it.
 * @typedef {object} Snapshot
 * @property {string} id the game's id
 * @property {string} variant the variant's name
 * @property {number} version the number of events stored
 * @property {[string, string]} player_names the players' names
 * @property {string|null} start the start position's text; null for the standard start
 * @property {string} position the position now
 * @property {string} to_act who acts, in words
 * @property {0|1|null} to_act_index the seat to act
 * @property {Outcome|null} outcome how the game ended
 * @property {string[]} history the decisions that stand, in canonical notation
 * @property {string[]} moves the same decisions as the move list shows them
 * @property {number[]} turns one per decision of `history`: the turn it belongs to
 * @property {(0|1|null)[]} actors one per decision of `history`: the seat that made it (null: a die roll)
 * @property {boolean[]} turn_ends one per decision of `history`: whether it only closes a turn of several decisions (a move list leaves it out)
 * @property {number} first_move_number the number a move list gives the start's turn
 * @property {0|1} first_mover the seat whose turn the start is
 * @property {number} turn the turn the next decision belongs to
 * @property {number} ply the number of decisions played
 * @property {string[]} decisions the legal decisions now
 * @property {GameView} view the boards and the moves on them
 * @property {[PieceView[], PieceView[]]} captured the pieces each player has lost
 * @property {ClockState|null} clock the clocks; null when untimed
 * @property {Offers} offers who has an offer open
 * @property {0|1|null} undo_by the seat that may take back its last decision now
 * @property {boolean} abortable whether a player may abort the game now
 * @property {boolean} casual whether takebacks are allowed
 * @property {EngineSeat|null} engine the engine's seat and level
 * @property {string|null} rematch the id of this game's rematch
 * @property {string|null} rematch_of the id of the game this one is a rematch of
 * @property {string} notation_help how to type a decision
 * @property {number|null} forfeit_probability the chance the player to act forfeits
 * @property {string|null} claimable_draw a draw the player to act may claim
 */

/**
 * How a game ended.
 * @typedef {object} Outcome
 * @property {string} result `1-0`, `0-1`, `1/2-1/2`, `0-0`, or `*` (aborted)
 * @property {string} text in words
 */

/**
 * A timed game's clocks.
 * @typedef {object} ClockState
 * @property {number} base_ms as created
 * @property {number} increment_ms as created
 * @property {number} per_move_ms as created
 * @property {[number, number]} remaining_ms each player's time left
 * @property {number|null} move_left_ms the time left for the decision, under a per-move clock
 * @property {0|1|null} running the seat whose clock runs
 * @property {number} server_ms the server's time when the snapshot was taken
 */

/**
 * Who has an offer open.
 * @typedef {object} Offers
 * @property {0|1|null} draw the seat offering a draw
 * @property {0|1|null} takeback the seat asking for a takeback
 * @property {0|1|null} rematch the seat offering a rematch
 */

/**
 * The boards and the moves on them, with the last move's squares.
 * @typedef {object} GameView
 * @property {BoardView[]} boards the boards, each with its place in the layout grid
 * @property {MoveView[]} moves every legal decision
 * @property {Cell[]} checks squares in check
 * @property {Arrow[]} arrows arrows to draw
 * @property {string[]} notes lines of text to show beside the boards
 * @property {boolean} counts_material whether captured pieces can be counted
 * @property {boolean} layout_turns whether the whole layout turns for the second player
 * @property {Cell[]} last the squares of the last move a player made
 */

/**
 * One board.
 * @typedef {object} BoardView
 * @property {string} label its name
 * @property {number} column its column in the layout grid
 * @property {number} row its row in the layout grid
 * @property {string[]} files the file names
 * @property {string[]} ranks the rank names
 * @property {(PieceView|null)[]} squares the pieces, square by square
 * @property {SquareMark[]} marks marked squares
 * @property {boolean} active whether a move may start on it
 */

/**
 * A piece on a square.
 * @typedef {object} PieceView
 * @property {0|1} player its owner
 * @property {string} kind its letter, upper case
 * @property {string} name its name in words
 * @property {string|null} tag a short label drawn on it
 * @property {number} value its material in pawns, as the variant counts it
 */

/**
 * A marked square.
 * @typedef {object} SquareMark
 * @property {number} square the square on its board
 * @property {string} kind the mark (its MarkStyle says how it is drawn)
 * @property {string|null} text a short text for it
 * @property {string|null} label the text drawn on the square where shorter than `text`
 */

/**
 * A legal decision as the UI offers it.
 * @typedef {object} MoveView
 * @property {string} text the decision in canonical notation
 * @property {Cell|null} from the square a piece leaves
 * @property {Cell|null} to the square it arrives on
 * @property {string|null} promotion the kind a pawn promotes to
 * @property {'move'|'pass'|'submit'|'roll'|'claim'|'done'} kind what the decision is
 * @property {boolean} turn_end whether it only closes a turn of several decisions
 * @property {string|null} label the words of its button, where it moves no piece
 */

/**
 * A square of one board of the view.
 * @typedef {object} Cell
 * @property {number} board the board's index
 * @property {number} square the square on it
 */

/**
 * An arrow between two squares.
 * @typedef {object} Arrow
 * @property {Cell} from where it starts
 * @property {Cell} to where it ends
 */

// --- the game WebSocket ---------------------------------------------------------------------

/**
 * @typedef {object} ClientHello
 * @property {1} v the protocol's version
 * @property {'hello'} type takes a seat
 * @property {string|null} [token] the seat token
 * @property {number|null} [since] the first event not seen
 * @property {boolean} [patches] whether the client applies patch messages
 */

/**
 * @typedef {object} ClientDecision
 * @property {1} v the protocol's version
 * @property {'decision'} type plays a decision
 * @property {string} decision the decision
 * @property {number|null} [version] the version seen
 * @property {*} [ref] echoed in the ack or error
 */

/**
 * @typedef {object} ClientAction
 * @property {1} v the protocol's version
 * @property {'action'} type an action
 * @property {string} action its name
 * @property {*} [ref] echoed in the ack or error
 */

/**
 * @typedef {object} ClientPing
 * @property {1} v the protocol's version
 * @property {'ping'} type answered with pong
 */

/** @typedef {ClientHello|ClientDecision|ClientAction|ClientPing} ClientMessage */

/**
 * @typedef {object} ServerWelcome
 * @property {1} v the protocol's version
 * @property {'welcome'} type the answer to hello
 * @property {0|1|null} seat the seat the token holds
 * @property {GameEvent[]} missed the events from `since` on
 * @property {Snapshot} game the game now
 */

/**
 * @typedef {object} ServerUpdate
 * @property {1} v the protocol's version
 * @property {'update'} type a stored change
 * @property {GameEvent[]} events the events stored
 * @property {Snapshot} game the game after them
 */

/**
 * @typedef {object} ServerPatch
 * @property {1} v the protocol's version
 * @property {'patch'} type a stored change, as a patch
 * @property {GameEvent[]} events the events stored
 * @property {number} from the version the patch applies to
 * @property {object} patch what changed in the snapshot
 * @property {number} version the version it makes
 */

/**
 * @typedef {object} ServerAck
 * @property {1} v the protocol's version
 * @property {'ack'} type a decision or action carried out
 * @property {*} ref the sender's ref
 */

/**
 * @typedef {object} ServerError
 * @property {1} v the protocol's version
 * @property {'error'} type a message refused
 * @property {number} status the HTTP status of the same refusal
 * @property {string} error what is wrong
 * @property {*} ref the sender's ref, or null
 */

/**
 * @typedef {object} ServerPong
 * @property {1} v the protocol's version
 * @property {'pong'} type the answer to ping
 */

/** @typedef {ServerWelcome|ServerUpdate|ServerPatch|ServerAck|ServerError|ServerPong} ServerMessage */

/**
 * One stored event of a game.
 * @typedef {object} GameEvent
 * @property {number} seq its number in the game
 * @property {string} kind `decision`, `chance`, `resign`, …
 * @property {0|1|null} player who did it; null for the server
 * @property {string} text the decision's text, a draw's reason, a rematch's id
 * @property {number} at_ms when it was stored
 */

// --- the analysis WebSocket -------------------------------------------------------------------

/**
 * @typedef {object} AnalysisAnalyse
 * @property {1} v the protocol's version
 * @property {'analyse'} type analyses a position
 * @property {string} variant the variant's name
 * @property {string|null} [position] a position text; the standard start if blank
 * @property {string[]} [after] decisions played from it
 * @property {number|null} [seconds] how long to search
 */

/**
 * @typedef {object} AnalysisReview
 * @property {1} v the protocol's version
 * @property {'review'} type reviews a game
 * @property {string} variant the variant's name
 * @property {string|null} [position] the game's start; the standard start if blank
 * @property {string[]} [after] the game's decisions
 * @property {number|null} [seconds] how long to search each position
 */

/**
 * @typedef {object} AnalysisStop
 * @property {1} v the protocol's version
 * @property {'stop'} type stops the search
 */

/**
 * @typedef {object} AnalysisPing
 * @property {1} v the protocol's version
 * @property {'ping'} type answered with pong
 */

/**
 * @typedef {object} AnalysisInfo
 * @property {1} v the protocol's version
 * @property {'info'} type one completed iteration
 * @property {number|null} depth the depth searched
 * @property {string|null} score `cp N` or `mate N`
 * @property {number|null} nodes positions searched
 * @property {number|null} nps positions a second
 * @property {number|null} time seconds searched
 * @property {string[]} pv the best line
 * @property {string[]} shown the best line in the variant's notation, a turn an entry
 * @property {string} line the engine's line
 */

/**
 * @typedef {object} AnalysisDone
 * @property {1} v the protocol's version
 * @property {'done'} type the search is over
 * @property {string[]} best the best line found
 * @property {string[]} shown the same line in the variant's notation, a turn an entry
 */

/**
 * @typedef {object} AnalysisPlan
 * @property {1} v the protocol's version
 * @property {'plan'} type the positions a review will evaluate
 * @property {number[]} plies each position's decisions from the start, in order
 */

/**
 * Decisions of one player judged by the expected points they lost.
 * @typedef {object} Judgement
 * @property {number} index the last decision judged (an index into the game's decisions)
 * @property {0|1} player who made them
 * @property {number} loss the expected points lost, 0 to 1
 * @property {'inaccuracy'|'mistake'|'blunder'} kind 0.05, 0.10, 0.15 or more
 */

/**
 * @typedef {object} AnalysisPoint
 * @property {1} v the protocol's version
 * @property {'point'} type one position of a review, evaluated
 * @property {number} ply the decisions from the start to it
 * @property {0|1|null} to_act the player to act; null for chance or the end
 * @property {number|null} value the first player's expected points, 0 to 1
 * @property {string|null} score the engine's score from the first player's view, or the result
 * @property {string[]} best the best line as decision texts
 * @property {string[]} shown the best line in the variant's notation, a turn an entry
 * @property {Cell[]} arrow from and to of the best line's first decision (or empty)
 * @property {Judgement|null} judgement the decisions that led here, where they lost enough
 */

/**
 * @typedef {object} AnalysisReviewed
 * @property {1} v the protocol's version
 * @property {'reviewed'} type the review is over
 * @property {number} points positions evaluated
 */

/**
 * @typedef {object} AnalysisError
 * @property {1} v the protocol's version
 * @property {'error'} type refused or failed
 * @property {number} status 400, or 503 when the engine is busy
 * @property {string} error what is wrong
 */

/**
 * @typedef {object} AnalysisPong
 * @property {1} v the protocol's version
 * @property {'pong'} type the answer to ping
 */

/** @typedef {AnalysisInfo|AnalysisDone|AnalysisPlan|AnalysisPoint|AnalysisReviewed|AnalysisError|AnalysisPong} AnalysisReply */

export {};
