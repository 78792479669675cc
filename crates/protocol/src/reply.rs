//! Typed replies and errors: what a command answers, before it is written
//! as text or JSON (see `format`). Every field shown in text mode is in the
//! JSON object too.

use serde::Serialize;

use plakoto_engine::eval::Probabilities;
use plakoto_engine::game::{Evaluation, RolloutSettings, SearchSettings};
use plakoto_rules::{ResultKind, Scoring, Side, Variant};

use super::board_data::BoardData;
use super::command::{Orientation, OutputMode};
pub use super::errors::{ErrorCode, ProtoError};
use plakoto_records::record::{RecordedGame, game_lines};

/// Probabilities rounded for display, with the equity.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Chances {
    /// Equity in points for the side concerned.
    pub equity: f64,
    /// Total win chance.
    pub win: f64,
    /// Single wins.
    pub win_single: f64,
    /// Double (gammon) wins.
    pub win_double: f64,
    /// Triple wins (Tzannes).
    pub win_triple: f64,
    /// Mother wins.
    pub win_mother: f64,
    /// Total loss chance.
    pub lose: f64,
    /// Single losses.
    pub lose_single: f64,
    /// Double losses.
    pub lose_double: f64,
    /// Triple losses.
    pub lose_triple: f64,
    /// Mother losses.
    pub lose_mother: f64,
    /// Draws (both mothers pinned).
    pub draw: f64,
    /// The ways the game can end, which the text shows (JSON gives every
    /// field, 0 where the game has no such result).
    #[serde(skip)]
    pub columns: ResultColumns,
}

/// Which results besides single and double wins a game has, for the
/// columns of the text chances line: Plakoto all (`t` under Tzannes
/// scoring, `m` a pinned mother, `D` a draw), Portes the triple (a Western
/// backgammon, P11), Fevga none (F13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultColumns {
    /// Triple wins (`t`).
    pub triple: bool,
    /// Mother wins (`m`).
    pub mother: bool,
    /// Draws (`D`).
    pub draw: bool,
}

impl ResultColumns {
    /// The columns of `game`'s results.
    pub fn of(game: plakoto_rules::GameKind) -> ResultColumns {
        use plakoto_rules::GameKind;
        ResultColumns {
            triple: matches!(game, GameKind::Plakoto | GameKind::Portes),
            mother: game == GameKind::Plakoto,
            draw: game == GameKind::Plakoto,
        }
    }
}

/// Rounds to `places` decimals so output is stable and short.
pub fn round(x: f32, places: i32) -> f64 {
    let f = 10f64.powi(places);
    let r = (f64::from(x) * f).round() / f;
    if r == 0.0 { 0.0 } else { r }
}

impl Chances {
    /// From probabilities under `scoring`.
    pub fn new(p: &Probabilities, scoring: Scoring) -> Chances {
        let r = |x| round(x, 4);
        Chances {
            equity: r(p.equity(scoring)),
            win: r(p.win()),
            win_single: r(p.win_single),
            win_double: r(p.win_double),
            win_triple: r(p.win_triple),
            win_mother: r(p.win_mother),
            lose: r(p.lose()),
            lose_single: r(p.lose_single),
            lose_double: r(p.lose_double),
            lose_triple: r(p.lose_triple),
            lose_mother: r(p.lose_mother),
            draw: r(p.draw),
            columns: ResultColumns::of(plakoto_rules::GameKind::Plakoto),
        }
    }
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ResultInfo {
    /// How it ended.
    pub kind: ResultKind,
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Points scored by the winner.
    pub points: u8,
}

/// The match (or session) score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreInfo {
    /// Points to win; 0 for an unlimited session.
    pub match_length: u8,
    /// X's points.
    pub x: u32,
    /// O's points.
    pub o: u32,
    /// The match winner, once there is one.
    pub match_winner: Option<Side>,
    /// The Tavli match, when one is played (its target and score are the
    /// match's above).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tavli: Option<crate::tavli_replies::TavliInfo>,
}

/// What is to be played now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum TurnInfo {
    /// Before the opening roll.
    Opening {
        /// The side that starts if `set dice` skips the opening roll.
        on_roll: Side,
    },
    /// The side on roll must roll (or `set dice`).
    ToRoll {
        /// Who.
        on_roll: Side,
    },
    /// The side on roll has rolled.
    Rolled {
        /// Who.
        on_roll: Side,
        /// The dice, as rolled.
        dice: [u8; 2],
        /// The numbers to play, in order (a double: four or, Express, more).
        numbers: Vec<u8>,
    },
    /// Express: numbers passed by the opponent, played before rolling (R21).
    Passed {
        /// Who plays them.
        on_roll: Side,
        /// The numbers.
        numbers: Vec<u8>,
    },
    /// The game is over.
    Over {
        /// How it ended.
        result: Option<ResultInfo>,
    },
}

/// What a move (`move` or `play`) did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveInfo {
    /// The play in canonical notation.
    pub play: String,
    /// Who played it.
    pub side: Side,
    /// Express numbers passed to the opponent (R21).
    pub passed: Option<Vec<u8>>,
    /// The result, if the game ended.
    pub result: Option<ResultInfo>,
    /// The score after the move.
    pub score: ScoreInfo,
    /// What is to be played next.
    pub next: TurnInfo,
    /// Position ID after the move.
    pub position_id: String,
    /// Match ID after the move.
    pub match_id: String,
    /// In a Tavli match, the game begun when this move ended one (the
    /// session plays it from now on; the fields above are the ended
    /// game's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_game: Option<crate::tavli_replies::NextGameInfo>,
}

/// One row of a hint table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// 1 for the best.
    pub rank: usize,
    /// The play.
    pub play: String,
    /// Equity after the play, for the player.
    pub equity: f64,
    /// Equity minus the best one (0 or negative).
    pub difference: f64,
    /// The chances after the play, for the player.
    pub chances: Chances,
    /// How it was evaluated, as written: `2-ply`, `exact`,
    /// `rollout 1296x0-ply ±0.012`.
    pub evaluation: String,
    /// The same, as data (a rollout's standard error and trials).
    pub evaluated_at: Evaluation,
    /// In a match: the chance to win the match after the play (hint).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mwc: Option<f64>,
}

/// How a `hint`, `play`, `eval` or `rollout` searched.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchInfo {
    /// The evaluator at the leaves, e.g. `heuristic`.
    pub evaluator: String,
    /// Plies asked for.
    pub plies: u8,
    /// Deepest level completed (less than `plies` when time ran out).
    pub reached: u8,
    /// The move filter (a preset, or `custom`).
    pub movefilter: String,
    /// The time budget in milliseconds, if any.
    pub time_ms: Option<u64>,
    /// Whether the time budget stopped the search before `plies`.
    pub timed_out: bool,
    /// Whether a `stop` ended the search before `plies` (only written
    /// when it did).
    #[serde(skip_serializing_if = "is_false")]
    pub stopped: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The rollout settings a `rollout` used.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RolloutInfo {
    /// The evaluator of the played-out games.
    pub evaluator: String,
    /// Games per candidate.
    pub trials: u32,
    /// Plies of the player in the played-out games.
    pub plies: u8,
    /// Dice seed.
    pub seed: u64,
    /// Whether luck adjustment was used.
    pub luck_adjust: bool,
    /// The trials each candidate finished when a `stop` ended the rollout
    /// early (only written then); the figures are theirs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_after: Option<u32>,
}

impl RolloutInfo {
    /// How a rollout with `settings` (its trials those it was asked for)
    /// went, in any game: `best` is how its best candidate was valued
    /// afterwards (by rollout, with the trials it finished, unless none
    /// finished), and `stop_set` whether a `stop` was set by then.
    pub(crate) fn of(
        evaluator: &str,
        settings: &RolloutSettings,
        best: Option<Evaluation>,
        stop_set: bool,
    ) -> RolloutInfo {
        let finished = match best {
            Some(Evaluation::Rollout { trials, .. }) => trials,
            _ => 0,
        };
        RolloutInfo {
            evaluator: evaluator.to_string(),
            trials: settings.trials,
            plies: settings.plies,
            seed: settings.seed,
            luck_adjust: settings.luck_adjust,
            stopped_after: (finished < settings.trials && stop_set).then_some(finished),
        }
    }
}

/// A session's options.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionsInfo {
    /// Movement rules.
    pub rules: Variant,
    /// Scoring.
    pub scoring: Scoring,
    /// Output mode.
    pub output: OutputMode,
    /// Board orientation.
    pub orientation: Orientation,
    /// Dice seed last set.
    pub seed: u64,
    /// The evaluator used by `hint`, `eval`, `play` and `rollout`.
    pub evaluator: String,
    /// The search settings (text mode lists them as
    /// [`option_lines`](super::options::option_lines) gives them).
    pub search: SearchSettings,
    /// The score.
    pub score: ScoreInfo,
    /// The players' names in records (`set player`).
    pub players: PlayerNames,
}

/// `show options` in a game other than Plakoto.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableOptionsInfo {
    /// The game played.
    pub game: plakoto_rules::GameKind,
    /// Its scoring (Portes: standard or triple).
    pub scoring: String,
    /// Its variant switches as `name=value` words (Fevga's F7–F9), if it
    /// has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub switches: Option<String>,
    /// How a first game starts (P13).
    pub opening: String,
    /// Output mode.
    pub output: OutputMode,
    /// Board orientation.
    pub orientation: Orientation,
    /// Dice seed last set.
    pub seed: u64,
    /// The evaluator `hint` and `play` use.
    pub evaluator: String,
    /// The search settings.
    pub search: SearchSettings,
    /// The score.
    pub score: ScoreInfo,
    /// The players' names.
    pub players: PlayerNames,
}

/// The players' names, as `show options` gives them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerNames {
    /// X's name.
    #[serde(rename = "X")]
    pub x: String,
    /// O's name.
    #[serde(rename = "O")]
    pub o: String,
}

/// One command form in a `help` reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HelpEntry {
    /// The form, as `list_commands` gives it.
    pub form: String,
    /// What it does, in one line.
    pub about: String,
    /// Other names of the command (`m` for `move`).
    pub aliases: Vec<String>,
}

/// One legal play in a `legal` listing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalPlay {
    /// The play in canonical notation.
    pub play: String,
    /// The Position ID the game shows after the play (as `show posid`
    /// would): the opponent on roll, unless the game ends on the play or
    /// the mover was playing numbers passed to it (R21) and rolls next.
    pub position_id: String,
    /// One order of single steps reaching the play.
    pub steps: Vec<StepInfo>,
}

/// One single-die step of a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StepInfo {
    /// The point left; 25 for the bar (Portes).
    pub from: u8,
    /// The point reached; 0 when borne off.
    pub to: u8,
    /// The number used.
    pub die: u8,
    /// It pinned a lone opposing checker (R6).
    pub pins: bool,
    /// It freed an opposing checker pinned under the mover's last checker
    /// on the point it left (R7).
    pub frees: bool,
    /// It landed on a lone opposing checker and sent it to the bar
    /// (Portes, P5); written only then.
    #[serde(skip_serializing_if = "is_false")]
    pub hit: bool,
}

/// `show board`'s reply in every game: the board drawn, as data and as
/// text, with its IDs and the turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardInfo {
    /// Position ID.
    pub position_id: String,
    /// Match ID.
    pub match_id: String,
    /// The orientation drawn.
    pub orientation: Orientation,
    /// The drawing, a line each.
    pub lines: Vec<String>,
    /// The board as data, in the game's shape.
    pub board: BoardShape,
    /// The board text (as `set board` accepts it).
    pub boardtext: String,
    /// What is to be played (as `show dice` says), so that a page
    /// draws the board and the turn from one reply.
    pub turn: TurnInfo,
    /// The Tavli match, when one is played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tavli: Option<crate::tavli_replies::TavliInfo>,
}

impl BoardInfo {
    /// The reply in text: the IDs, the Tavli match's line, the drawing.
    pub(crate) fn text_lines(&self) -> Vec<String> {
        let (position_id, match_id) = (&self.position_id, &self.match_id);
        let mut out = vec![format!("Position ID: {position_id}   Match ID: {match_id}")];
        out.extend(self.tavli.iter().map(|t| t.text()));
        out.extend(self.lines.iter().cloned());
        out
    }
}

/// The board as data: Plakoto's (with its pins and mothers) or a game of
/// the table's (with its bar); written as the shape itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum BoardShape {
    /// Plakoto's board.
    Plakoto(BoardData),
    /// A game of the table's board.
    Table(crate::table_board_data::TableBoardData),
}

/// A successful reply.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum Reply {
    /// `protocol_version`.
    ProtocolVersion {
        /// The version.
        version: u32,
    },
    /// `name`.
    Name {
        /// The engine's name.
        name: String,
    },
    /// `version`.
    Version {
        /// The engine's version.
        version: String,
    },
    /// `list_commands`.
    Commands {
        /// Command forms, one each.
        commands: Vec<String>,
    },
    /// `known_command`.
    Known {
        /// Whether it is known.
        known: bool,
    },
    /// `help`.
    Help {
        /// The forms asked about, in `list_commands` order.
        commands: Vec<HelpEntry>,
    },
    /// `isready`.
    Ready,
    /// `quit`.
    Bye,
    /// `stop`.
    Stopped,
    /// `new game`, `new match`: a game begins.
    NewGame {
        /// The score so far.
        score: ScoreInfo,
        /// The opening roll made, X's die and O's die each try (R19); empty
        /// when the previous game's winner starts.
        opening: Vec<[u8; 2]>,
        /// Who starts.
        starts: Side,
        /// Movement rules.
        rules: Variant,
        /// Scoring.
        scoring: Scoring,
    },
    /// `set position`, `set board`, `set matchid`, `set turn`: the new state.
    State {
        /// Position ID.
        position_id: String,
        /// Match ID.
        match_id: String,
        /// What is to be played.
        turn: TurnInfo,
    },
    /// `set dice`, `roll`, `show dice`.
    Dice {
        /// The opening roll made first by `roll`, if any (X's die, O's die).
        opening: Vec<[u8; 2]>,
        /// What is to be played.
        turn: TurnInfo,
    },
    /// `set seed`.
    Seed {
        /// The seed.
        seed: u64,
    },
    /// `set output`.
    Output {
        /// The mode.
        output: OutputMode,
    },
    /// `set orientation`.
    Orientation {
        /// The orientation.
        orientation: Orientation,
    },
    /// `move`.
    Moved(MoveInfo),
    /// `play`.
    Played(MoveInfo),
    /// `hint`.
    Hint {
        /// Who is to play.
        side: Side,
        /// The numbers to play.
        numbers: Vec<u8>,
        /// Legal plays in all.
        count: usize,
        /// Whether generation hit its size limit (plays may be missing).
        incomplete: bool,
        /// How the candidates were searched.
        search: SearchInfo,
        /// Best first.
        candidates: Vec<Candidate>,
    },
    /// `rollout`.
    Rollout {
        /// Who is to play.
        side: Side,
        /// The numbers to play.
        numbers: Vec<u8>,
        /// Candidate plays of the search (the best were rolled out).
        count: usize,
        /// How the candidates were chosen.
        search: SearchInfo,
        /// How they were rolled out.
        rollout: RolloutInfo,
        /// The candidates rolled out, best mean first.
        candidates: Vec<Candidate>,
    },
    /// `set evaluation …`, `set search …`, `set threads`, `set rollout …`,
    /// `set rules`, `set scoring`: the option changed, as `show options`
    /// lists it.
    Setting {
        /// The option's name, e.g. `evaluation plies`.
        name: String,
        /// Its new value, e.g. `2`.
        value: String,
    },
    /// `eval`.
    Eval {
        /// Whose chances.
        side: Side,
        /// The chances, before rolling.
        chances: Chances,
        /// How it was evaluated (`exact` when the game is over), e.g.
        /// `2-ply heuristic`.
        evaluation: String,
        /// Plies searched (0 when exact).
        plies: u8,
        /// In a match: the side on roll's match-winning chance, 0–1 (as a
        /// `hint` candidate's `mwc`; JSON only).
        #[serde(skip_serializing_if = "Option::is_none")]
        mwc: Option<f64>,
        /// Whether the time budget stopped the search early.
        timed_out: bool,
        /// Whether a `stop` ended the search early (only written when it
        /// did).
        #[serde(skip_serializing_if = "is_false")]
        stopped: bool,
    },
    /// `legal`.
    Legal {
        /// Legal plays in all (R11: distinct resulting positions) when
        /// `count_exact`; otherwise a lower bound.
        count: usize,
        /// Whether `count` is the exact number of legal plays.
        count_exact: bool,
        /// Plays skipped.
        offset: usize,
        /// Whether generation hit its size limit (plays may be missing).
        incomplete: bool,
        /// The page of plays.
        plays: Vec<LegalPlay>,
    },
    /// `legal steps`.
    LegalSteps {
        /// The steps made, each with what it did.
        made: Vec<StepInfo>,
        /// Position ID of the board after them, the mover still on roll.
        position_id: String,
        /// Numbers not used yet.
        numbers_left: Vec<u8>,
        /// Every single step that continues toward a legal play.
        next: Vec<StepInfo>,
        /// Whether the steps made are a complete legal play.
        can_end: bool,
    },
    /// `show board` in Plakoto.
    Board(BoardInfo),
    /// `show boardtext`.
    #[serde(rename = "boardtext")]
    BoardText {
        /// The board text.
        boardtext: String,
    },
    /// `show position`.
    Position {
        /// `<Position ID>:<Match ID>`.
        position: String,
        /// The Position ID.
        position_id: String,
        /// The Match ID.
        match_id: String,
    },
    /// `show posid`.
    PositionId {
        /// The ID.
        position_id: String,
    },
    /// `show matchid`.
    MatchId {
        /// The ID.
        match_id: String,
    },
    /// `show options`.
    Options(OptionsInfo),
    /// `show tavli`, `set tavli.…`: the Tavli match's switches and state.
    Tavli(crate::tavli_replies::TavliShow),
    /// `show options` in a game other than Plakoto.
    TableOptions(TableOptionsInfo),
    /// `new game` in a game other than Plakoto.
    TableNewGame {
        /// The game.
        game: plakoto_rules::GameKind,
        /// The score before the game.
        score: ScoreInfo,
        /// The opening rolls (X's die, O's die), empty when the last
        /// game's winner starts.
        opening: Vec<[u8; 2]>,
        /// The side that starts.
        starts: Side,
        /// The game's scoring.
        scoring: String,
        /// How a first game starts (`greek`, `western`).
        opening_rule: String,
        /// The dice the starter plays (the Western opening), if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        dice: Option<[u8; 2]>,
    },
    /// `show board` in a game other than Plakoto: the same reply as
    /// [`Reply::Board`], named `table_board` in JSON, its board the
    /// table's shape.
    TableBoard(BoardInfo),
    /// `save game|match`.
    Saved(SavedInfo),
    /// `load game|match`.
    Loaded(LoadedInfo),
    /// `show game`.
    GameListing(GameListing),
    /// `analyse game|match`.
    Analysis(Box<plakoto_records::analysis::Analysis>),
    /// `analyse match` in a Tavli match: each game, and the players over
    /// the match.
    TavliAnalysis(Box<plakoto_records::analysis::tavli::TavliAnalysis>),
}

/// `save`: what was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SavedInfo {
    /// The file.
    pub file: String,
    /// Games written.
    pub games: usize,
    /// Turns written.
    pub turns: usize,
    /// `text` or `json`.
    pub format: &'static str,
}

impl SavedInfo {
    /// The text reply.
    pub fn text_lines(&self) -> Vec<String> {
        vec![format!(
            "saved {} game(s), {} turn(s) to {} ({})",
            self.games, self.turns, self.file, self.format
        )]
    }
}

/// `load`: what was read, and the state it left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoadedInfo {
    /// The file.
    pub file: String,
    /// Games read.
    pub games: usize,
    /// Turns replayed.
    pub turns: usize,
    /// Position ID now.
    pub position_id: String,
    /// Match ID now.
    pub match_id: String,
    /// What is to be played now.
    pub turn: TurnInfo,
}

impl LoadedInfo {
    /// The text reply.
    pub fn text_lines(&self) -> Vec<String> {
        vec![
            format!(
                "loaded {} game(s), {} turn(s) from {}",
                self.games, self.turns, self.file
            ),
            format!("{}:{}", self.position_id, self.match_id),
        ]
    }
}

/// `show game`: the current game's turns so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameListing {
    /// The game's number in the session's record (1-based; 0: none yet).
    pub game: usize,
    /// The game as recorded (score before it, start, turns, result).
    #[serde(flatten)]
    pub record: Option<RecordedGame>,
    /// In a Tavli match, the game's number in the match and which game it
    /// is, for the text (`Game 2 plakoto`); JSON is unchanged.
    #[serde(skip)]
    pub in_tavli: Option<(u32, plakoto_rules::GameKind)>,
}

impl GameListing {
    /// The text reply: the game in the record's text form.
    pub fn text_lines(&self) -> Vec<String> {
        match (&self.record, self.in_tavli) {
            (None, _) => vec!["no game recorded yet".into()],
            (Some(g), None) => game_lines(self.game, g),
            (Some(g), Some((number, kind))) => {
                let named = RecordedGame {
                    kind: g.kind.or(Some(kind)),
                    ..g.clone()
                };
                game_lines(number as usize, &named)
            }
        }
    }
}
