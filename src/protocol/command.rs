//! The typed commands of the protocol: what a parsed line asks for, with
//! its arguments already checked and converted (dice, sides, IDs, …).

use crate::game::{Dice, MatchId, Position, Scoring, Side, Variant};
use crate::search::{FilterLevel, FilterPreset, SearchSettings, SettingsError};

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

/// How the board is drawn (R23, as on pbmserv).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    /// The side on roll starts at the top right and moves counter-clockwise.
    #[default]
    Noflip,
    /// The side on roll starts at the bottom right and moves clockwise.
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
/// The longest time budget accepted, in milliseconds (one day).
pub const MAX_TIME_MS: u64 = 86_400_000;
/// The most rollout trials accepted per candidate.
pub const MAX_ROLLOUT_TRIALS: u32 = 1_000_000;
/// The most worker threads accepted.
pub const MAX_THREADS: usize = 256;
/// Candidates `rollout` plays out: the best this many of the search.
pub const ROLLOUT_CANDIDATES: usize = 5;

/// A change to the search settings (`set evaluation …`, `set search …`,
/// `set threads`, `set rollout …`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SearchChange {
    /// `set evaluation plies N`
    Plies(u8),
    /// `set evaluation movefilter PRESET`
    FilterPreset(FilterPreset),
    /// `set evaluation movefilter PLIES LEVEL ACCEPT EXTRA THRESHOLD`
    FilterLevel {
        /// The search depth whose row is changed (1..=MAX_PLIES).
        plies: u8,
        /// The level in that row (0..plies).
        level: u8,
        /// The new level.
        value: FilterLevel,
    },
    /// `set evaluation replyfilter ACCEPT EXTRA THRESHOLD|skip`
    ReplyFilter(FilterLevel),
    /// `set search time MS|off`
    Time(Option<u64>),
    /// `set threads N`
    Threads(usize),
    /// `set rollout trials N`
    RolloutTrials(u32),
    /// `set rollout seed N`
    RolloutSeed(u64),
    /// `set rollout plies N`
    RolloutPlies(u8),
    /// `set rollout luckadjust on|off`
    LuckAdjust(bool),
}

impl SearchChange {
    /// Applies the change to `settings` and returns the name of the option
    /// changed, as `show options` lists it. Errors leave the settings in an
    /// unspecified state: apply to a copy.
    pub fn apply(self, settings: &mut SearchSettings) -> Result<String, SettingsError> {
        let name = match self {
            SearchChange::Plies(n) => {
                settings.plies = n;
                "evaluation plies".to_string()
            }
            SearchChange::FilterPreset(p) => {
                settings.filter = crate::search::MoveFilter::preset(p);
                "evaluation movefilter".to_string()
            }
            SearchChange::FilterLevel {
                plies,
                level,
                value,
            } => {
                settings.filter.set_level(plies, level, value)?;
                format!("evaluation movefilter {plies} {level}")
            }
            SearchChange::ReplyFilter(f) => {
                settings.reply_filter = f;
                "evaluation replyfilter".to_string()
            }
            SearchChange::Time(t) => {
                settings.time_ms = t;
                "search time".to_string()
            }
            SearchChange::Threads(n) => {
                settings.threads = n;
                "threads".to_string()
            }
            SearchChange::RolloutTrials(n) => {
                settings.rollout.trials = n;
                "rollout trials".to_string()
            }
            SearchChange::RolloutSeed(n) => {
                settings.rollout.seed = n;
                "rollout seed".to_string()
            }
            SearchChange::RolloutPlies(n) => {
                settings.rollout.plies = n;
                "rollout plies".to_string()
            }
            SearchChange::LuckAdjust(on) => {
                settings.rollout.luck_adjust = on;
                "rollout luckadjust".to_string()
            }
        };
        settings.validate()?;
        Ok(name)
    }
}

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
    /// `new game`
    NewGame,
    /// `new match N`
    NewMatch(u8),
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
    /// `set evaluator heuristic|net`
    SetEvaluator(crate::eval::EvaluatorKind),
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
    /// A search setting.
    SetSearch(SearchChange),
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
    Record(super::records::RecordCommand),
}

/// Every command form with its arguments, as `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command <command>",
    "help [<command>]",
    "isready",
    "quit",
    "new game",
    "new match <N>",
    "set board <position id | board text>",
    "set matchid <match id>",
    "set position <position id>:<match id>",
    "set turn <X|O>",
    "set dice <A> <B>",
    "set seed <N>",
    "set rules <standard|express>",
    "set scoring <standard|tzannes>",
    "set output <text|json>",
    "set orientation <flip|noflip>",
    "set evaluator <heuristic|net>",
    "set evaluation plies <N>",
    "set evaluation movefilter <tiny|narrow|normal|large|huge|off>",
    "set evaluation movefilter <plies> <level> <accept> <extra> <threshold>",
    "set evaluation replyfilter <accept extra threshold|skip>",
    "set search time <MS|off>",
    "set threads <N>",
    "set rollout trials <N>",
    "set rollout seed <N>",
    "set rollout plies <N>",
    "set rollout luckadjust <on|off>",
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
