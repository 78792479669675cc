//! The engine's state between commands and how each command changes it.
//!
//! A command is applied to a copy of the state and the copy is kept only
//! when the command succeeds, so a failed command changes nothing, by
//! construction (dice drawn by a failed `roll` included).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board_art::draw_board;
use super::command::ROLLOUT_CANDIDATES;
use super::command::{COMMANDS, Command, Orientation, OutputMode, Page, ShowWhat, is_known};
use super::rank::rank_plays;
use super::reply::{
    Candidate, Chances, ErrorCode, MoveInfo, OptionsInfo, ProtoError, Reply, ResultInfo,
    RolloutInfo, ScoreInfo, SearchInfo, TurnInfo, round,
};
use crate::eval::{Evaluator, HeuristicEvaluator};
use crate::game::{
    FinalResult, Game, GameError, GenLimits, MatchId, MatchScore, MoveGenerator, Numbers, Phase,
    Play, PlayList, PlayReport, Position, Rules, Side, TurnNumbers, format_play, game_result,
    position_id,
};
use crate::search::{RankedPlay, Ranking, RolloutProgress, Search, SearchSettings};

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
            .finish_non_exhaustive()
    }
}

/// An engine session: the state, reusable move generators, the evaluator
/// and the searcher (its buffers and caches).
pub struct Session {
    state: SessionState,
    plays: Generators,
    evaluator: Box<dyn Evaluator>,
    search: Search,
}

/// Most plays `hint` and `play` consider. Plakoto Express low doubles in
/// open positions have millions of plays (R20 size warning) that take
/// minutes and gigabytes to list in full; the engine's choice is made among
/// the first this many instead (the hint says so), while `legal` and
/// `move` use the engine's list, bounded by [`ENGINE_MAX_POSITIONS`].
pub const CHOICE_LIMIT: usize = 50_000;

/// Most plays the engine lists for one roll. Every standard roll and
/// Express doubles from 4-4 up stay far below it; Express 3-3 and lower can
/// have millions (R20), and listing them whole costs hundreds of megabytes
/// (Express 1-1 from the start: 4,148,343 plays, 430 MB). Past it, `legal`
/// says the list is incomplete and `move` checks a play by the rules core's
/// line search instead; this keeps the engine's memory bounded.
pub const ENGINE_MAX_POSITIONS: usize = 60_000;

/// The two generators a session keeps.
struct Generators {
    /// Complete lists, for `legal` and checking `move`.
    complete: PlayCache,
    /// Bounded lists, for the engine's own choice (`hint`, `play`).
    choice: PlayCache,
}

/// The legal plays of the last position and numbers asked about, kept so
/// that paging through a long Express listing (or `hint` after `legal`)
/// does not generate them again. Not part of the state: it only saves time.
#[derive(Default)]
struct PlayCache {
    generator: MoveGenerator,
    key: Option<(Position, Numbers)>,
    list: PlayList,
}

impl PlayCache {
    fn with_limits(limits: GenLimits) -> PlayCache {
        PlayCache {
            generator: MoveGenerator::new(limits),
            ..PlayCache::default()
        }
    }

    /// The legal plays for the numbers the game's player must play now.
    fn legal(&mut self, g: &Game) -> Result<&PlayList, ProtoError> {
        let Some(turn) = g.turn_numbers() else {
            // Not playing, or no dice: the game says why.
            return Err(g.legal_plays(&mut self.generator).err().map_or_else(
                || state_error("no dice: roll (or set the dice) first"),
                game_error,
            ));
        };
        let key = (*g.position(), turn.numbers());
        if self.key != Some(key) {
            self.key = None;
            self.generator.generate(&key.0, &key.1, &mut self.list);
            self.key = Some(key);
        }
        Ok(&self.list)
    }
}

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
        Session {
            state: SessionState {
                game: Game::new(rules),
                score: MatchScore::new(0),
                next_starter: None,
                seed,
                rng: ChaCha8Rng::seed_from_u64(seed),
                output: OutputMode::Text,
                orientation: Orientation::Noflip,
                search: SearchSettings::default(),
            },
            plays: Generators {
                complete: PlayCache::with_limits(limits),
                choice: PlayCache::with_limits(GenLimits {
                    max_positions: limits.max_positions.min(CHOICE_LIMIT),
                }),
            },
            evaluator,
            search: Search::default(),
        }
    }

    /// Replaces the search settings (e.g. from the command line), after
    /// checking them; on error nothing changes.
    pub fn set_search_settings(&mut self, settings: SearchSettings) -> Result<(), String> {
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
        let reply = execute(&mut next, &mut engine, command)?;
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
            text: super::format::frame(parsed.id, &result, self.state.output),
            quit,
        })
    }
}

fn game_error(e: GameError) -> ProtoError {
    match e {
        GameError::State(m) => ProtoError::new(ErrorCode::State, m),
        GameError::Illegal(i) => ProtoError::new(ErrorCode::IllegalMove, i.to_string()),
        GameError::Notation(m) => ProtoError::new(ErrorCode::Syntax, m),
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

fn turn_info(g: &Game) -> TurnInfo {
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

/// The Match ID of the current state.
pub fn match_id_of(s: &SessionState) -> MatchId {
    MatchId {
        rules: s.game.rules(),
        match_length: s.score.length,
        score: s.score.score,
        on_roll: s.game.on_roll(),
        dice: s.game.dice(),
        phase: s.game.phase(),
        pending: s.game.passed(),
    }
}

fn state_reply(s: &SessionState) -> Reply {
    Reply::State {
        position_id: position_id(s.game.position()),
        match_id: match_id_of(s).to_string(),
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
    })
}

/// What commands work with besides the state: not part of it, they only
/// save time (generators, the searcher's buffers) or are fixed (the
/// evaluator).
struct Engine<'a> {
    plays: &'a mut Generators,
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
                .map_err(|e| ProtoError::new(ErrorCode::InvalidPosition, e.to_string()))?;
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
                .map_err(|e| {
                    ProtoError::new(
                        ErrorCode::InvalidPosition,
                        format!("the Match ID does not fit the board: {e}"),
                    )
                })?;
            s.score = MatchScore {
                length: m.match_length,
                score: m.score,
            };
            s.next_starter = None;
            Ok(state_reply(s))
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
            let rules = Rules::new(*variant, s.game.rules().scoring)
                .map_err(|m| ProtoError::new(ErrorCode::InvalidArgument, m))?;
            set_rules(s, rules)?;
            Ok(options_reply(s, evaluator))
        }
        Command::SetScoring(scoring) => {
            let rules = Rules::new(s.game.rules().variant, *scoring)
                .map_err(|m| ProtoError::new(ErrorCode::InvalidArgument, m))?;
            set_rules(s, rules)?;
            Ok(options_reply(s, evaluator))
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
            let report = play_written(&mut s.game, e.plays, text)?;
            Ok(Reply::Moved(finish_move(s, side, report)))
        }
        Command::Play(time_ms) => {
            let side = s.game.on_roll();
            let report = match choose_play(s, e, *time_ms)? {
                // The game checks the play against the list it was chosen
                // from.
                Choice::Listed(play, from_bounded) => {
                    let generator = if from_bounded {
                        &mut e.plays.choice.generator
                    } else {
                        &mut e.plays.complete.generator
                    };
                    s.game.play(&play, generator).map_err(game_error)?
                }
                Choice::UsesEveryNumber(play) => play_every_number(&mut s.game, &play)?,
            };
            Ok(Reply::Played(finish_move(s, side, report)))
        }
        Command::Hint { count, time_ms } => hint(s, e, *count, *time_ms),
        Command::Rollout(trials) => rollout(s, e, *trials),
        Command::Eval(time_ms) => Ok(eval(s, e, *time_ms)),
        Command::SetSearch(change) => {
            let mut settings = s.search;
            let name = change
                .apply(&mut settings)
                .map_err(|m| ProtoError::new(ErrorCode::InvalidArgument, m))?;
            s.search = settings;
            Ok(setting_reply(&settings, &name))
        }
        Command::Legal(page) => legal(s, &mut e.plays.complete, *page),
        Command::Show(what) => Ok(show(s, evaluator, *what)),
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
        match_id: match_id_of(s).to_string(),
    }
}

/// Plays a written play. The bounded list is enough even when capped: the
/// rules core checks a play missing from a capped list by searching a line
/// of steps to it that uses every number (surely legal, R10). Only a play
/// it cannot place that way (fewer numbers, or illegal) is looked up in the
/// complete list, which keeps ordinary Express moves from listing millions
/// of plays.
fn play_written(
    game: &mut Game,
    plays: &mut Generators,
    text: &str,
) -> Result<PlayReport, ProtoError> {
    let capped = plays.choice.legal(game)?.truncated;
    match game.play_text(text, &mut plays.choice.generator) {
        Err(GameError::Illegal(_)) if capped => game
            .play_text(text, &mut plays.complete.generator)
            .map_err(game_error),
        other => other.map_err(game_error),
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

/// The numbers to play now, or why there are none (`state`).
fn turn_of(g: &Game, generator: &mut MoveGenerator) -> Result<TurnNumbers, ProtoError> {
    g.turn_numbers().ok_or_else(|| {
        g.legal_plays(generator).err().map_or_else(
            || state_error("no dice: roll (or set the dice) first"),
            game_error,
        )
    })
}

/// Ranks the current turn's plays with the session's search settings
/// (`time_ms`, if given, replaces the budget for this search only). The
/// root plays come from the bounded generator: Express low doubles are
/// cut at [`CHOICE_LIMIT`] (or searched by the Express beam), and the
/// ranking says so in `truncated`.
fn search_turn(
    s: &SessionState,
    e: &mut Engine,
    time_ms: Option<u64>,
) -> Result<(TurnNumbers, Ranking), ProtoError> {
    let g = &s.game;
    let turn = turn_of(g, &mut e.plays.choice.generator)?;
    e.search.settings = s.search;
    if time_ms.is_some() {
        e.search.settings.time_ms = time_ms;
    }
    let ranking = e.search.rank(
        g.position(),
        &turn,
        g.rules(),
        e.evaluator,
        &mut e.plays.choice.generator,
        None,
    );
    if ranking.plays.is_empty() {
        return Err(state_error("no legal play"));
    }
    Ok((turn, ranking))
}

/// How a ranking was searched, for replies.
fn search_info(
    s: &SessionState,
    e: &Engine,
    ranking: &Ranking,
    time_ms: Option<u64>,
) -> SearchInfo {
    SearchInfo {
        evaluator: e.evaluator.name().to_string(),
        plies: s.search.plies,
        reached: ranking.plies,
        movefilter: s.search.filter.preset.to_string(),
        time_ms: time_ms.or(s.search.time_ms),
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
    }
}

/// Whether `play` is legal for sure without the complete list of plays:
/// it uses every number or ends the game (R10).
fn surely_legal(g: &Game, play: &Play) -> bool {
    let numbers = g.turn_numbers().map_or(0, |t| t.numbers().len());
    play.steps.len() == numbers || game_result(&play.position, g.rules().scoring).is_some()
}

/// The engine's choice of play.
enum Choice {
    /// A play of the bounded list (`true`) or of the complete list, which
    /// the game checks against that list.
    Listed(Play, bool),
    /// A play of the Express beam that uses every number and does not end
    /// the game: legal by construction (each group generated legally, all
    /// numbers used, R10), though not in the capped list.
    UsesEveryNumber(Play),
}

/// The engine's play for the current turn: the best of the search.
///
/// When the search's candidates are not a complete list (capped at
/// [`CHOICE_LIMIT`], or the Express beam for a roll of several groups of
/// numbers, R20), only a play that uses every number (or ends the game) is
/// surely legal (R10): such a play is made directly, without listing the
/// plays again (millions for an Express low double). Otherwise the game
/// checks the play against the bounded list, which is then complete. Should
/// no searched candidate be surely legal (not seen in practice), the
/// choice falls back to the best 0-ply play of the bounded list, or of the
/// complete list.
fn choose_play(
    s: &SessionState,
    e: &mut Engine,
    time_ms: Option<u64>,
) -> Result<Choice, ProtoError> {
    let g = &s.game;
    let turn = turn_of(g, &mut e.plays.choice.generator)?;
    let numbers = turn.numbers();
    let beam_root = crate::search::express::is_multi_group(&numbers);
    if !beam_root {
        // Cheap outside Express low doubles; a forced play needs no search.
        let bounded = e.plays.choice.legal(g)?;
        if bounded.len() == 1 && !bounded.truncated {
            return Ok(Choice::Listed(bounded.plays[0], true));
        }
    }
    let (_, ranking) = search_turn(s, e, time_ms)?;
    if !ranking.truncated && !beam_root {
        // The search's candidates are the bounded list, and it is complete.
        return Ok(Choice::Listed(ranking.plays[0].play, true));
    }
    for r in &ranking.plays {
        if uses_every_number(g, &r.play)
            && game_result(&r.play.position, g.rules().scoring).is_none()
        {
            return Ok(Choice::UsesEveryNumber(r.play));
        }
        if surely_legal(g, &r.play) {
            // It ends the game: the game checks it against the lists.
            let bounded = e.plays.choice.legal(g)?;
            if let Some(p) = bounded.find(&r.play.position) {
                return Ok(Choice::Listed(*p, true));
            }
            return Ok(Choice::Listed(r.play, false));
        }
    }
    log::debug!("no searched play is surely legal: choosing at 0 plies");
    let keeps_turn = matches!(turn, TurnNumbers::Passed(_));
    let best = |list: &PlayList| {
        rank_plays(e.evaluator, g.rules(), &list.plays, keeps_turn, 1)
            .first()
            .map(|r| list.plays[r.index])
            .ok_or_else(|| state_error("no legal play"))
    };
    let bounded = e.plays.choice.legal(g)?;
    let play = best(bounded)?;
    if !bounded.truncated || surely_legal(g, &play) {
        return Ok(Choice::Listed(play, true));
    }
    Ok(Choice::Listed(best(e.plays.complete.legal(g)?)?, false))
}

/// Whether `play` uses every number of the turn.
fn uses_every_number(g: &Game, play: &Play) -> bool {
    g.turn_numbers()
        .is_some_and(|t| play.steps.len() == t.numbers().len())
}

/// Makes a play that uses every number and does not end the game without
/// listing the legal plays (millions for an Express low double); the rules
/// core checks it by replaying its steps.
fn play_every_number(game: &mut Game, play: &Play) -> Result<PlayReport, ProtoError> {
    game.play_using_every_number(play).map_err(game_error)
}

fn hint(
    s: &SessionState,
    e: &mut Engine,
    count: usize,
    time_ms: Option<u64>,
) -> Result<Reply, ProtoError> {
    let g = &s.game;
    let (turn, ranking) = search_turn(s, e, time_ms)?;
    let best = ranking.plays.first().map_or(0.0, |r| r.equity);
    let candidates = ranking
        .plays
        .iter()
        .take(count)
        .enumerate()
        .map(|(i, r)| candidate(g, i + 1, r, best))
        .collect();
    Ok(Reply::Hint {
        side: g.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: ranking.plays.len(),
        incomplete: ranking.truncated,
        search: search_info(s, e, &ranking, time_ms),
        candidates,
    })
}

/// `rollout [N]`: the best [`ROLLOUT_CANDIDATES`] of the search played
/// out. Progress goes to the log (stderr), never to the reply.
fn rollout(s: &SessionState, e: &mut Engine, trials: Option<u32>) -> Result<Reply, ProtoError> {
    let g = &s.game;
    let (turn, ranking) = search_turn(s, e, None)?;
    if let Some(t) = trials {
        e.search.settings.rollout.trials = t;
    }
    let settings = e.search.settings;
    let reported = std::sync::atomic::AtomicU32::new(0);
    let progress = |p: RolloutProgress| {
        // About ten lines for a whole rollout.
        let tenth = (p.done.saturating_mul(10) / p.total.max(1)).min(10);
        if reported.fetch_max(tenth, std::sync::atomic::Ordering::Relaxed) < tenth {
            log::info!("rollout: {} of {} trials", p.done, p.total);
        }
    };
    let top = &ranking.plays[..ranking.plays.len().min(ROLLOUT_CANDIDATES)];
    let rolled = e
        .search
        .rollout_plays(top, g.rules(), e.evaluator, &progress)
        .map_err(|m| ProtoError::new(ErrorCode::InvalidArgument, m))?;
    let best = rolled.first().map_or(0.0, |r| r.equity);
    Ok(Reply::Rollout {
        side: g.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: ranking.plays.len(),
        search: search_info(s, e, &ranking, None),
        rollout: RolloutInfo {
            evaluator: e.evaluator.name().to_string(),
            trials: settings.rollout.trials,
            plies: settings.rollout.plies,
            seed: settings.rollout.seed,
            luck_adjust: settings.rollout.luck_adjust,
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
    e.search.settings = s.search;
    if time_ms.is_some() {
        e.search.settings.time_ms = time_ms;
    }
    let (p, reached) = e.search.evaluate_position(
        g.position(),
        passed.as_ref(),
        g.rules(),
        e.evaluator,
        s.search.plies,
        None,
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
        timed_out: !over && reached < s.search.plies,
    }
}

fn legal(s: &SessionState, plays: &mut PlayCache, page: Page) -> Result<Reply, ProtoError> {
    let g = &s.game;
    let legal = plays.legal(g)?;
    let plays = legal
        .plays
        .iter()
        .skip(page.offset)
        .take(page.limit)
        .map(|p| format_play(g.position(), p))
        .collect();
    Ok(Reply::Legal {
        count: legal.len(),
        offset: page.offset,
        incomplete: legal.truncated,
        plays,
    })
}

fn show(s: &SessionState, evaluator: &dyn Evaluator, what: ShowWhat) -> Reply {
    match what {
        ShowWhat::Board(o) => {
            let orientation = o.unwrap_or(s.orientation);
            Reply::Board {
                position_id: position_id(s.game.position()),
                match_id: match_id_of(s).to_string(),
                orientation,
                lines: draw_board(s.game.position(), s.game.on_roll(), orientation),
            }
        }
        ShowWhat::PosId => Reply::PositionId {
            position_id: position_id(s.game.position()),
        },
        ShowWhat::MatchId => Reply::MatchId {
            match_id: match_id_of(s).to_string(),
        },
        ShowWhat::Dice => Reply::Dice {
            opening: Vec::new(),
            turn: turn_info(&s.game),
        },
        ShowWhat::Options => options_reply(s, evaluator),
    }
}
