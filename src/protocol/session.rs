//! The engine's state between commands and how each command changes it.
//!
//! A command is applied to a copy of the state and the copy is kept only
//! when the command succeeds, so a failed command changes nothing, by
//! construction (dice drawn by a failed `roll` included).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::board_art::draw_board;
use super::command::{COMMANDS, Command, Orientation, OutputMode, Page, ShowWhat, is_known};
use super::rank::{evaluation_label, rank_plays};
use super::reply::{
    Candidate, Chances, ErrorCode, MoveInfo, OptionsInfo, ProtoError, Reply, ResultInfo, ScoreInfo,
    TurnInfo, round,
};
use crate::eval::{Evaluator, HeuristicEvaluator, evaluate_or_score};
use crate::game::{
    FinalResult, Game, GameError, GenLimits, MatchId, MatchScore, MoveGenerator, Numbers,
    ParsedPlay, Phase, Play, PlayList, PlayReport, Position, Rules, Side, TurnNumbers, format_play,
    game_result, position_id,
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
            .finish_non_exhaustive()
    }
}

/// An engine session: the state, a reusable move generator and the
/// evaluator.
pub struct Session {
    state: SessionState,
    plays: Generators,
    evaluator: Box<dyn Evaluator>,
}

/// Most plays `hint` and `play` consider. Plakoto Express low doubles in
/// open positions have millions of plays (R20 size warning) that take
/// minutes and gigabytes to list in full; the engine's choice is made among
/// the first this many instead (the hint says so), while `legal` and
/// `move` always use the complete list.
pub const CHOICE_LIMIT: usize = 50_000;

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

    /// A session rating plays with `evaluator`.
    pub fn with_evaluator(rules: Rules, seed: u64, evaluator: Box<dyn Evaluator>) -> Session {
        Session::with_limits(rules, seed, evaluator, GenLimits::default())
    }

    /// A session whose move generator keeps at most `limits` plays (lists
    /// past it are reported incomplete). The default is complete for every
    /// roll; smaller limits bound time and memory on Express low doubles.
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
            },
            plays: Generators {
                complete: PlayCache::with_limits(limits),
                choice: PlayCache::with_limits(GenLimits {
                    max_positions: limits.max_positions.min(CHOICE_LIMIT),
                }),
            },
            evaluator,
        }
    }

    /// The current state.
    pub fn state(&self) -> &SessionState {
        &self.state
    }

    /// Applies a command; on error nothing changes.
    pub fn apply(&mut self, command: &Command) -> Result<Reply, ProtoError> {
        let mut next = self.state.clone();
        let reply = execute(&mut next, &mut self.plays, self.evaluator.as_ref(), command)?;
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
        evaluation: evaluation_label(evaluator),
        score: score_info(s),
    })
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

fn execute(
    s: &mut SessionState,
    plays: &mut Generators,
    evaluator: &dyn Evaluator,
    command: &Command,
) -> Result<Reply, ProtoError> {
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
        Command::Move(text) => {
            let side = s.game.on_roll();
            let report = play_written(&mut s.game, plays, text)?;
            Ok(Reply::Moved(finish_move(s, side, report)))
        }
        Command::Play => {
            let side = s.game.on_roll();
            let (play, from_bounded) = choose_play(s, plays, evaluator)?;
            // The game checks the play against the list it was chosen from.
            let generator = if from_bounded {
                &mut plays.choice.generator
            } else {
                &mut plays.complete.generator
            };
            let report = s.game.play(&play, generator).map_err(game_error)?;
            Ok(Reply::Played(finish_move(s, side, report)))
        }
        Command::Hint(count) => hint(s, &mut plays.choice, evaluator, *count),
        Command::Eval => {
            let g = &s.game;
            let over = game_result(g.position(), g.rules().scoring).is_some();
            let p = evaluate_or_score(evaluator, g.position(), g.rules());
            Ok(Reply::Eval {
                side: g.on_roll(),
                chances: Chances::new(&p, g.rules().scoring),
                evaluation: if over {
                    "exact".into()
                } else {
                    evaluation_label(evaluator)
                },
            })
        }
        Command::Legal(page) => legal(s, &mut plays.complete, *page),
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

/// Plays a written play. The complete list of legal plays is needed only
/// when the bounded one is capped and does not hold the play as one that
/// uses every number or ends the game (surely legal, R10): this keeps
/// ordinary Express moves from listing millions of plays.
fn play_written(
    game: &mut Game,
    plays: &mut Generators,
    text: &str,
) -> Result<PlayReport, ProtoError> {
    let bounded = plays.choice.legal(game)?;
    if !bounded.truncated {
        return game
            .play_text(text, &mut plays.choice.generator)
            .map_err(game_error);
    }
    let numbers = game.turn_numbers().map_or(0, |t| t.numbers().len());
    let surely_legal = text
        .parse::<ParsedPlay>()
        .ok()
        .and_then(|written| written.resulting_position(game.position()).ok())
        .and_then(|target| bounded.find(&target).copied())
        .filter(|p| {
            p.steps.len() == numbers || game_result(&p.position, game.rules().scoring).is_some()
        });
    match surely_legal {
        Some(play) => game
            .play(&play, &mut plays.choice.generator)
            .map_err(game_error),
        None => game
            .play_text(text, &mut plays.complete.generator)
            .map_err(game_error),
    }
}

/// The engine's play for the current turn: the best by [`rank_plays`]
/// among the bounded list. From a truncated list only a play that uses
/// every number (or ends the game) is surely legal (R10), so otherwise the
/// complete list decides. Also says whether the play came from the
/// bounded list.
fn choose_play(
    s: &SessionState,
    plays: &mut Generators,
    evaluator: &dyn Evaluator,
) -> Result<(Play, bool), ProtoError> {
    let g = &s.game;
    let keeps_turn = matches!(g.turn_numbers(), Some(TurnNumbers::Passed(_)));
    let numbers = g.turn_numbers().map_or(0, |t| t.numbers().len());
    let best = |list: &PlayList| {
        rank_plays(evaluator, g.rules(), &list.plays, keeps_turn, 1)
            .first()
            .map(|r| list.plays[r.index])
            .ok_or_else(|| state_error("no legal play"))
    };
    let bounded = plays.choice.legal(g)?;
    let play = best(bounded)?;
    if !bounded.truncated
        || play.steps.len() == numbers
        || game_result(&play.position, g.rules().scoring).is_some()
    {
        return Ok((play, true));
    }
    Ok((best(plays.complete.legal(g)?)?, false))
}

fn hint(
    s: &SessionState,
    plays: &mut PlayCache,
    evaluator: &dyn Evaluator,
    count: usize,
) -> Result<Reply, ProtoError> {
    let g = &s.game;
    let legal = plays.legal(g)?;
    let turn = g
        .turn_numbers()
        .ok_or_else(|| state_error("no dice: roll (or set the dice) first"))?;
    let keeps_turn = matches!(turn, TurnNumbers::Passed(_));
    let ranked = rank_plays(evaluator, g.rules(), &legal.plays, keeps_turn, count);
    let label = evaluation_label(evaluator);
    let best = ranked.first().map_or(0.0, |r| r.equity);
    let candidates = ranked
        .iter()
        .enumerate()
        .map(|(i, r)| Candidate {
            rank: i + 1,
            play: format_play(g.position(), &legal.plays[r.index]),
            equity: round(r.equity, 4),
            difference: round(r.equity - best, 4),
            chances: Chances::new(&r.probabilities, g.rules().scoring),
            evaluation: label.clone(),
        })
        .collect();
    Ok(Reply::Hint {
        side: g.on_roll(),
        numbers: numbers_vec(&turn.numbers()),
        count: legal.len(),
        incomplete: legal.truncated,
        candidates,
    })
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
