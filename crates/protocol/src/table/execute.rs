//! The commands of a game other than Plakoto, applied to the session's
//! game of that kind through the game layer. Commands about the session
//! (output, seed, search options, …) are left to the session; commands
//! only Plakoto has are refused with `not_in_game`. What a command does to
//! the games is told to the session's record of the game as events
//! (`tools.events`), as Plakoto's commands do.

use plakoto_engine::eval::Probabilities;
use plakoto_engine::game::{Root, SearchSettings, Valuation};
use plakoto_rules::tavli::CarriedNumbers;
use plakoto_rules::tavli::{TableGame, TableReport};
use plakoto_rules::{GameKind, MatchScore, Phase};

use super::hooks::TableProtocol;
use super::search::{RankedTurn, candidates, chances, rank_current, search_info, turn_numbers};
use crate::board_picture::draw_table_board;
use crate::command::{Command, Page, ShowWhat, TableCommand};
use crate::game_records::{set_up_event, started_event, table_header};
use crate::match_value;
use crate::reply::{
    BoardInfo, BoardShape, ErrorCode, LegalPlay, MoveInfo, PlayerNames, ProtoError, Reply,
    TableOptionsInfo, round,
};
use crate::show_replies::{match_id, position_id, score_info, state_reply};
use crate::state::turn_info;
use crate::state::{SessionState, result_info};
use crate::tools::Tools;
use plakoto_records::record::{Event, GameEnd, Roll, Start, Turn};

/// `not_in_game`: the command has no meaning in `game`.
pub(crate) fn not_in_game(game: GameKind, what: &str) -> ProtoError {
    ProtoError::new(
        ErrorCode::NotInGame,
        format!("{what}: not in a game of {game} ('set game' picks the game)"),
    )
}

/// Applies `command` to the session's game of `G`: `None` for a command
/// about the session, which the session applies whatever the game.
pub(crate) fn execute<G: TableProtocol>(
    state: &mut SessionState,
    tools: &mut Tools,
    command: &Command,
) -> Option<Result<Reply, ProtoError>> {
    let refuse = |what: &str| Some(Err(not_in_game(G::KIND, what)));
    // The game and score before a command that sets them by hand: the
    // record starts over when they changed.
    let before = (G::table(state).clone(), state.score);
    let set_by_hand = |state: &SessionState, tools: &mut Tools| {
        if (G::table(state), &state.score) != (&before.0, &before.1) {
            tools.events.push(set_up_event::<G>(state));
        }
    };
    Some(match command {
        Command::NewGame => new_game::<G>(state, tools),
        Command::NewMatch(n) => {
            state.score = MatchScore::new(*n);
            state.next_starter = None;
            let header = table_header::<G>(state);
            tools.events.push(Event::MatchStarted(header));
            new_game::<G>(state, tools)
        }
        Command::Table(table_command) => set_table::<G>(state, table_command).inspect(|_| {
            set_by_hand(state, tools);
        }),
        Command::SetTurn(side) => {
            G::table(state)
                .with_turn(*side)
                .map_err(state_error)
                .map(|table| {
                    *G::table_mut(state) = table;
                    state.next_starter = None;
                    set_by_hand(state, tools);
                    state_reply::<G>(state)
                })
        }
        Command::SetDice(dice) => {
            let opening = G::table(state).phase() == Phase::Opening;
            G::table_mut(state)
                .set_dice(*dice)
                .map_err(state_error)
                .map(|()| {
                    if opening {
                        // Before the opening roll the game is set by hand.
                        set_by_hand(state, tools);
                    } else {
                        tools.events.push(dice_event(G::table(state)));
                    }
                    Reply::Dice {
                        opening: Vec::new(),
                        turn: turn_info(G::table(state)),
                    }
                })
        }
        Command::Roll => roll::<G>(state, tools),
        Command::Move(text) => {
            let (_, generator) = generator_for::<G>(state);
            let mut generator = generator;
            let before = G::table(state).clone();
            G::table_mut(state)
                .play_written(text, &mut generator)
                .map_err(|e| match e {
                    plakoto_rules::tavli::TableError::State(e) => state_error(e),
                    // The game's own words where it has them: the step
                    // refused and its rule (as `legal steps` says it).
                    plakoto_rules::tavli::TableError::Play(e) => ProtoError::new(
                        ErrorCode::IllegalMove,
                        G::move_refusal(&before, text).unwrap_or_else(|| e.to_string()),
                    ),
                })
                .map(|report| Reply::Moved(finish_move::<G>(state, tools, &before, report)))
        }
        Command::Play(time_ms) => play::<G>(state, tools, *time_ms),
        Command::Hint { count, time_ms } => hint::<G>(state, tools, *count, *time_ms),
        Command::Eval(time_ms) => eval::<G>(state, tools, *time_ms),
        Command::Legal(page) => legal::<G>(state, *page),
        Command::Show(what) => Ok(show::<G>(state, tools, *what)),
        Command::SetRules(_) => return refuse("set rules"),
        Command::SetScoring(_) => return refuse("set scoring standard|tzannes"),
        Command::SetBoard(_) | Command::SetPosition(..) | Command::SetMatchId(_) => {
            return refuse("a Plakoto position");
        }
        Command::Rollout(trials) => super::rollout::rollout::<G>(state, tools, *trials),
        Command::LegalSteps(made) => G::legal_steps(G::table(state), made),
        Command::Record(record_command) => {
            super::records::execute::<G>(state, tools, record_command)
        }
        _ => return None,
    })
}

fn state_error(e: plakoto_rules::StateError) -> ProtoError {
    ProtoError::from(plakoto_rules::GameError::State(e))
}

fn generator_for<G: TableProtocol>(state: &SessionState) -> (G, G::Generator) {
    let game = G::table(state).game();
    (game, game.generator())
}

/// Starts the next game: the last winner starts (P14, T6), otherwise an
/// opening roll decides (P13).
fn new_game<G: TableProtocol>(
    state: &mut SessionState,
    tools: &mut Tools,
) -> Result<Reply, ProtoError> {
    if let Some(w) = state.score.winner() {
        return Err(crate::show_replies::match_over(
            &state.score,
            w,
            state.tavli.is_some(),
        ));
    }
    let old = G::table(state);
    let (game, opening_rule) = (old.game(), old.opening());
    let starter = state.next_starter.take();
    let (table, opening) = match starter {
        Some(winner) => (
            TableGame::started_by(game, opening_rule, winner),
            Vec::new(),
        ),
        None => {
            let mut table = TableGame::new(game, opening_rule);
            let rolls = table
                .roll_opening(&mut state.rng)
                .map_err(state_error)?
                .1
                .iter()
                .map(|(x, o)| [x.pips(), o.pips()])
                .collect();
            (table, rolls)
        }
    };
    let dice = table.dice().map(|d| [d.0.pips(), d.1.pips()]);
    let starts = table.on_roll();
    *G::table_mut(state) = table;
    let start = match starter {
        Some(winner) => Start::Starter(winner),
        None => Start::Opening(opening.clone()),
    };
    tools.events.push(started_event::<G>(state, start));
    if dice.is_some() {
        // The Western opening: the starter plays the opening dice.
        tools.events.push(dice_event(G::table(state)));
    }
    Ok(Reply::TableNewGame {
        game: G::KIND,
        score: score_info(state),
        opening,
        starts,
        scoring: TableProtocol::scoring_word(&game),
        opening_rule: opening_word(opening_rule),
        dice,
    })
}

fn roll<G: TableProtocol>(
    state: &mut SessionState,
    tools: &mut Tools,
) -> Result<Reply, ProtoError> {
    let mut opening = Vec::new();
    let mut rng = state.rng.clone();
    let table = G::table_mut(state);
    if table.phase() == Phase::Opening {
        let (_, rolls) = table.roll_opening(&mut rng).map_err(state_error)?;
        opening = rolls.iter().map(|(x, o)| [x.pips(), o.pips()]).collect();
    }
    // The Western opening plays the opening dice: nothing more to roll.
    if opening.is_empty() || table.dice().is_none() {
        table.roll(&mut rng).map_err(state_error)?;
    }
    state.rng = rng;
    if !opening.is_empty() {
        let start = Start::Opening(opening.clone());
        tools.events.push(started_event::<G>(state, start));
    }
    tools.events.push(dice_event(G::table(state)));
    Ok(Reply::Dice {
        opening,
        turn: turn_info(G::table(state)),
    })
}

/// Reads a board given as a Position ID or as board text.
fn read_board<G: TableProtocol>(game: &G, text: &str) -> Result<G::Position, ProtoError> {
    let looks_like_text = text.contains(['/', ':', ' ']);
    let read = if looks_like_text {
        game.parse_board_text(text).map_err(|e| e.to_string())
    } else {
        game.parse_position_id(text).map_err(|e| e.to_string())
    };
    read.map_err(|e| {
        ProtoError::new(
            ErrorCode::InvalidPosition,
            format!("'{text}' is no {} board: {e}", G::KIND),
        )
    })
}

fn set_table<G: TableProtocol>(
    state: &mut SessionState,
    command: &TableCommand,
) -> Result<Reply, ProtoError> {
    let table = G::table(state).clone();
    let game = table.game();
    let invalid =
        |e: plakoto_rules::StateError| ProtoError::new(ErrorCode::InvalidPosition, e.to_string());
    match command {
        TableCommand::SetBoard(text) => {
            let position = read_board(&game, text)?;
            *G::table_mut(state) = table.with_board(position).map_err(invalid)?;
        }
        TableCommand::SetFibsBoard(text) => {
            let setup = game.read_fibs_board(text)?;
            *G::table_mut(state) = TableGame::from_parts(
                game,
                table.opening(),
                setup.position,
                setup.on_roll,
                setup.dice,
                false,
            )
            .map_err(invalid)?;
            state.score = MatchScore {
                length: setup.match_length,
                score: setup.score,
            };
        }
        TableCommand::SetPosition(pid, mid) => {
            let position = game.parse_position_id(pid).map_err(|e| {
                ProtoError::new(
                    ErrorCode::InvalidPosition,
                    format!("'{pid}' is no {} Position ID: {e}", G::KIND),
                )
            })?;
            let parts = game.read_match_id(mid)?;
            *G::table_mut(state) = TableGame::from_parts(
                game,
                table.opening(),
                position,
                parts.on_roll,
                parts.dice,
                parts.over,
            )
            .map_err(invalid)?;
            state.score = MatchScore {
                length: parts.match_length,
                score: parts.score,
            };
        }
        TableCommand::SetMatchId(mid) => {
            let parts = game.read_match_id(mid)?;
            let with = |position| {
                TableGame::from_parts(
                    game,
                    table.opening(),
                    position,
                    parts.on_roll,
                    parts.dice,
                    parts.over,
                )
            };
            // A finished board left from the last game cannot go with a
            // game in progress: start from the initial position instead
            // (clients set the Match ID first and the board next).
            let finished = table.phase() == Phase::Over;
            *G::table_mut(state) = with(*table.position())
                .or_else(|e| {
                    if finished && !parts.over {
                        with(game.start())
                    } else {
                        Err(e)
                    }
                })
                .map_err(invalid)?;
            state.score = MatchScore {
                length: parts.match_length,
                score: parts.score,
            };
        }
        TableCommand::SetScoring(word) => {
            let scored = game.with_scoring(word)?;
            *G::table_mut(state) = table.with_game(scored);
            return Ok(Reply::Setting {
                name: "scoring".to_string(),
                value: TableProtocol::scoring_word(&scored),
            });
        }
        TableCommand::SetOpening(opening) => {
            *G::table_mut(state) = table.with_opening(*opening);
            return Ok(Reply::Setting {
                name: "opening".to_string(),
                value: opening_word(*opening),
            });
        }
        TableCommand::SetSwitch(name, value) => {
            let switched = game.with_switch(name, value)?;
            *G::table_mut(state) = table.with_game(switched);
            let full = if name.starts_with("fevga.") {
                name.clone()
            } else {
                format!("fevga.{name}")
            };
            return Ok(Reply::Setting {
                name: full,
                value: value.clone(),
            });
        }
    }
    state.next_starter = None;
    Ok(state_reply::<G>(state))
}

/// The event of the dice `table`'s side on roll has to play.
fn dice_event<G: TableProtocol>(table: &TableGame<G>) -> Event {
    let dice = table.dice().map_or([0, 0], |d| [d.0.pips(), d.1.pips()]);
    Event::DiceSet {
        side: table.on_roll(),
        dice,
    }
}

/// Records the play made from `before` (and the numbers it passed on,
/// R21), scores a play that ended the game and says what the play did.
pub(crate) fn finish_move<G: TableProtocol>(
    state: &mut SessionState,
    tools: &mut Tools,
    before: &TableGame<G>,
    report: TableReport,
) -> MoveInfo {
    let side = before.on_roll();
    let roll = match (before.dice(), before.carried()) {
        (Some(dice), _) => Some(Roll::Dice([dice.0.pips(), dice.1.pips()])),
        (None, Some(carried)) => Some(Roll::Passed(CarriedNumbers::numbers(&carried))),
        (None, None) => None,
    };
    if let Some(roll) = roll {
        tools.events.push(Event::TurnPlayed(Turn {
            side,
            roll,
            play: report.notation.clone(),
            line: 0,
        }));
    }
    // Numbers left over that the play handed to the opponent: only a
    // play of the dice carries any, and the game then goes on.
    let after = G::table(state);
    let passed = after
        .carried()
        .map(|carried| CarriedNumbers::numbers(&carried));
    if let Some(numbers) = &passed {
        tools.events.push(Event::NumbersPassed {
            to: after.on_roll(),
            numbers: numbers.clone(),
        });
    }
    if let Some(result) = &report.result {
        state.next_starter = state.score.record(result);
        tools.events.push(Event::GameEnded(GameEnd::of(result)));
    }
    MoveInfo {
        play: report.notation,
        side,
        passed,
        result: report.result.as_ref().map(result_info),
        score: score_info(state),
        next: turn_info(G::table(state)),
        position_id: position_id::<G>(state),
        match_id: match_id::<G>(state),
        next_game: None,
    }
}

/// `play`: the search's choice, played. The root's plays are listed as
/// `hint` lists them; where that list is not every legal play (an
/// Express low double's, R20) the choice is one surely legal (R10). In a
/// match the candidates searched deepest go by match-winning chance.
fn play<G: TableProtocol>(
    state: &mut SessionState,
    tools: &mut Tools,
    time_ms: Option<u64>,
) -> Result<Reply, ProtoError> {
    let table = G::table(state).clone();
    let to_play = table.to_play().map_err(state_error)?;
    let game = table.game();
    let limits = tools.search.limits().with_time(time_ms);
    let settings = *tools.search.settings();
    let in_match = match_value::of(state, table.on_roll());
    let mwc = in_match.as_ref().map(|m| move |p: &Probabilities| m.mwc(p));
    let mut generator = game.generator_listing_at_most(tools.search.choice_limit());
    let (searcher, evaluator) = tools.search.searcher::<G>();
    let root = Root::new(&game, evaluator, table.position(), &to_play);
    let valuation = mwc.as_ref().map(|f| f as &Valuation);
    let play = searcher
        .choose_legal(root, &mut generator, &settings, limits, valuation)
        .ok_or_else(|| ProtoError::new(ErrorCode::State, "no play listed for the turn"))?;
    let report = G::table_mut(state).play(&play);
    Ok(Reply::Played(finish_move::<G>(
        state, tools, &table, report,
    )))
}

fn hint<G: TableProtocol>(
    state: &mut SessionState,
    tools: &mut Tools,
    count: usize,
    time_ms: Option<u64>,
) -> Result<Reply, ProtoError> {
    let limits = tools.search.limits().with_time(time_ms);
    let RankedTurn {
        to_play,
        ranking,
        in_match,
    } = rank_current::<G>(state, tools, limits)?;
    let table = G::table(state);
    let game = table.game();
    let searcher = tools.search.get::<G>();
    Ok(Reply::Hint {
        side: table.on_roll(),
        numbers: turn_numbers(&game, &to_play),
        count: ranking.plays.len(),
        incomplete: ranking.truncated,
        search: search_info(
            tools.search.settings(),
            searcher.evaluator.name(),
            ranking.limits,
            ranking.plies,
            ranking.timed_out,
            searcher.search.stop(),
        ),
        candidates: candidates(
            &game,
            table.position(),
            &ranking.plays,
            count,
            in_match.as_ref(),
        ),
    })
}

fn eval<G: TableProtocol>(
    state: &mut SessionState,
    tools: &mut Tools,
    time_ms: Option<u64>,
) -> Result<Reply, ProtoError> {
    let table = G::table(state);
    if table.phase() == Phase::Opening {
        return Err(state_error(plakoto_rules::StateError::NotStarted));
    }
    let game = table.game();
    let limits = tools.search.limits().with_time(time_ms);
    let settings = *tools.search.settings();
    let (searcher, evaluator) = tools.search.searcher::<G>();
    let (p, evaluation) =
        searcher.evaluate_position(&game, evaluator, table.position(), &settings, limits);
    let reached = match evaluation {
        plakoto_engine::game::Evaluation::Plies { plies } => plies,
        _ => limits.plies,
    };
    let cut_short = reached < limits.plies;
    // In a match, the chances as match-winning chances too.
    let mwc = match_value::of(state, table.on_roll()).map(|m| round(m.mwc(&p), 4));
    Ok(Reply::Eval {
        side: table.on_roll(),
        chances: chances(&game, &p),
        evaluation: evaluation.to_string(),
        plies: reached,
        mwc,
        timed_out: cut_short && !searcher.stop().is_set(),
        stopped: cut_short && searcher.stop().is_set(),
    })
}

fn legal<G: TableProtocol>(state: &SessionState, page: Page) -> Result<Reply, ProtoError> {
    let table = G::table(state);
    let (game, mut generator) = generator_for::<G>(state);
    let mut list = G::PlayList::default();
    table
        .legal_plays(&mut generator, &mut list)
        .map_err(state_error)?;
    let plays = game.plays(&list);
    let listed = plays
        .iter()
        .skip(page.offset)
        .take(page.limit)
        .map(|play| {
            let after = game.after(play);
            // The board the game shows after the play: the turn passes,
            // unless the play ends the game, which leaves the mover on
            // roll (as `play` and the Match ID show it).
            let shown = if game.result(&after).is_some() {
                after
            } else {
                game.flip(&after)
            };
            LegalPlay {
                play: game.format_play(table.position(), play),
                position_id: game.position_id(&shown),
                steps: Vec::new(),
            }
        })
        .collect();
    Ok(Reply::Legal {
        count: plays.len(),
        count_exact: true,
        offset: page.offset,
        incomplete: false,
        plays: listed,
    })
}

fn show<G: TableProtocol>(state: &SessionState, tools: &Tools, what: ShowWhat) -> Reply {
    let table = G::table(state);
    let game = table.game();
    match what {
        ShowWhat::Board(orientation) => {
            let orientation = orientation.unwrap_or(state.orientation);
            Reply::TableBoard(BoardInfo {
                position_id: position_id::<G>(state),
                match_id: match_id::<G>(state),
                orientation,
                lines: draw_table_board(
                    &game.picture(table.position()),
                    table.on_roll(),
                    orientation,
                ),
                board: BoardShape::Table(super::TableBoardData::new(
                    &game.picture(table.position()),
                    table.on_roll(),
                )),
                boardtext: game.board_text(table.position()),
                turn: turn_info(table),
                tavli: state.tavli.as_ref().map(|t| t.info(state.game_kind)),
            })
        }
        ShowWhat::BoardText => Reply::BoardText {
            boardtext: game.board_text(table.position()),
        },
        ShowWhat::PosId => Reply::PositionId {
            position_id: position_id::<G>(state),
        },
        ShowWhat::MatchId => Reply::MatchId {
            match_id: match_id::<G>(state),
        },
        ShowWhat::Position => {
            let (position_id, match_id) = (position_id::<G>(state), match_id::<G>(state));
            Reply::Position {
                position: format!("{position_id}:{match_id}"),
                position_id,
                match_id,
            }
        }
        ShowWhat::Dice => Reply::Dice {
            opening: Vec::new(),
            turn: turn_info(table),
        },
        ShowWhat::Options => options_reply::<G>(state, tools),
    }
}

/// `show options` in a game of the table.
pub(crate) fn options_reply<G: TableProtocol>(state: &SessionState, tools: &Tools) -> Reply {
    let table = G::table(state);
    Reply::TableOptions(TableOptionsInfo {
        game: G::KIND,
        scoring: TableProtocol::scoring_word(&table.game()),
        switches: table.game().switch_words(),
        opening: opening_word(table.opening()),
        output: state.output,
        orientation: state.orientation,
        seed: state.seed,
        evaluator: tools
            .search
            .get::<G>()
            .evaluator
            .as_ref()
            .name()
            .to_string(),
        // The filter the game's search applies (Fevga's own 1-ply level
        // of a named preset: `MoveFilter::in_game`).
        search: {
            let settings = tools.search.settings();
            SearchSettings {
                filter: settings.filter.in_game(G::KIND),
                ..*settings
            }
        },
        score: score_info(state),
        players: PlayerNames {
            x: state.players[0].clone(),
            o: state.players[1].clone(),
        },
    })
}

/// The opening rule's word.
fn opening_word(opening: plakoto_rules::tavli::Opening) -> String {
    opening.to_string()
}
