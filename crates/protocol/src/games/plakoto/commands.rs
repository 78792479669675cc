//! Plakoto's commands in its own words: the replies the protocol gave
//! before there were other games (`new game` naming its rules, `set
//! board|matchid|position` reading its IDs, `set rules`, `move` checked
//! by the rules core's line search, `eval` before the opening roll,
//! `legal`'s paged lists with their counts, its board and options),
//! applied to the rules core's game, which the session keeps as every
//! game's ([`TableGame`](plakoto_rules::tavli::TableGame)). Its other
//! commands, and every command of the other games, are the table's
//! executor's (`table/execute.rs`).

use plakoto_records::record::{Event, Start};
use plakoto_rules::Plakoto;
use plakoto_rules::tavli::{TableGame, TableReport};
use plakoto_rules::{
    Game, GameKind, MatchId, MatchScore, Phase, Position, Rules, game_result, to_board_text,
};

use super::board::draw_board;
use super::eval::eval;
use crate::board_data::BoardData;
use crate::command::{Command, TableCommand};
use crate::command::{Orientation, ShowWhat};
use crate::errors::PartsError;
use crate::game_records::{set_up_event, started_event, table_header};
use crate::reply::{BoardInfo, BoardShape, OptionsInfo, PlayerNames};
use crate::reply::{ProtoError, Reply};
use crate::session_search::SessionSearch;
use crate::show_replies::{match_id, position_id, score_info, state_reply};
use crate::state::{SessionState, turn_info};
use crate::table::{finish_move, not_in_game};
use crate::tools::Tools;

/// Applies `command`, a command of the game, to the session's game of
/// Plakoto; `None` for a command about the session.
pub(super) fn execute(
    state: &mut SessionState,
    tools: &mut Tools,
    command: &Command,
) -> Option<Result<Reply, ProtoError>> {
    let set_by_hand = matches!(
        command,
        Command::SetBoard(_)
            | Command::SetMatchId(_)
            | Command::SetPosition(..)
            | Command::SetTurn(_)
            | Command::SetRules(_)
            | Command::SetScoring(_)
    ) || (matches!(command, Command::SetDice(_))
        && state.table::<Plakoto>().phase() == Phase::Opening);
    // The game and score before a command that sets them by hand.
    let before = set_by_hand.then(|| (state.table::<Plakoto>().clone(), state.score));
    let reply = execute_command(state, tools, command)?;
    if let (Ok(_), Some((table, score))) = (&reply, before) {
        record_set_by_hand(state, tools, &table, &score);
    }
    Some(reply)
}

fn execute_command(
    state: &mut SessionState,
    tools: &mut Tools,
    command: &Command,
) -> Option<Result<Reply, ProtoError>> {
    Some(match command {
        Command::Table(TableCommand::SetOpening(_)) => Err(not_in_game(
            GameKind::Plakoto,
            "set opening: Plakoto always starts as R19 says",
        )),
        Command::Table(TableCommand::SetSwitch(name, _)) => Err(not_in_game(
            GameKind::Plakoto,
            &format!("set {name}: a switch of another game"),
        )),
        // Plakoto's lines read their boards, positions, Match IDs and
        // scorings themselves: nothing else is kept as written.
        Command::Table(_) => Err(not_in_game(GameKind::Plakoto, "a board of another game")),
        Command::NewGame => new_game(state, tools),
        Command::NewMatch(n) => {
            state.score = MatchScore::new(*n);
            state.next_starter = None;
            tools
                .events
                .push(Event::MatchStarted(table_header::<Plakoto>(state)));
            new_game(state, tools)
        }
        Command::SetBoard(position) => state
            .games
            .plakoto()
            .with_board(*position)
            .map_err(|e| PartsError::Board(e).into())
            .map(|game| {
                state.games.set_plakoto(&game);
                state_reply::<Plakoto>(state)
            }),
        Command::SetMatchId(m) => set_match_id(state, m),
        Command::SetPosition(position, m) => super::set_position::set_position(state, *position, m)
            .map(|()| state_reply::<Plakoto>(state)),
        Command::SetTurn(side) => state
            .games
            .plakoto()
            .with_turn(*side)
            .map_err(ProtoError::from)
            .map(|game| {
                state.games.set_plakoto(&game);
                state_reply::<Plakoto>(state)
            }),
        Command::SetDice(dice) => set_dice(state, tools, *dice),
        Command::SetRules(variant) => Rules::new(*variant, plakoto_rules_of(state).scoring)
            .map_err(ProtoError::from)
            .and_then(|rules| set_rules(state, rules))
            .map(|()| Reply::Setting {
                name: "rules".to_string(),
                value: variant.to_string(),
            }),
        Command::SetScoring(scoring) => Rules::new(plakoto_rules_of(state).variant, *scoring)
            .map_err(ProtoError::from)
            .and_then(|rules| set_rules(state, rules))
            .map(|()| Reply::Setting {
                name: "scoring".to_string(),
                value: scoring.to_string(),
            }),
        Command::Move(text) => {
            // Checked by the rules core, which searches a written play a
            // list cut short lacks (R10) rather than refuse it.
            let before = state.table::<Plakoto>().clone();
            let mut game = state.games.plakoto();
            game.play_written(text, tools.search.lists().complete.generator())
                .map_err(ProtoError::from)
                .map(|report| {
                    state.games.set_plakoto(&game);
                    let report = TableReport {
                        notation: report.notation,
                        result: report.result,
                    };
                    Reply::Moved(finish_move(state, tools, &before, report))
                })
        }
        Command::Eval(time_ms) => Ok(eval(state, tools.search, tools.progress, *time_ms)),
        Command::Legal(page) => super::legal::legal(state, tools.search.lists(), *page),
        Command::Show(ShowWhat::Board(orientation)) => Ok(board_reply(state, *orientation)),
        Command::Show(ShowWhat::Options) => Ok(options_reply(state, tools.search)),
        _ => return None,
    })
}

/// After the game or the score was set by hand: the record starts over
/// from the game as set, and no one starts the next game as a winner (the
/// game set is no sequel of one won). Nothing happens when nothing changed.
fn record_set_by_hand(
    state: &mut SessionState,
    tools: &mut Tools,
    before: &TableGame<Plakoto>,
    score_before: &MatchScore,
) {
    if state.table::<Plakoto>() == before && state.score == *score_before {
        return;
    }
    state.next_starter = None;
    tools.events.push(set_up_event::<Plakoto>(state));
}

/// `set matchid`: the rules, turn, dice, numbers passed on and score of
/// the Match ID, on the board as it stands.
fn set_match_id(state: &mut SessionState, m: &MatchId) -> Result<Reply, ProtoError> {
    let with = |position: Position| {
        Game::from_parts(m.rules, position, m.on_roll, m.dice, m.pending, m.phase)
    };
    let current = *state.games.plakoto().position();
    let finished = game_result(&current, m.rules.scoring).is_some();
    let game = with(current)
        .or_else(|e| {
            // A finished board left from the last game cannot go with a
            // game in progress: clients set the Match ID first and the
            // board next, so start from the initial position rather than
            // refuse.
            if finished && m.phase != Phase::Over {
                with(Position::initial())
            } else {
                Err(e)
            }
        })
        .map_err(PartsError::MatchId)?;
    state.games.set_plakoto(&game);
    state.score = MatchScore {
        length: m.match_length,
        score: m.score.map(u32::from),
    };
    Ok(state_reply::<Plakoto>(state))
}

fn set_dice(
    state: &mut SessionState,
    tools: &mut Tools,
    dice: plakoto_rules::Dice,
) -> Result<Reply, ProtoError> {
    let mut game = state.games.plakoto();
    let opening = game.phase() == Phase::Opening;
    game.give_dice(dice).map_err(ProtoError::from)?;
    state.games.set_plakoto(&game);
    if !opening {
        // Before the opening roll the game is set by hand instead.
        tools.events.push(Event::DiceSet {
            side: game.on_roll(),
            dice: [dice.0.pips(), dice.1.pips()],
        });
    }
    Ok(Reply::Dice {
        opening: Vec::new(),
        turn: turn_info(state.table::<Plakoto>()),
    })
}

/// The rules of the session's game of Plakoto (read from its switches,
/// without making the rules core's game).
fn plakoto_rules_of(state: &SessionState) -> Rules {
    state.table::<Plakoto>().game().rules
}

fn set_rules(state: &mut SessionState, rules: Rules) -> Result<(), ProtoError> {
    let game = state
        .games
        .plakoto()
        .with_rules(rules)
        .map_err(ProtoError::from)?;
    state.games.set_plakoto(&game);
    Ok(())
}

/// Starts the next game of the match: the last winner starts (R19),
/// otherwise an opening roll decides.
fn new_game(state: &mut SessionState, tools: &mut Tools) -> Result<Reply, ProtoError> {
    if let Some(w) = state.score.winner() {
        return Err(crate::show_replies::match_over(
            &state.score,
            w,
            state.tavli.is_some(),
        ));
    }
    let rules = plakoto_rules_of(state);
    let starter = state.next_starter.take();
    let (game, opening) = match starter {
        Some(winner) => (Game::started_by(rules, winner), Vec::new()),
        None => {
            let mut game = Game::new(rules);
            let rolls = match game.roll_opening(&mut state.rng) {
                Ok((_, rolls)) => rolls
                    .iter()
                    .map(|(x_die, o_die)| [x_die.pips(), o_die.pips()])
                    .collect(),
                // A new game is always in its opening; keep it there if not.
                Err(_) => Vec::new(),
            };
            (game, rolls)
        }
    };
    state.games.set_plakoto(&game);
    let start = match starter {
        Some(winner) => Start::Starter(winner),
        None => Start::Opening(opening.clone()),
    };
    tools.events.push(started_event::<Plakoto>(state, start));
    Ok(Reply::NewGame {
        score: score_info(state),
        opening,
        starts: game.on_roll(),
        rules: rules.variant,
        scoring: rules.scoring,
    })
}

/// The reply to `show options` (and `set evaluator`).
fn options_reply(state: &SessionState, search: &SessionSearch) -> Reply {
    let game = state.games.plakoto();
    Reply::Options(OptionsInfo {
        rules: game.rules().variant,
        scoring: game.rules().scoring,
        output: state.output,
        orientation: state.orientation,
        seed: state.seed,
        evaluator: search
            .get::<Plakoto>()
            .evaluator
            .identity_in(&Plakoto::new(game.rules())),
        search: *search.settings(),
        score: score_info(state),
        players: PlayerNames {
            x: state.players[0].clone(),
            o: state.players[1].clone(),
        },
    })
}

/// `show board`: Plakoto's board, its pinned checkers drawn (R4).
fn board_reply(state: &SessionState, orientation: Option<Orientation>) -> Reply {
    let game = state.games.plakoto();
    let orientation = orientation.unwrap_or(state.orientation);
    Reply::Board(BoardInfo {
        position_id: position_id::<Plakoto>(state),
        match_id: match_id::<Plakoto>(state),
        orientation,
        lines: draw_board(game.position(), game.on_roll(), orientation),
        board: BoardShape::Plakoto(BoardData::new(game.position(), game.on_roll())),
        boardtext: to_board_text(game.position()),
        turn: turn_info(state.table::<Plakoto>()),
        tavli: state.tavli.as_ref().map(|t| t.info(state.game_kind)),
    })
}
