//! The engine's state between commands and how each command changes it.
//!
//! A command is applied to a copy of the state and the copy is kept only
//! when the command succeeds, so a failed command changes nothing, by
//! construction (dice drawn by a failed `roll` included).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board_art::draw_board;
use super::board_data::BoardData;
use super::command::ROLLOUT_CANDIDATES;
use super::command::{COMMANDS, Command, Orientation, OutputMode, Page, ShowWhat, is_known};
use super::errors::PartsError;
use super::reply::{
    Candidate, Chances, ErrorCode, MoveInfo, OptionsInfo, PlayerNames, ProtoError, Reply,
    RolloutInfo, ScoreInfo, SearchInfo, round,
};
use super::state::{SessionState, numbers_vec, result_info, session_header, turn_info};
use crate::eval::{Evaluator, EvaluatorKind, HeuristicEvaluator, Probabilities};
use crate::game::{
    Game, GameError, GenLimits, MatchId, MatchScore, Phase, PlayReport, Position, Rules,
    TurnNumbers, format_play, game_result, position_id, to_board_text,
};
use crate::matchplay::MatchContext;
use crate::record::{Event, GameEnd, Record, Roll, Start, Turn};
use crate::search::{
    PlayLists, RankedPlay, Ranking, RolloutProgress, Search, SearchLimits, SearchSettings,
    SettingsError, TurnError, Valuation, rollout_plays,
};

/// The protocol version `protocol_version` reports.
pub const PROTOCOL_VERSION: u32 = 1;

/// An engine session: the state, reusable move generators, the evaluator
/// and the searcher (its buffers and caches).
pub struct Session {
    state: SessionState,
    plays: PlayLists,
    evaluator: Box<dyn Evaluator>,
    search: Search,
}

/// Most plays `hint` and `play` consider (see [`crate::search::Choice`]).
pub use crate::search::CHOICE_LIMIT;

/// Most plays the engine lists for one roll (see
/// [`crate::search::ENGINE_MAX_POSITIONS`]).
pub use crate::search::ENGINE_MAX_POSITIONS;

/// What handling one input line produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handled {
    /// The framed reply, its final empty line included.
    pub text: String,
    /// Whether the engine should stop (after `quit`).
    pub quit: bool,
}

impl Session {
    /// A session with the binary's default evaluator, the neural net with
    /// the built-in weights (the heuristic, with a warning in the log, if
    /// the weights cannot be read), a fresh game awaiting its opening roll,
    /// and dice seeded with `seed`.
    pub fn new(rules: Rules, seed: u64) -> Session {
        let evaluator = EvaluatorKind::Net.create().unwrap_or_else(|e| {
            log::warn!("{e}: the session uses the heuristic");
            Box::new(HeuristicEvaluator::new())
        });
        Session::with_evaluator(rules, seed, evaluator)
    }

    /// A session with the heuristic evaluator (fast and fixed: tests and
    /// transcripts use it), otherwise as [`Session::new`].
    pub fn with_heuristic(rules: Rules, seed: u64) -> Session {
        Session::with_evaluator(rules, seed, Box::new(HeuristicEvaluator::new()))
    }

    /// A session rating plays with `evaluator`, its lists of plays bounded
    /// by [`ENGINE_MAX_POSITIONS`].
    pub fn with_evaluator(rules: Rules, seed: u64, evaluator: Box<dyn Evaluator>) -> Session {
        let limits = GenLimits {
            max_positions: ENGINE_MAX_POSITIONS,
        };
        Session::with_limits(rules, seed, evaluator, limits)
    }

    /// A session whose move generator keeps at most `limits` plays (lists
    /// past it are reported incomplete). Smaller limits bound time and
    /// memory on Express low doubles.
    pub fn with_limits(
        rules: Rules,
        seed: u64,
        evaluator: Box<dyn Evaluator>,
        limits: GenLimits,
    ) -> Session {
        let mut session = Session {
            state: SessionState {
                game: Game::new(rules),
                score: MatchScore::new(0),
                next_starter: None,
                seed,
                rng: ChaCha8Rng::seed_from_u64(seed),
                output: OutputMode::Text,
                orientation: Orientation::Noflip,
                search: SearchSettings::default(),
                history: crate::record::Record::default(),
                players: ["X".into(), "O".into()],
            },
            plays: PlayLists::new(limits),
            evaluator,
            search: Search::default(),
        };
        session.state.history.header = session_header(&session.state);
        session
    }

    /// Replaces the search settings (e.game. from the command line), after
    /// checking them; on error nothing changes.
    pub fn set_search_settings(&mut self, settings: SearchSettings) -> Result<(), SettingsError> {
        settings.validate()?;
        self.state.search = settings;
        Ok(())
    }

    /// The current state.
    pub fn state(&self) -> &SessionState {
        &self.state
    }

    /// Applies a command; on error nothing changes.
    pub fn apply(&mut self, command: &Command) -> Result<Reply, ProtoError> {
        if let Command::SetEvaluator(kind) = command {
            // The evaluator is not part of the state: it is replaced here.
            self.evaluator = kind
                .create()
                .map_err(|m| ProtoError::new(ErrorCode::State, m))?;
            return Ok(options_reply(&self.state, self.evaluator.as_ref()));
        }
        let mut next = self.state.clone();
        let mut tools = Tools {
            plays: &mut self.plays,
            evaluator: self.evaluator.as_ref(),
            search: &mut self.search,
            events: Vec::new(),
        };
        let reply = execute(&mut next, &mut tools, command);
        let events = std::mem::take(&mut tools.events);
        // Drop buffers an Express low double grew, so the engine's memory
        // stays that of one roll at a time; `legal` keeps its list for
        // paging through it.
        if !matches!(command, Command::Legal(_)) {
            self.plays.complete.trim();
            self.plays.counter.trim();
        }
        self.plays.choice.trim();
        self.search.trim();
        let reply = reply?;
        record_events(&mut next, events);
        self.state = next;
        Ok(reply)
    }

    /// Reads, applies and answers one input line; `None` for a line with
    /// no command (blank or comment).
    pub fn handle_line(&mut self, line: &str) -> Option<Handled> {
        let parsed = super::parse::parse_line(line)?;
        let quit = parsed.command == Ok(Command::Quit);
        let result = match &parsed.command {
            Ok(c) => self.apply(c),
            Err(e) => Err(e.clone()),
        };
        if let Err(e) = &result {
            log::debug!("refused: {}: {}", e.code.as_str(), e.message);
        }
        Some(Handled {
            text: super::format::frame(parsed.id.as_deref(), &result, self.state.output),
            quit,
        })
    }
}

fn game_error(e: GameError) -> ProtoError {
    ProtoError::from(e)
}

/// Why the engine has no play to offer: the game's reason, or a state
/// error.
fn turn_error(e: TurnError) -> ProtoError {
    match e {
        TurnError::Game(e) => game_error(e),
        other => state_error(other.to_string()),
    }
}

fn state_error(m: impl Into<String>) -> ProtoError {
    ProtoError::new(ErrorCode::State, m)
}

fn score_info(state: &SessionState) -> ScoreInfo {
    ScoreInfo {
        match_length: state.score.length,
        x: state.score.score[0],
        o: state.score.score[1],
        match_winner: state.score.winner(),
    }
}

pub(super) fn state_reply(state: &SessionState) -> Reply {
    Reply::State {
        position_id: position_id(state.game.position()),
        match_id: MatchId::of(&state.game, &state.score).to_string(),
        turn: turn_info(&state.game),
    }
}

fn options_reply(state: &SessionState, evaluator: &dyn Evaluator) -> Reply {
    Reply::Options(OptionsInfo {
        rules: state.game.rules().variant,
        scoring: state.game.rules().scoring,
        output: state.output,
        orientation: state.orientation,
        seed: state.seed,
        evaluator: evaluator.identity_under(state.game.rules()),
        search: state.search,
        score: score_info(state),
        players: PlayerNames {
            x: state.players[0].clone(),
            o: state.players[1].clone(),
        },
    })
}

/// What commands work with besides the state: not part of it, they only
/// save time (generators, the searcher's buffers) or are fixed (the
/// evaluator); and the events the command's changes to the games make,
/// which the record keeps once the command succeeds.
pub(super) struct Tools<'a> {
    plays: &'a mut PlayLists,
    evaluator: &'a dyn Evaluator,
    search: &'a mut Search,
    pub(super) events: Vec<Event>,
}

/// Keeps the session's record up to date with what a command did. An
/// event that does not fit the record (not seen in practice: a turn with
/// no game recorded) starts the record over from the state.
fn record_events(state: &mut SessionState, events: Vec<Event>) {
    for event in events {
        if let Err(e) = state.history.apply(event) {
            log::warn!("{e}: the record starts over from the position");
            state.history =
                Record::from_state(session_header(state), &state.game, state.score.score);
            return;
        }
    }
}

/// After the game or the score was set by hand: the record starts over
/// from the game as set, and no one starts the next game as a winner (the
/// game set is no sequel of one won). Nothing happens when nothing changed.
fn set_by_hand(
    state: &mut SessionState,
    tools: &mut Tools,
    before: &Game,
    score_before: &MatchScore,
) {
    if state.game == *before && state.score == *score_before {
        return;
    }
    state.next_starter = None;
    tools.events.push(Event::PositionSet {
        header: session_header(state),
        game: state.game.clone(),
        score: state.score.score,
    });
}

fn execute(
    state: &mut SessionState,
    tools: &mut Tools,
    command: &Command,
) -> Result<Reply, ProtoError> {
    let (game_before, score_before) = (state.game.clone(), state.score);
    let reply = execute_command(state, tools, command)?;
    if matches!(
        command,
        Command::SetBoard(_)
            | Command::SetMatchId(_)
            | Command::SetPosition(..)
            | Command::SetTurn(_)
            | Command::SetRules(_)
            | Command::SetScoring(_)
    ) || (matches!(command, Command::SetDice(_)) && game_before.phase() == Phase::Opening)
    {
        set_by_hand(state, tools, &game_before, &score_before);
    }
    Ok(reply)
}

fn execute_command(
    state: &mut SessionState,
    tools: &mut Tools,
    command: &Command,
) -> Result<Reply, ProtoError> {
    let evaluator = tools.evaluator;
    match command {
        Command::ProtocolVersion => Ok(Reply::ProtocolVersion {
            version: PROTOCOL_VERSION,
        }),
        Command::Name => Ok(Reply::Name {
            name: "plakoto".into(),
        }),
        Command::Version => Ok(Reply::Version {
            version: env!("CARGO_PKG_VERSION").into(),
        }),
        Command::ListCommands => Ok(Reply::Commands {
            commands: COMMANDS.iter().map(|c| c.to_string()).collect(),
        }),
        Command::KnownCommand(words) => Ok(Reply::Known {
            known: is_known(words),
        }),
        Command::Help(words) => super::help::help(words.as_deref()),
        Command::IsReady => Ok(Reply::Ready),
        Command::Quit => Ok(Reply::Bye),
        Command::NewGame => {
            if let Some(w) = state.score.winner() {
                return Err(state_error(format!(
                    "the match is over: {w} won {}-{}; start another with 'new match N'",
                    state.score.score[w.index()],
                    state.score.score[w.other().index()]
                )));
            }
            Ok(start_game(state, tools))
        }
        Command::NewMatch(n) => {
            state.score = MatchScore::new(*n);
            state.next_starter = None;
            tools
                .events
                .push(Event::MatchStarted(session_header(state)));
            Ok(start_game(state, tools))
        }
        Command::SetBoard(position) => {
            state.game = state
                .game
                .with_board(*position)
                .map_err(PartsError::Board)?;
            Ok(state_reply(state))
        }
        Command::SetMatchId(m) => {
            let with = |position: Position| {
                Game::from_parts(m.rules, position, m.on_roll, m.dice, m.pending, m.phase)
            };
            let current = *state.game.position();
            let finished = game_result(&current, state.game.rules().scoring).is_some();
            state.game = with(current)
                .or_else(|e| {
                    // A finished board left from the last game cannot go
                    // with a game in progress: clients set the Match ID
                    // first and the board next, so start from the initial
                    // position rather than refuse.
                    if finished && m.phase != Phase::Over {
                        with(Position::initial())
                    } else {
                        Err(e)
                    }
                })
                .map_err(PartsError::MatchId)?;
            state.score = MatchScore {
                length: m.match_length,
                score: m.score.map(u32::from),
            };
            Ok(state_reply(state))
        }
        Command::SetPosition(position, m) => {
            super::set_position::set_position(state, *position, m).map(|()| state_reply(state))
        }
        Command::SetTurn(side) => {
            state.game = state.game.with_turn(*side).map_err(game_error)?;
            Ok(state_reply(state))
        }
        Command::SetDice(dice) => {
            let opening = state.game.phase() == Phase::Opening;
            state.game.give_dice(*dice).map_err(game_error)?;
            if !opening {
                // Before the opening roll the game is set by hand instead.
                tools.events.push(Event::DiceSet {
                    side: state.game.on_roll(),
                    dice: [dice.0.pips(), dice.1.pips()],
                });
            }
            Ok(Reply::Dice {
                opening: Vec::new(),
                turn: turn_info(&state.game),
            })
        }
        Command::Roll => {
            let mut opening = Vec::new();
            if state.game.phase() == Phase::Opening {
                let (_, rolls) = state
                    .game
                    .roll_opening(&mut state.rng)
                    .map_err(game_error)?;
                opening = rolls.iter().map(|(x, o)| [x.pips(), o.pips()]).collect();
                tools.events.push(Event::GameStarted {
                    header: session_header(state),
                    score: state.score.score,
                    start: Start::Opening(opening.clone()),
                });
            }
            let dice = state.game.roll(&mut state.rng).map_err(game_error)?;
            tools.events.push(Event::DiceSet {
                side: state.game.on_roll(),
                dice: [dice.0.pips(), dice.1.pips()],
            });
            Ok(Reply::Dice {
                opening,
                turn: turn_info(&state.game),
            })
        }
        Command::SetSeed(seed) => {
            state.seed = *seed;
            state.rng = ChaCha8Rng::seed_from_u64(*seed);
            Ok(Reply::Seed { seed: *seed })
        }
        Command::SetRules(variant) => {
            let rules =
                Rules::new(*variant, state.game.rules().scoring).map_err(ProtoError::from)?;
            set_rules(state, rules)?;
            Ok(Reply::Setting {
                name: "rules".to_string(),
                value: variant.to_string(),
            })
        }
        Command::SetScoring(scoring) => {
            let rules =
                Rules::new(state.game.rules().variant, *scoring).map_err(ProtoError::from)?;
            set_rules(state, rules)?;
            Ok(Reply::Setting {
                name: "scoring".to_string(),
                value: scoring.to_string(),
            })
        }
        Command::SetOutput(mode) => {
            state.output = *mode;
            Ok(Reply::Output { output: *mode })
        }
        Command::SetOrientation(o) => {
            state.orientation = *o;
            Ok(Reply::Orientation { orientation: *o })
        }
        // Replaced by `Session::apply` before the state is copied.
        Command::SetEvaluator(_) => Ok(options_reply(state, evaluator)),
        Command::Move(text) => {
            let before = state.game.clone();
            let report = state
                .game
                .play_written(text, tools.plays.complete.generator())
                .map_err(ProtoError::from)?;
            Ok(Reply::Moved(finish_move(state, tools, &before, report)))
        }
        Command::Play(time_ms) => {
            let before = state.game.clone();
            let limits = state.search.limits().with_time(*time_ms);
            let in_match = match_context(state);
            let mwc = in_match.as_ref().map(|m| move |p: &Probabilities| m.mwc(p));
            let choice = tools
                .search
                .choose(
                    &state.game,
                    evaluator,
                    &state.search,
                    limits,
                    tools.plays,
                    as_valuation(&mwc),
                )
                .map_err(turn_error)?;
            let report = choice
                .commit(&mut state.game, tools.plays)
                .map_err(game_error)?;
            Ok(Reply::Played(finish_move(state, tools, &before, report)))
        }
        Command::Hint { count, time_ms } => hint(state, tools, *count, *time_ms),
        Command::Rollout(trials) => rollout(state, tools, *trials),
        Command::Eval(time_ms) => Ok(eval(state, tools, *time_ms)),
        Command::SetSearch { name, value } => {
            let option =
                super::options::named(name).ok_or_else(|| super::options::family_usage(name))?;
            let set = option
                .set
                .ok_or_else(|| super::options::family_usage(name))?;
            let mut settings = state.search;
            let words: Vec<&str> = value.iter().map(String::as_str).collect();
            let line =
                set(&mut settings, &words).map_err(|e| super::options::proto_error(option, e))?;
            settings.validate()?;
            state.search = settings;
            Ok(setting_reply(&settings, &line))
        }
        Command::Legal(page) => legal(state, tools.plays, *page),
        Command::LegalSteps(made) => super::legal::legal_steps_reply(&state.game, made),
        Command::Show(what) => Ok(show(state, evaluator, *what)),
        Command::Record(c) => super::records::execute(state, evaluator, &mut tools.events, c),
    }
}

fn set_rules(state: &mut SessionState, rules: Rules) -> Result<(), ProtoError> {
    state.game = state.game.with_rules(rules).map_err(game_error)?;
    Ok(())
}

/// Starts the next game of the match: the last winner starts (R19),
/// otherwise an opening roll decides.
fn start_game(state: &mut SessionState, tools: &mut Tools) -> Reply {
    let rules = state.game.rules();
    let starter = state.next_starter.take();
    let (game, opening) = match starter {
        Some(winner) => (Game::started_by(rules, winner), Vec::new()),
        None => {
            let mut game = Game::new(rules);
            let rolls = match game.roll_opening(&mut state.rng) {
                Ok((_, rolls)) => rolls.iter().map(|(x, o)| [x.pips(), o.pips()]).collect(),
                // A new game is always in its opening; keep it there if not.
                Err(_) => Vec::new(),
            };
            (game, rolls)
        }
    };
    state.game = game;
    tools.events.push(Event::GameStarted {
        header: session_header(state),
        score: state.score.score,
        start: match starter {
            Some(winner) => Start::Starter(winner),
            None => Start::Opening(opening.clone()),
        },
    });
    Reply::NewGame {
        score: score_info(state),
        opening,
        starts: state.game.on_roll(),
        rules: rules.variant,
        scoring: rules.scoring,
    }
}

/// Scores a play that ended the game, and says what the play did.
fn finish_move(
    state: &mut SessionState,
    tools: &mut Tools,
    before: &Game,
    report: PlayReport,
) -> MoveInfo {
    let side = before.on_roll();
    if let Some(numbers) = before.turn_numbers() {
        tools.events.push(Event::TurnPlayed(Turn {
            side,
            roll: Roll::of(&numbers),
            play: report.notation.clone(),
            line: 0,
        }));
    }
    if let Some(passed) = &report.passed {
        tools.events.push(Event::NumbersPassed {
            to: state.game.on_roll(),
            numbers: passed.to_vec(),
        });
    }
    if let Some(r) = &report.result {
        state.next_starter = state.score.record(r);
        tools.events.push(Event::GameEnded(GameEnd::of(r)));
    }
    MoveInfo {
        play: report.notation,
        side,
        passed: report.passed.as_ref().map(numbers_vec),
        result: report.result.as_ref().map(result_info),
        score: score_info(state),
        next: turn_info(&state.game),
        position_id: position_id(state.game.position()),
        match_id: MatchId::of(&state.game, &state.score).to_string(),
    }
}

/// The reply to a `set` of a search option: its name and new value as
/// `show options` lists them.
fn setting_reply(settings: &SearchSettings, name: &str) -> Reply {
    let value = super::options::option_lines(settings)
        .into_iter()
        .find(|(n, _)| n == name)
        .map_or_else(String::new, |(_, v)| v);
    Reply::Setting {
        name: name.to_string(),
        value,
    }
}

/// The match the side on roll plays, when the session is a match: its
/// candidates then go by match-winning chances (records.md).
fn match_context(state: &SessionState) -> Option<MatchContext> {
    MatchContext::of(&state.score, state.game.on_roll(), state.game.rules())
}

/// A match context's MWC as the search's valuation.
fn as_valuation<'a>(
    mwc: &'a Option<impl Fn(&Probabilities) -> f32 + Sync + 'a>,
) -> Option<&'a Valuation<'a>> {
    mwc.as_ref().map(|f| f as &Valuation)
}

/// Ranks the current turn's plays with the session's search settings,
/// within `limits` (see [`Search::rank_turn`]).
fn search_turn(
    state: &SessionState,
    tools: &mut Tools,
    limits: SearchLimits,
) -> Result<(TurnNumbers, Ranking), ProtoError> {
    let in_match = match_context(state);
    let mwc = in_match.as_ref().map(|m| move |p: &Probabilities| m.mwc(p));
    tools
        .search
        .rank_turn(
            &state.game,
            tools.evaluator,
            &state.search,
            limits,
            tools.plays,
            as_valuation(&mwc),
        )
        .map_err(turn_error)
}

/// How a ranking was searched, for replies: the limits it was given.
fn search_info(state: &SessionState, tools: &Tools, ranking: &Ranking) -> SearchInfo {
    SearchInfo {
        evaluator: tools.evaluator.name().to_string(),
        plies: ranking.limits.plies,
        reached: ranking.plies,
        movefilter: state.search.filter.preset.to_string(),
        time_ms: ranking.limits.time_ms,
        timed_out: ranking.timed_out,
    }
}

/// A hint row.
fn candidate(game: &Game, rank: usize, r: &RankedPlay, best: f32) -> Candidate {
    Candidate {
        rank,
        play: format_play(game.position(), &r.play),
        equity: round(r.equity, 4),
        difference: round(r.equity - best, 4),
        chances: Chances::new(&r.probabilities, game.rules().scoring),
        evaluation: r.evaluated_at.to_string(),
        evaluated_at: r.evaluated_at,
        mwc: None,
    }
}

fn hint(
    state: &SessionState,
    tools: &mut Tools,
    count: usize,
    time_ms: Option<u64>,
) -> Result<Reply, ProtoError> {
    let game = &state.game;
    let limits = state.search.limits().with_time(time_ms);
    let (turn, ranking) = search_turn(state, tools, limits)?;
    let best = ranking.plays.first().map_or(0.0, |r| r.equity);
    let in_match = match_context(state);
    let candidates = ranking
        .plays
        .iter()
        .take(count)
        .enumerate()
        .map(|(i, r)| Candidate {
            mwc: in_match.as_ref().map(|m| round(m.mwc(&r.probabilities), 4)),
            ..candidate(game, i + 1, r, best)
        })
        .collect();
    Ok(Reply::Hint {
        side: game.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: ranking.plays.len(),
        incomplete: ranking.truncated,
        search: search_info(state, tools, &ranking),
        candidates,
    })
}

/// `rollout [N]`: the best [`ROLLOUT_CANDIDATES`] of the search played
/// out. Progress goes to the log (stderr), never to the reply.
fn rollout(
    state: &SessionState,
    tools: &mut Tools,
    trials: Option<u32>,
) -> Result<Reply, ProtoError> {
    let game = &state.game;
    let (turn, ranking) = search_turn(state, tools, state.search.limits())?;
    // `rollout N` gives this rollout its trials; the session's settings
    // keep theirs.
    let mut settings = state.search;
    if let Some(t) = trials {
        settings.rollout.trials = t;
    }
    let rollout = settings.rollout;
    let reported = std::sync::atomic::AtomicU32::new(0);
    let progress = |p: RolloutProgress| {
        // About ten lines for a whole rollout.
        let tenth = (p.done.saturating_mul(10) / p.total.max(1)).min(10);
        if reported.fetch_max(tenth, std::sync::atomic::Ordering::Relaxed) < tenth {
            log::info!("rollout: {} of {} trials", p.done, p.total);
        }
    };
    let top = &ranking.plays[..ranking.plays.len().min(ROLLOUT_CANDIDATES)];
    let rolled = rollout_plays(top, game.rules(), tools.evaluator, &settings, &progress)
        .map_err(|m| ProtoError::new(ErrorCode::InvalidArgument, m))?;
    let best = rolled.first().map_or(0.0, |r| r.equity);
    Ok(Reply::Rollout {
        side: game.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: ranking.plays.len(),
        search: search_info(state, tools, &ranking),
        rollout: RolloutInfo {
            evaluator: tools.evaluator.name().to_string(),
            trials: rollout.trials,
            plies: rollout.plies,
            seed: rollout.seed,
            luck_adjust: rollout.luck_adjust,
        },
        candidates: rolled
            .iter()
            .enumerate()
            .map(|(i, r)| candidate(game, i + 1, r, best))
            .collect(),
    })
}

/// `eval`: the side on roll's chances before rolling, searched to the
/// session's plies (within its time budget, or `time_ms` for this one);
/// exact when the game is over.
fn eval(state: &SessionState, tools: &mut Tools, time_ms: Option<u64>) -> Reply {
    let game = &state.game;
    let over = game_result(game.position(), game.rules().scoring).is_some();
    let passed = match game.turn_numbers() {
        Some(TurnNumbers::Passed(n)) => Some(n),
        _ => None,
    };
    let limits = state.search.limits().with_time(time_ms);
    let (p, reached) = tools.search.evaluate_position(
        game.position(),
        passed.as_ref(),
        game.rules(),
        tools.evaluator,
        &state.search,
        limits,
    );
    Reply::Eval {
        side: game.on_roll(),
        chances: Chances::new(&p, game.rules().scoring),
        evaluation: if over {
            "exact".into()
        } else {
            format!("{reached}-ply {}", tools.evaluator.name())
        },
        plies: if over { 0 } else { reached },
        timed_out: !over && reached < limits.plies,
    }
}

fn legal(state: &SessionState, plays: &mut PlayLists, page: Page) -> Result<Reply, ProtoError> {
    // A roll too long to list is counted exactly in bounded memory.
    let counted = plays
        .count_page(&state.game, page.offset, page.limit)
        .map_err(turn_error)?;
    if let Some(counted) = counted {
        return Ok(super::legal::counted_reply(&state.game, &counted, page));
    }
    let list = plays.complete.legal(&state.game).map_err(turn_error)?;
    Ok(super::legal::legal_reply(&state.game, list, page))
}

fn show(state: &SessionState, evaluator: &dyn Evaluator, what: ShowWhat) -> Reply {
    match what {
        ShowWhat::Board(o) => {
            let orientation = o.unwrap_or(state.orientation);
            Reply::Board {
                position_id: position_id(state.game.position()),
                match_id: MatchId::of(&state.game, &state.score).to_string(),
                orientation,
                lines: draw_board(state.game.position(), state.game.on_roll(), orientation),
                board: BoardData::new(state.game.position(), state.game.on_roll()),
                boardtext: to_board_text(state.game.position()),
            }
        }
        ShowWhat::BoardText => Reply::BoardText {
            boardtext: to_board_text(state.game.position()),
        },
        ShowWhat::Position => {
            let (position_id, match_id) = (
                position_id(state.game.position()),
                MatchId::of(&state.game, &state.score).to_string(),
            );
            Reply::Position {
                position: format!("{position_id}:{match_id}"),
                position_id,
                match_id,
            }
        }
        ShowWhat::PosId => Reply::PositionId {
            position_id: position_id(state.game.position()),
        },
        ShowWhat::MatchId => Reply::MatchId {
            match_id: MatchId::of(&state.game, &state.score).to_string(),
        },
        ShowWhat::Dice => Reply::Dice {
            opening: Vec::new(),
            turn: turn_info(&state.game),
        },
        ShowWhat::Options => options_reply(state, evaluator),
    }
}
