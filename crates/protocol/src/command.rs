//! The typed commands of the protocol: what a parsed line asks for, with
//! its arguments already checked and converted (dice, sides, IDs, …).

use plakoto_rules::tavli::Opening;
use plakoto_rules::{Dice, GameKind, MatchId, Position, Scoring, Side, Variant};

/// How replies are written: for people or for programs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OutputMode {
    /// Readable lines.
    #[default]
    Text,
    /// One JSON object a reply.
    Json,
}

/// How the board is drawn (R23): from X's side whoever is on roll, so
/// the checkers stay put from turn to turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// X starts at the top right and moves counter-clockwise.
    #[default]
    Noflip,
    /// Mirrored left to right: X starts at the top left and moves
    /// clockwise.
    Flip,
}

impl Orientation {
    /// The word used in commands and output.
    pub fn word(self) -> &'static str {
        match self {
            Orientation::Noflip => "noflip",
            Orientation::Flip => "flip",
        }
    }
}

/// Which part of a listing of legal plays to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// Most plays listed.
    pub limit: usize,
    /// Plays skipped first.
    pub offset: usize,
}

/// Plays `legal` lists when no limit is given.
pub const DEFAULT_LEGAL_LIMIT: usize = 1000;
/// The largest limit `legal` accepts.
pub const MAX_LEGAL_LIMIT: usize = 100_000;
/// Candidates `hint` shows when no count is given.
pub const DEFAULT_HINT_COUNT: usize = 10;
/// The most candidates `hint` shows.
pub const MAX_HINT_COUNT: usize = 1000;
/// The ranges of the search settings are the settings type's.
pub use plakoto_engine::game::{MAX_ROLLOUT_TRIALS, MAX_THREADS, MAX_TIME_MS};
/// Candidates `rollout` plays out: the best this many of the search.
pub const ROLLOUT_CANDIDATES: usize = 5;

/// What `show` displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowWhat {
    /// The ASCII board, in the given or the session's orientation.
    Board(Option<Orientation>),
    /// The Position ID.
    PosId,
    /// The Match ID.
    MatchId,
    /// The dice or numbers to play.
    Dice,
    /// The session's options.
    Options,
    /// The Position ID and Match ID as one `<PositionID>:<MatchID>` pair.
    Position,
    /// The board text (the form `set board` accepts).
    BoardText,
}

/// A protocol command (see protocol.md for each one).
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`
    ProtocolVersion,
    /// `name`
    Name,
    /// `version`
    Version,
    /// `list_commands`
    ListCommands,
    /// `known_command <command>`
    KnownCommand(String),
    /// `help [<command>]`: the words after `help`, if any.
    Help(Option<String>),
    /// `isready`
    IsReady,
    /// `quit`
    Quit,
    /// `stop`: ends the searches of the commands sent before it early
    /// (the engine's input reader acts on it; applied, it only answers).
    Stop,
    /// `set progress on|off`: progress lines before the replies of long
    /// commands, and `quit` or the end of input stop a running search.
    SetProgress(bool),
    /// `new game`
    NewGame,
    /// `new match N`
    NewMatch(u8),
    /// `new match [N] tavli`: a Tavli match to N points (default: the
    /// `tavli.target` switch), its games in the `tavli.sequence` order.
    NewTavliMatch(Option<u8>),
    /// `set tavli.…`, `show tavli`: the Tavli match's switches and state.
    Tavli(TavliCommand),
    /// `new game plakoto|portes|fevga`: the game played from now on, and a new
    /// game of it.
    NewGameOf(GameKind),
    /// `set game plakoto|portes|fevga`: the game played from now on (a fresh
    /// game of it awaits its opening roll).
    SetGame(GameKind),
    /// A command whose arguments are read by the game in play (Portes'
    /// board text, Position ID and Match ID, scoring, opening): see
    /// [`TableCommand`].
    Table(TableCommand),
    /// `set board <Position ID | board text>`
    SetBoard(Position),
    /// `set matchid <Match ID>`
    SetMatchId(MatchId),
    /// `set position <PositionID>:<MatchID>`: board and match state at once.
    SetPosition(Position, MatchId),
    /// `set turn X|O`
    SetTurn(Side),
    /// `set dice A B`
    SetDice(Dice),
    /// `set seed N`
    SetSeed(u64),
    /// `set rules standard|express`
    SetRules(Variant),
    /// `set scoring standard|tzannes`
    SetScoring(Scoring),
    /// `set output text|json`
    SetOutput(OutputMode),
    /// `set orientation flip|noflip`
    SetOrientation(Orientation),
    /// `set evaluator heuristic|pipcount|net|net-f32`
    SetEvaluator(plakoto_engine::eval::EvaluatorKind),
    /// `roll`
    Roll,
    /// `move <play>`
    Move(String),
    /// `play [time MS]`: `time` is a time budget for this search only.
    Play(Option<u64>),
    /// `hint [N] [time MS]`
    Hint {
        /// Candidates shown.
        count: usize,
        /// A time budget for this hint only, in milliseconds.
        time_ms: Option<u64>,
    },
    /// `rollout [N]`: the best candidates played out, `N` trials each (the
    /// session's `rollout trials` when left out).
    Rollout(Option<u32>),
    /// `set <option> <value>`: a search option of
    /// [`SEARCH_OPTIONS`](super::options::SEARCH_OPTIONS), by its name, and
    /// the words of its value (read when the command is applied).
    SetSearch {
        /// The option's name (`rollout luckadjust`).
        name: &'static str,
        /// The value's words.
        value: Vec<String>,
    },
    /// `eval [time MS]`: `time` is a time budget for this search only.
    Eval(Option<u64>),
    /// `legal [limit N] [offset K]`
    Legal(Page),
    /// `legal steps [<steps made>]`: the legal next steps after the steps
    /// made (written as a play, possibly empty).
    LegalSteps(String),
    /// `show …`
    Show(ShowWhat),
    /// `save …`, `load …`, `show game` (records.md).
    Record(RecordCommand),
}

/// The commands of a game other than Plakoto whose arguments only that
/// game can read; kept as written until the game reads them, so the
/// parser needs no game's position types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableCommand {
    /// `set board <Position ID | board text>`
    SetBoard(String),
    /// `set board fibs board:…`: a FIBS board string (Portes)
    SetFibsBoard(String),
    /// `set position <PositionID>:<MatchID>`
    SetPosition(String, String),
    /// `set matchid <Match ID>`
    SetMatchId(String),
    /// `set scoring <word>` (Portes: standard or triple)
    SetScoring(String),
    /// `set opening greek|western` (P13)
    SetOpening(Opening),
    /// `set fevga.<switch> <value>`: one of a game's variant switches (the
    /// switch's full name, the value as written).
    SetSwitch(String, String),
}

/// A command about the Tavli match (T1–T10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TavliCommand {
    /// `set tavli.target N`
    SetTarget(u8),
    /// `set tavli.sequence portes,plakoto,fevga`
    SetSequence(plakoto_rules::tavli::Sequence),
    /// `set tavli.after_draw opening_roll|same_starter`
    SetAfterDraw(plakoto_rules::tavli::AfterDraw),
    /// `set tavli.game N`: the match goes on at its game N (set by hand).
    SetGame(u32),
    /// `show tavli`
    Show,
}

/// One game or the whole match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The current (last) game.
    Game,
    /// Every game of the session's record.
    Match,
}

/// A command on records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordCommand {
    /// `save game|match FILE`
    Save(Scope, String),
    /// `load game|match FILE`
    Load(Scope, String),
    /// `show game`
    ShowGame,
    /// `analyse game|match`
    Analyse(Scope),
    /// `set player X|O name NAME`: the name records give the side.
    SetPlayer(Side, String),
}

/// Every command form with its arguments, as `list_commands` gives them:
/// the forms before the search options, the options' forms (from
/// [`SEARCH_OPTIONS`](super::options::SEARCH_OPTIONS)), the forms after.
pub static COMMANDS: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    let options = super::options::set_forms().map(|(form, _)| &*Box::leak(form.into_boxed_str()));
    FORMS_BEFORE_OPTIONS
        .iter()
        .copied()
        .chain(options)
        .chain(FORMS_AFTER_OPTIONS.iter().copied())
        .collect()
});

const FORMS_BEFORE_OPTIONS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command <command>",
    "help [<command>]",
    "isready",
    "quit",
    "stop",
    "new game",
    "new match <N>",
    "new match [N] tavli",
    "new game <plakoto|portes|fevga>",
    "set game <plakoto|portes|fevga>",
    "set board <position id | board text>",
    "set matchid <match id>",
    "set position <position id>:<match id>",
    "set turn <X|O>",
    "set dice <A> <B>",
    "set seed <N>",
    "set rules <standard|express>",
    "set scoring <standard|tzannes|triple>",
    "set opening <greek|western>",
    "set tavli.target <N>",
    "set tavli.sequence <game,game,…>",
    "set tavli.after_draw <opening_roll|same_starter>",
    "set tavli.game <N>",
    "set fevga.release <past_start|reach_quarter>",
    "set fevga.quarter_rule <own|opponent|both|none>",
    "set fevga.quarter_check <every_step|end_of_play>",
    "set fevga.prime_rule <unblock|unblock_if_frozen|ahead_required|none>",
    "set output <text|json>",
    "set orientation <flip|noflip>",
    "set evaluator <heuristic|pipcount|net|net-f32>",
    "set progress <on|off>",
];

const FORMS_AFTER_OPTIONS: &[&str] = &[
    "set player <X|O> name <name>",
    "roll",
    "move <play>",
    "play [time MS]",
    "hint [N] [time MS]",
    "rollout [N]",
    "eval [time MS]",
    "legal [limit N] [offset K]",
    "legal steps [<steps made>]",
    "show board [flip|noflip]",
    "show posid",
    "show matchid",
    "show position",
    "show boardtext",
    "show dice",
    "show options",
    "show tavli",
    "show game",
    "save game <file>",
    "save match <file>",
    "load game <file>",
    "load match <file>",
    "analyse game",
    "analyse match",
];

/// Other names of commands: `(alias, command)`.
pub const ALIASES: &[(&str, &str)] = &[("m", "move"), ("exit", "quit")];

/// The command words of a form: its words before the first argument
/// (`set evaluation plies <N>` → `set evaluation plies`).
pub fn command_words(form: &str) -> Vec<&str> {
    form.split([' ', '\t'])
        .filter(|w| !w.is_empty())
        .take_while(|w| !w.starts_with('<') && !w.starts_with('['))
        .collect()
}

/// `words` with a leading alias replaced by its command, lower case, split
/// on spaces and tabs only.
fn canonical_words(words: &str) -> Vec<String> {
    let mut wanted: Vec<String> = words
        .split([' ', '\t'])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    if let Some(first) = wanted.first_mut()
        && let Some((_, command)) = ALIASES.iter().find(|(alias, _)| alias == first)
    {
        *first = command.to_string();
    }
    wanted
}

/// The forms whose command words begin with `words` (all of them when
/// `words` is empty), e.g. every `set rollout …` form for `set rollout`.
pub fn forms_starting(words: &str) -> Vec<&'static str> {
    let wanted = canonical_words(words);
    COMMANDS
        .iter()
        .copied()
        .filter(|form| {
            let fixed = command_words(form);
            fixed.len() >= wanted.len() && fixed.iter().zip(&wanted).all(|(a, b)| *a == b)
        })
        .collect()
}

/// Whether `words` are exactly the command words of a command (`show
/// board`, `hint`, `m`): a family's first word alone (`set`, `show`, `new`)
/// is no command and answers `false`.
pub fn is_known(words: &str) -> bool {
    let wanted = canonical_words(words);
    !wanted.is_empty()
        && COMMANDS.iter().any(|form| {
            let fixed = command_words(form);
            fixed.len() == wanted.len() && fixed.iter().zip(&wanted).all(|(a, b)| *a == b)
        })
}

/// The forms of the command a word begins (an alias names its command),
/// for usage messages.
pub fn usage(first_word: &str) -> String {
    let first = canonical_words(first_word);
    forms_starting(first.first().map_or("", String::as_str)).join(" | ")
}
