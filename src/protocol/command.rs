//! The typed commands of the protocol: what a parsed line asks for, with
//! its arguments already checked and converted (dice, sides, IDs, …).

use crate::game::{Dice, MatchId, Position, Scoring, Side, Variant};

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
    /// `roll`
    Roll,
    /// `move <play>`
    Move(String),
    /// `play`
    Play,
    /// `hint [N]`
    Hint(usize),
    /// `eval`
    Eval,
    /// `legal [limit N] [offset K]`
    Legal(Page),
    /// `show …`
    Show(ShowWhat),
}

/// Every command form with its arguments, as `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command <command>",
    "isready",
    "quit",
    "new game",
    "new match <N>",
    "set board <position id | board text>",
    "set matchid <match id>",
    "set turn <X|O>",
    "set dice <A> <B>",
    "set seed <N>",
    "set rules <standard|express>",
    "set scoring <standard|tzannes>",
    "set output <text|json>",
    "set orientation <flip|noflip>",
    "roll",
    "move <play>",
    "play",
    "hint [N]",
    "eval",
    "legal [limit N] [offset K]",
    "show board [flip|noflip]",
    "show posid",
    "show matchid",
    "show dice",
    "show options",
];

/// Whether `words` (e.g. `show board`, `set`, `hint`) names a command.
pub fn is_known(words: &str) -> bool {
    let wanted: Vec<String> = words
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    if wanted.is_empty() {
        return false;
    }
    COMMANDS.iter().any(|form| {
        let fixed: Vec<&str> = form
            .split_whitespace()
            .take_while(|w| !w.starts_with('<') && !w.starts_with('['))
            .collect();
        fixed.len() >= wanted.len() && fixed.iter().zip(&wanted).all(|(a, b)| *a == b)
    })
}

/// The form of the command a word begins, for usage messages.
pub fn usage(first_word: &str) -> String {
    let forms: Vec<&str> = COMMANDS
        .iter()
        .copied()
        .filter(|f| f.split_whitespace().next() == Some(first_word))
        .collect();
    forms.join(" | ")
}
