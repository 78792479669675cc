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
    ResultInfo, RolloutInfo, ScoreInfo, SearchInfo, TurnInfo, round,
};
use crate::eval::{Evaluator, HeuristicEvaluator, Probabilities};
use crate::game::{
    FinalResult, Game, GameError, GenLimits, MatchId, MatchScore, Numbers, Phase, PlayReport,
    Position, Rules, Side, TurnNumbers, format_play, game_result, position_id, to_board_text,
};
use crate::matchplay::MatchContext;
use crate::search::{
    PlayLists, RankedPlay, Ranking, RolloutProgress, Search, SearchLimits, SearchSettings,
    SettingsError, TurnError, Valuation, rollout_plays,
};

/// The protocol version `protocol_version` reports.
pub const PROTOCOL_VERSION: u32 = 1;

/// Everything a command can change. Two sessions with equal states answer
/// every command the same way.
#[derive(Clone, PartialEq)]
pub struct SessionState {
    /// The game in progress (or just finished).
    pub game: Game,
    /// The match score.
    pub score: MatchScore,
    /// Who starts the next game: the winner of the last one (R19).
    pub next_starter: Option<Side>,
    /// The seed last set.
    pub seed: u64,
    /// The dice generator.
    rng: ChaCha8Rng,
    /// How replies are written.
    pub output: OutputMode,
    /// How `show board` draws by default.
    pub orientation: Orientation,
    /// How `hint`, `play`, `eval` and `rollout` search.
    pub search: SearchSettings,
    /// The games played so far, as `save match` writes them (records.md).
    pub history: crate::record::Record,
    /// The players' names (X's, O's) records give them (`set player`).
    pub players: [String; 2],
}

impl std::fmt::Debug for SessionState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionState")
            .field("game", &self.game)
            .field("score", &self.score)
            .field("next_starter", &self.next_starter)
            .field("seed", &self.seed)
            .field("output", &self.output)
            .field("orientation", &self.orientation)
            .field("search", &self.search)
            .field("history", &self.history)
            .field("players", &self.players)
            .finish_non_exhaustive()
    }
}

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
    /// A session with the heuristic evaluator, a fresh game awaiting its
    /// opening roll, and dice seeded with `seed`.
    pub fn new(rules: Rules, seed: u64) -> Session {
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
        session.state.history.header = super::records::session_header(&session.state);
        session
    }

    /// Replaces the search settings (e.g. from the command line), after
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
        let mut engine = Engine {
            plays: &mut self.plays,
            evaluator: self.evaluator.as_ref(),
            search: &mut self.search,
        };
        let reply = execute(&mut next, &mut engine, command);
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
        super::records::track(&self.state.game, &mut next, command, &reply);
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

fn numbers_vec(n: &Numbers) -> Vec<u8> {
    n.to_vec()
}

fn result_info(r: &FinalResult) -> ResultInfo {
    ResultInfo {
        kind: r.kind,
        winner: r.winner,
        points: r.points,
    }
}

fn score_info(s: &SessionState) -> ScoreInfo {
    ScoreInfo {
        match_length: s.score.length,
        x: s.score.score[0],
        o: s.score.score[1],
        match_winner: s.score.winner(),
    }
}

pub(super) fn turn_info(g: &Game) -> TurnInfo {
    match g.phase() {
        Phase::Opening => TurnInfo::Opening {
            on_roll: g.on_roll(),
        },
        Phase::Over => TurnInfo::Over {
            result: g.result().as_ref().map(result_info),
        },
        Phase::Playing => match g.turn_numbers() {
            None => TurnInfo::ToRoll {
                on_roll: g.on_roll(),
            },
            Some(TurnNumbers::Passed(n)) => TurnInfo::Passed {
                on_roll: g.on_roll(),
                numbers: numbers_vec(&n),
            },
            Some(TurnNumbers::Rolled(d, n)) => TurnInfo::Rolled {
                on_roll: g.on_roll(),
                dice: [d.0.pips(), d.1.pips()],
                numbers: numbers_vec(&n),
            },
        },
    }
}

pub(super) fn state_reply(s: &SessionState) -> Reply {
    Reply::State {
        position_id: position_id(s.game.position()),
        match_id: MatchId::of(&s.game, &s.score).to_string(),
        turn: turn_info(&s.game),
    }
}

fn options_reply(s: &SessionState, evaluator: &dyn Evaluator) -> Reply {
    Reply::Options(OptionsInfo {
        rules: s.game.rules().variant,
        scoring: s.game.rules().scoring,
        output: s.output,
        orientation: s.orientation,
        seed: s.seed,
        evaluator: evaluator.identity(),
        search: s.search,
        score: score_info(s),
        players: PlayerNames {
            x: s.players[0].clone(),
            o: s.players[1].clone(),
        },
    })
}

/// What commands work with besides the state: not part of it, they only
/// save time (generators, the searcher's buffers) or are fixed (the
/// evaluator).
struct Engine<'a> {
    plays: &'a mut PlayLists,
    evaluator: &'a dyn Evaluator,
    search: &'a mut Search,
}

/// Rebuilds the game with some parts replaced, checking they fit.
fn rebuild(
    g: &Game,
    rules: Rules,
    position: Position,
    on_roll: Side,
    phase: Phase,
) -> Result<Game, GameError> {
    Game::from_parts(rules, position, on_roll, g.dice(), g.passed(), phase)
}

fn execute(s: &mut SessionState, e: &mut Engine, command: &Command) -> Result<Reply, ProtoError> {
    let evaluator = e.evaluator;
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
            if let Some(w) = s.score.winner() {
                return Err(state_error(format!(
                    "the match is over: {w} won {}-{}; start another with 'new match N'",
                    s.score.score[w.index()],
                    s.score.score[w.other().index()]
                )));
            }
            Ok(start_game(s))
        }
        Command::NewMatch(n) => {
            s.score = MatchScore::new(*n);
            s.next_starter = None;
            Ok(start_game(s))
        }
        Command::SetBoard(position) => {
            let g = &s.game;
            let finished = game_result(position, g.rules().scoring).is_some();
            let phase = match g.phase() {
                Phase::Over => Phase::Playing,
                p => p,
            };
            let (dice, passed) = if finished {
                (None, None)
            } else {
                (g.dice(), g.passed())
            };
            s.game = Game::from_parts(g.rules(), *position, g.on_roll(), dice, passed, phase)
                .map_err(PartsError::Board)?;
            Ok(state_reply(s))
        }
        Command::SetMatchId(m) => {
            let with = |position: Position| {
                Game::from_parts(m.rules, position, m.on_roll, m.dice, m.pending, m.phase)
            };
            let current = *s.game.position();
            let finished = game_result(&current, s.game.rules().scoring).is_some();
            s.game = with(current)
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
            s.score = MatchScore {
                length: m.match_length,
                score: m.score.map(u32::from),
            };
            s.next_starter = None;
            Ok(state_reply(s))
        }
        Command::SetPosition(position, m) => {
            super::set_position::set_position(s, *position, m).map(|()| state_reply(s))
        }
        Command::SetTurn(side) => {
            let g = &s.game;
            if g.phase() == Phase::Over {
                return Err(state_error("the game is over"));
            }
            let position = if *side == g.on_roll() {
                *g.position()
            } else {
                g.position().flip()
            };
            s.game = Game::from_parts(g.rules(), position, *side, None, None, Phase::Playing)
                .map_err(game_error)?;
            Ok(state_reply(s))
        }
        Command::SetDice(dice) => {
            let g = &s.game;
            match g.phase() {
                Phase::Over => return Err(state_error("the game is over")),
                Phase::Opening => {
                    // Skips the opening roll: the side on roll starts.
                    s.game = Game::from_parts(
                        g.rules(),
                        *g.position(),
                        g.on_roll(),
                        Some(*dice),
                        None,
                        Phase::Playing,
                    )
                    .map_err(game_error)?;
                }
                Phase::Playing => s.game.replace_dice(Some(*dice)).map_err(|_| {
                    state_error(
                        "the numbers passed by the opponent must be played before rolling (R21)",
                    )
                })?,
            }
            Ok(Reply::Dice {
                opening: Vec::new(),
                turn: turn_info(&s.game),
            })
        }
        Command::Roll => {
            let mut opening = Vec::new();
            if s.game.phase() == Phase::Opening {
                let (_, rolls) = s.game.roll_opening(&mut s.rng).map_err(game_error)?;
                opening = rolls.iter().map(|(x, o)| [x.pips(), o.pips()]).collect();
            }
            s.game.roll(&mut s.rng).map_err(game_error)?;
            Ok(Reply::Dice {
                opening,
                turn: turn_info(&s.game),
            })
        }
        Command::SetSeed(seed) => {
            s.seed = *seed;
            s.rng = ChaCha8Rng::seed_from_u64(*seed);
            Ok(Reply::Seed { seed: *seed })
        }
        Command::SetRules(variant) => {
            let rules = Rules::new(*variant, s.game.rules().scoring).map_err(ProtoError::from)?;
            set_rules(s, rules)?;
            Ok(Reply::Setting {
                name: "rules".to_string(),
                value: variant.to_string(),
            })
        }
        Command::SetScoring(scoring) => {
            let rules = Rules::new(s.game.rules().variant, *scoring).map_err(ProtoError::from)?;
            set_rules(s, rules)?;
            Ok(Reply::Setting {
                name: "scoring".to_string(),
                value: scoring.to_string(),
            })
        }
        Command::SetOutput(mode) => {
            s.output = *mode;
            Ok(Reply::Output { output: *mode })
        }
        Command::SetOrientation(o) => {
            s.orientation = *o;
            Ok(Reply::Orientation { orientation: *o })
        }
        // Replaced by `Session::apply` before the state is copied.
        Command::SetEvaluator(_) => Ok(options_reply(s, evaluator)),
        Command::Move(text) => {
            let side = s.game.on_roll();
            let report = s
                .game
                .play_written(text, e.plays.complete.generator())
                .map_err(ProtoError::from)?;
            Ok(Reply::Moved(finish_move(s, side, report)))
        }
        Command::Play(time_ms) => {
            let side = s.game.on_roll();
            let limits = s.search.limits().with_time(*time_ms);
            let in_match = match_context(s);
            let mwc = in_match.as_ref().map(|m| move |p: &Probabilities| m.mwc(p));
            let choice = e
                .search
                .choose(
                    &s.game,
                    evaluator,
                    &s.search,
                    limits,
                    e.plays,
                    as_valuation(&mwc),
                )
                .map_err(turn_error)?;
            let report = choice.commit(&mut s.game, e.plays).map_err(game_error)?;
            Ok(Reply::Played(finish_move(s, side, report)))
        }
        Command::Hint { count, time_ms } => hint(s, e, *count, *time_ms),
        Command::Rollout(trials) => rollout(s, e, *trials),
        Command::Eval(time_ms) => Ok(eval(s, e, *time_ms)),
        Command::SetSearch(change) => {
            let mut settings = s.search;
            let name = change.apply(&mut settings)?;
            s.search = settings;
            Ok(setting_reply(&settings, &name))
        }
        Command::Legal(page) => legal(s, e.plays, *page),
        Command::LegalSteps(made) => super::legal::legal_steps_reply(&s.game, made),
        Command::Show(what) => Ok(show(s, evaluator, *what)),
        Command::Record(c) => super::records::execute(s, evaluator, c),
    }
}

fn set_rules(s: &mut SessionState, rules: Rules) -> Result<(), ProtoError> {
    let g = &s.game;
    s.game = rebuild(g, rules, *g.position(), g.on_roll(), g.phase()).map_err(game_error)?;
    Ok(())
}

/// Starts the next game of the match: the last winner starts (R19),
/// otherwise an opening roll decides.
fn start_game(s: &mut SessionState) -> Reply {
    let rules = s.game.rules();
    let (game, opening) = match s.next_starter.take() {
        Some(winner) => (Game::started_by(rules, winner), Vec::new()),
        None => {
            let mut g = Game::new(rules);
            let rolls = match g.roll_opening(&mut s.rng) {
                Ok((_, rolls)) => rolls.iter().map(|(x, o)| [x.pips(), o.pips()]).collect(),
                // A new game is always in its opening; keep it there if not.
                Err(_) => Vec::new(),
            };
            (g, rolls)
        }
    };
    s.game = game;
    Reply::NewGame {
        score: score_info(s),
        opening,
        starts: s.game.on_roll(),
        rules: rules.variant,
        scoring: rules.scoring,
    }
}

fn finish_move(s: &mut SessionState, side: Side, report: PlayReport) -> MoveInfo {
    if let Some(r) = &report.result {
        s.next_starter = s.score.record(r);
    }
    MoveInfo {
        play: report.notation,
        side,
        passed: report.passed.as_ref().map(numbers_vec),
        result: report.result.as_ref().map(result_info),
        score: score_info(s),
        next: turn_info(&s.game),
        position_id: position_id(s.game.position()),
        match_id: MatchId::of(&s.game, &s.score).to_string(),
    }
}

/// The reply to a `set` of a search option: its name and new value as
/// `show options` lists them.
fn setting_reply(settings: &SearchSettings, name: &str) -> Reply {
    let value = settings
        .option_lines()
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
fn match_context(s: &SessionState) -> Option<MatchContext> {
    MatchContext::of(&s.score, s.game.on_roll(), s.game.rules())
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
    s: &SessionState,
    e: &mut Engine,
    limits: SearchLimits,
) -> Result<(TurnNumbers, Ranking), ProtoError> {
    let in_match = match_context(s);
    let mwc = in_match.as_ref().map(|m| move |p: &Probabilities| m.mwc(p));
    e.search
        .rank_turn(
            &s.game,
            e.evaluator,
            &s.search,
            limits,
            e.plays,
            as_valuation(&mwc),
        )
        .map_err(turn_error)
}

/// How a ranking was searched, for replies: the limits it was given.
fn search_info(s: &SessionState, e: &Engine, ranking: &Ranking) -> SearchInfo {
    SearchInfo {
        evaluator: e.evaluator.name().to_string(),
        plies: ranking.limits.plies,
        reached: ranking.plies,
        movefilter: s.search.filter.preset.to_string(),
        time_ms: ranking.limits.time_ms,
        timed_out: ranking.timed_out,
    }
}

/// A hint row.
fn candidate(g: &Game, rank: usize, r: &RankedPlay, best: f32) -> Candidate {
    Candidate {
        rank,
        play: format_play(g.position(), &r.play),
        equity: round(r.equity, 4),
        difference: round(r.equity - best, 4),
        chances: Chances::new(&r.probabilities, g.rules().scoring),
        evaluation: r.evaluated_at.to_string(),
        evaluated_at: r.evaluated_at,
        mwc: None,
    }
}

fn hint(
    s: &SessionState,
    e: &mut Engine,
    count: usize,
    time_ms: Option<u64>,
) -> Result<Reply, ProtoError> {
    let g = &s.game;
    let limits = s.search.limits().with_time(time_ms);
    let (turn, ranking) = search_turn(s, e, limits)?;
    let best = ranking.plays.first().map_or(0.0, |r| r.equity);
    let in_match = match_context(s);
    let candidates = ranking
        .plays
        .iter()
        .take(count)
        .enumerate()
        .map(|(i, r)| Candidate {
            mwc: in_match.as_ref().map(|m| round(m.mwc(&r.probabilities), 4)),
            ..candidate(g, i + 1, r, best)
        })
        .collect();
    Ok(Reply::Hint {
        side: g.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: ranking.plays.len(),
        incomplete: ranking.truncated,
        search: search_info(s, e, &ranking),
        candidates,
    })
}

/// `rollout [N]`: the best [`ROLLOUT_CANDIDATES`] of the search played
/// out. Progress goes to the log (stderr), never to the reply.
fn rollout(s: &SessionState, e: &mut Engine, trials: Option<u32>) -> Result<Reply, ProtoError> {
    let g = &s.game;
    let (turn, ranking) = search_turn(s, e, s.search.limits())?;
    // `rollout N` gives this rollout its trials; the session's settings
    // keep theirs.
    let mut settings = s.search;
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
    let rolled = rollout_plays(top, g.rules(), e.evaluator, &settings, &progress)
        .map_err(|m| ProtoError::new(ErrorCode::InvalidArgument, m))?;
    let best = rolled.first().map_or(0.0, |r| r.equity);
    Ok(Reply::Rollout {
        side: g.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: ranking.plays.len(),
        search: search_info(s, e, &ranking),
        rollout: RolloutInfo {
            evaluator: e.evaluator.name().to_string(),
            trials: rollout.trials,
            plies: rollout.plies,
            seed: rollout.seed,
            luck_adjust: rollout.luck_adjust,
        },
        candidates: rolled
            .iter()
            .enumerate()
            .map(|(i, r)| candidate(g, i + 1, r, best))
            .collect(),
    })
}

/// `eval`: the side on roll's chances before rolling, searched to the
/// session's plies (within its time budget, or `time_ms` for this one);
/// exact when the game is over.
fn eval(s: &SessionState, e: &mut Engine, time_ms: Option<u64>) -> Reply {
    let g = &s.game;
    let over = game_result(g.position(), g.rules().scoring).is_some();
    let passed = match g.turn_numbers() {
        Some(TurnNumbers::Passed(n)) => Some(n),
        _ => None,
    };
    let limits = s.search.limits().with_time(time_ms);
    let (p, reached) = e.search.evaluate_position(
        g.position(),
        passed.as_ref(),
        g.rules(),
        e.evaluator,
        &s.search,
        limits,
    );
    Reply::Eval {
        side: g.on_roll(),
        chances: Chances::new(&p, g.rules().scoring),
        evaluation: if over {
            "exact".into()
        } else {
            format!("{reached}-ply {}", e.evaluator.name())
        },
        plies: if over { 0 } else { reached },
        timed_out: !over && reached < limits.plies,
    }
}

fn legal(s: &SessionState, plays: &mut PlayLists, page: Page) -> Result<Reply, ProtoError> {
    // A roll too long to list is counted exactly in bounded memory.
    let counted = plays
        .count_page(&s.game, page.offset, page.limit)
        .map_err(turn_error)?;
    if let Some(counted) = counted {
        return Ok(super::legal::counted_reply(&s.game, &counted, page));
    }
    let list = plays.complete.legal(&s.game).map_err(turn_error)?;
    Ok(super::legal::legal_reply(&s.game, list, page))
}

fn show(s: &SessionState, evaluator: &dyn Evaluator, what: ShowWhat) -> Reply {
    match what {
        ShowWhat::Board(o) => {
            let orientation = o.unwrap_or(s.orientation);
            Reply::Board {
                position_id: position_id(s.game.position()),
                match_id: MatchId::of(&s.game, &s.score).to_string(),
                orientation,
                lines: draw_board(s.game.position(), s.game.on_roll(), orientation),
                board: BoardData::new(s.game.position(), s.game.on_roll()),
                boardtext: to_board_text(s.game.position()),
            }
        }
        ShowWhat::BoardText => Reply::BoardText {
            boardtext: to_board_text(s.game.position()),
        },
        ShowWhat::Position => {
            let (position_id, match_id) = (
                position_id(s.game.position()),
                MatchId::of(&s.game, &s.score).to_string(),
            );
            Reply::Position {
                position: format!("{position_id}:{match_id}"),
                position_id,
                match_id,
            }
        }
        ShowWhat::PosId => Reply::PositionId {
            position_id: position_id(s.game.position()),
        },
        ShowWhat::MatchId => Reply::MatchId {
            match_id: MatchId::of(&s.game, &s.score).to_string(),
        },
        ShowWhat::Dice => Reply::Dice {
            opening: Vec::new(),
            turn: turn_info(&s.game),
        },
        ShowWhat::Options => options_reply(s, evaluator),
    }
}
