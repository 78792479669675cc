//! The search settings a user can see and set, each declared once, as UCI
//! engines declare their options: the words `set` takes, the forms of its
//! value, the help line of each form, how the value is read into
//! [`SearchSettings`] and how `show options` writes it. The parser,
//! `help`, `list_commands` (through [`COMMANDS`](super::command::COMMANDS))
//! and `show options` all read [`SEARCH_OPTIONS`]. The table reads the
//! words; the settings type's setters check the values, against its one
//! [`Range`] for each (`plakoto_engine::game::settings`).

use super::errors::{ErrorCode, ProtoError};
use plakoto_engine::game::settings::CACHE_MB;
use plakoto_engine::game::{
    FILTER_LEVEL, FILTER_PLIES, FilterLevel, FilterPreset, MAX_PLIES, MoveFilter, PLIES, PRUNE,
    ROLLOUT_TRIALS, Range, SearchSettings, THREADS, TIME_MS,
};

/// Why the words given do not set an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// Not the option's form: answered with the usage of this option.
    Form,
    /// Not any form of the family (`set evaluation …`): answered with the
    /// usage of every option of the family.
    Family,
    /// The form is right, the value is not (out of range, unknown name).
    Invalid(String),
}

/// Reads an option's value words into the settings; gives the name of the
/// `show options` line that changed.
pub type Setter = fn(&mut SearchSettings, &[&str]) -> Result<String, OptionError>;

/// One search option.
pub struct SearchOption {
    /// The words after `set`, which `show options` also lists it by.
    pub name: &'static str,
    /// The forms of its value, each with what it does (`help`); none for
    /// an option only shown.
    pub forms: &'static [(&'static str, &'static str)],
    /// Reads the value; `None` for an option only shown.
    pub set: Option<Setter>,
    /// Its lines in `show options`: `(name, value)`.
    pub show: fn(&SearchSettings) -> Vec<(String, String)>,
}

/// Every search option, in the order `show options` and `list_commands`
/// give them.
pub const SEARCH_OPTIONS: &[SearchOption] = &[
    SearchOption {
        name: "evaluation plies",
        forms: &[("<N>", "search depth 0-4")],
        set: Some(|s, words| {
            s.set_plies(read(&PLIES, one_number(words, OptionError::Form)?)?)
                .map_err(invalid)?;
            Ok("evaluation plies".into())
        }),
        show: |s| one("evaluation plies", s.plies),
    },
    SearchOption {
        name: "evaluation movefilter",
        forms: &[
            (
                "<tiny|narrow|normal|large|huge|off>",
                "a move filter preset for every depth",
            ),
            (
                "<plies> <level> <accept> <extra> <threshold>",
                "one level of one depth's move filter",
            ),
        ],
        set: Some(|s, words| match words {
            [name] => {
                let preset: FilterPreset = name.parse().map_err(invalid)?;
                s.filter = MoveFilter::preset(preset);
                Ok("evaluation movefilter".into())
            }
            [plies, row_level, level @ ..]
                if level.len() == 3 && is_number(plies) && is_number(row_level) =>
            {
                let plies = read(&FILTER_PLIES, plies)?;
                let row_level = read(&FILTER_LEVEL, row_level)?;
                s.filter
                    .set_level(plies, row_level, filter_level(level)?)
                    .map_err(invalid)?;
                Ok(format!("evaluation movefilter {plies} {row_level}"))
            }
            _ => Err(OptionError::Family),
        }),
        show: |s| {
            let mut lines = one("evaluation movefilter", s.filter.preset);
            for plies in 1..=MAX_PLIES {
                for (level, f) in s.filter.row(plies).iter().enumerate() {
                    lines.push((
                        format!("evaluation movefilter {plies} {level}"),
                        format_level(f),
                    ));
                }
            }
            lines
        },
    },
    SearchOption {
        name: "evaluation replyfilter",
        forms: &[(
            "<accept extra threshold|skip>",
            "which replies the search examines",
        )],
        set: Some(|s, words| match words.len() {
            1 | 3 => {
                s.reply_filter = filter_level(words)?;
                Ok("evaluation replyfilter".into())
            }
            _ => Err(OptionError::Family),
        }),
        show: |s| one("evaluation replyfilter", format_level(&s.reply_filter)),
    },
    SearchOption {
        name: "evaluation prune",
        forms: &[(
            "<N|off>",
            "inside the search, rate in full only the N plays of a roll a small net ranks best (Portes), or every play",
        )],
        set: Some(|s, words| match words {
            [off] if off.eq_ignore_ascii_case("off") => {
                s.set_prune(None).map_err(invalid)?;
                Ok("evaluation prune".into())
            }
            [digits] if is_number(digits) => {
                s.set_prune(Some(read(&PRUNE, digits)?)).map_err(invalid)?;
                Ok("evaluation prune".into())
            }
            _ => Err(OptionError::Form),
        }),
        show: |s| {
            one(
                "evaluation prune",
                match s.prune {
                    0 => "off".to_string(),
                    keep => keep.to_string(),
                },
            )
        },
    },
    SearchOption {
        name: "search time",
        forms: &[("<MS|off>", "a time budget per search, or none")],
        set: Some(|s, words| match words {
            [off] if off.eq_ignore_ascii_case("off") => {
                s.time_ms = None;
                Ok("search time".into())
            }
            [digits] if is_number(digits) => {
                s.set_time_ms(Some(read(&TIME_MS, digits)?))
                    .map_err(invalid)?;
                Ok("search time".into())
            }
            _ => Err(OptionError::Form),
        }),
        show: |s| {
            one(
                "search time",
                s.time_ms.map_or("off".to_string(), |t| t.to_string()),
            )
        },
    },
    SearchOption {
        name: "threads",
        forms: &[("<N>", "worker threads for searches and rollouts (1-256)")],
        set: Some(|s, words| {
            s.set_threads(read(&THREADS, one_number(words, OptionError::Form)?)?)
                .map_err(invalid)?;
            Ok("threads".into())
        }),
        show: |s| one("threads", s.threads),
    },
    SearchOption {
        name: "cache",
        forms: &[(
            "<MB>",
            "memory for each search thread's caches (1-4096 MB); only speed depends on it",
        )],
        set: Some(|s, words| {
            s.set_cache_mb(read(&CACHE_MB, one_number(words, OptionError::Form)?)?)
                .map_err(invalid)?;
            Ok("cache".into())
        }),
        show: |s| one("cache", s.cache_mb),
    },
    SearchOption {
        name: "search express beam",
        forms: &[],
        set: None,
        show: |s| one("search express beam", s.express_beam),
    },
    SearchOption {
        name: "search express rootbeam",
        forms: &[],
        set: None,
        show: |s| one("search express rootbeam", s.express_root_beam),
    },
    SearchOption {
        name: "search inner plays",
        forms: &[],
        set: None,
        show: |s| one("search inner plays", s.inner_max_plays),
    },
    SearchOption {
        name: "rollout trials",
        forms: &[("<N>", "games per candidate in a rollout")],
        set: Some(|s, words| {
            let digits = one_number(words, OptionError::Family)?;
            s.set_rollout_trials(read(&ROLLOUT_TRIALS, digits)?)
                .map_err(invalid)?;
            Ok("rollout trials".into())
        }),
        show: |s| one("rollout trials", s.rollout.trials),
    },
    SearchOption {
        name: "rollout seed",
        forms: &[("<N>", "the rollout dice seed")],
        set: Some(|s, words| {
            let d = one_number(words, OptionError::Family)?;
            s.rollout.seed = bounded(d, "the rollout seed", u64::MAX)?;
            Ok("rollout seed".into())
        }),
        show: |s| one("rollout seed", s.rollout.seed),
    },
    SearchOption {
        name: "rollout plies",
        forms: &[("<N>", "plies of the player in rollout games (0-4)")],
        set: Some(|s, words| {
            let digits = one_number(words, OptionError::Family)?;
            s.set_rollout_plies(read(&PLIES, digits)?)
                .map_err(invalid)?;
            Ok("rollout plies".into())
        }),
        show: |s| one("rollout plies", s.rollout.plies),
    },
    SearchOption {
        name: "rollout luckadjust",
        forms: &[("<on|off>", "luck adjustment in rollouts")],
        set: Some(|s, words| match words {
            [w] => {
                s.rollout.luck_adjust = match w.to_ascii_lowercase().as_str() {
                    "on" => true,
                    "off" => false,
                    other => {
                        return Err(OptionError::Invalid(format!("'{other}' is not on or off")));
                    }
                };
                Ok("rollout luckadjust".into())
            }
            _ => Err(OptionError::Family),
        }),
        show: |s| {
            one(
                "rollout luckadjust",
                if s.rollout.luck_adjust { "on" } else { "off" },
            )
        },
    },
];

/// `name value` pairs for `show options`, in the table's order.
pub fn option_lines(settings: &SearchSettings) -> Vec<(String, String)> {
    SEARCH_OPTIONS
        .iter()
        .flat_map(|o| (o.show)(settings))
        .collect()
}

/// The option a `set` line names: the one whose name the words after `set`
/// begin with (case-insensitive), and the value's words after it. `None`
/// when no option that can be set is named.
pub fn find<'a, 'w>(words: &'a [&'w str]) -> Option<(&'static SearchOption, &'a [&'w str])> {
    SEARCH_OPTIONS
        .iter()
        .filter(|o| o.set.is_some())
        .find_map(|o| {
            let name: Vec<&str> = o.name.split(' ').collect();
            let named = words.len() >= name.len()
                && name
                    .iter()
                    .zip(words)
                    .all(|(n, w)| n.eq_ignore_ascii_case(w));
            named.then(|| (o, &words[name.len()..]))
        })
}

/// The option called `name` (as [`SearchOption::name`]).
pub fn named(name: &str) -> Option<&'static SearchOption> {
    SEARCH_OPTIONS.iter().find(|o| o.name == name)
}

/// Whether some option's name begins with the word `first` (`evaluation`,
/// `rollout`, `threads`).
pub fn is_family(first: &str) -> bool {
    SEARCH_OPTIONS
        .iter()
        .any(|o| o.set.is_some() && o.name.split(' ').next() == Some(first))
}

fn one(name: &str, value: impl ToString) -> Vec<(String, String)> {
    vec![(name.to_string(), value.to_string())]
}

/// The value when it is one number; `Form` for one word that is not, and
/// `many` for more words than one.
fn one_number<'w>(words: &[&'w str], many: OptionError) -> Result<&'w str, OptionError> {
    match words {
        [d] if is_number(d) => Ok(d),
        [_] => Err(OptionError::Form),
        _ => Err(many),
    }
}

fn is_number(w: &str) -> bool {
    !w.is_empty() && w.chars().all(|c| c.is_ascii_digit())
}

fn invalid(e: impl ToString) -> OptionError {
    OptionError::Invalid(e.to_string())
}

/// A number of at most `max`.
fn bounded<T: std::str::FromStr>(digits: &str, what: &str, max: u64) -> Result<T, OptionError> {
    super::words::number(digits, what, max).map_err(|e| OptionError::Invalid(e.message))
}

/// The number `digits` write, for the settings' setter to check against
/// `range` (the one place it is checked).
fn read(range: &Range, digits: &str) -> Result<u64, OptionError> {
    range.read(digits).map_err(invalid)
}

/// A filter level `ACCEPT EXTRA THRESHOLD` or `skip`.
fn filter_level(words: &[&str]) -> Result<FilterLevel, OptionError> {
    words.join(" ").parse().map_err(invalid)
}

/// `accept extra threshold`, or `skip`.
fn format_level(f: &FilterLevel) -> String {
    if f.is_skip() {
        "skip".to_string()
    } else {
        format!("{} {} {:.3}", f.accept, f.extra, f.threshold)
    }
}

/// The error an [`OptionError`] is answered with: `syntax` with the usage
/// of the option (`Form`) or its family (`Family`), or `invalid_argument`.
pub fn proto_error(option: &SearchOption, e: OptionError) -> ProtoError {
    let first = option.name.split(' ').next().unwrap_or("");
    match e {
        OptionError::Form => {
            let forms: Vec<String> = option
                .forms
                .iter()
                .map(|(value, _)| format!("set {} {value}", option.name))
                .collect();
            ProtoError::new(ErrorCode::Syntax, format!("usage: {}", forms.join(" | ")))
        }
        OptionError::Family => family_usage(first),
        OptionError::Invalid(m) => ProtoError::new(ErrorCode::InvalidArgument, m),
    }
}

/// The usage of every option whose name begins with `first`.
pub fn family_usage(first: &str) -> ProtoError {
    let forms: Vec<String> = SEARCH_OPTIONS
        .iter()
        .filter(|o| o.name.split(' ').next() == Some(first))
        .flat_map(|o| {
            o.forms
                .iter()
                .map(move |(value, _)| format!("set {} {value}", o.name))
        })
        .collect();
    ProtoError::new(ErrorCode::Syntax, format!("usage: {}", forms.join(" | ")))
}

/// Every `set` form of the options, with its help line.
pub fn set_forms() -> impl Iterator<Item = (String, &'static str)> {
    SEARCH_OPTIONS.iter().flat_map(|o| {
        o.forms
            .iter()
            .map(move |(value, about)| (format!("set {} {value}", o.name), *about))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_line_is_one_of_the_table() {
        let lines = option_lines(&SearchSettings::default());
        assert!(lines.len() > SEARCH_OPTIONS.len());
        for (name, _) in lines {
            let option = name.split(' ').take(2).collect::<Vec<_>>().join(" ");
            assert!(
                SEARCH_OPTIONS
                    .iter()
                    .any(|o| name.starts_with(o.name) || o.name == option),
                "{name}"
            );
        }
    }

    #[test]
    fn each_option_sets_what_it_shows() {
        let mut s = SearchSettings::default();
        for (words, line, value) in [
            (&["3"][..], "evaluation plies", "3"),
            (&["large"], "evaluation movefilter", "large"),
            (
                &["2", "1", "0", "4", "0.5"],
                "evaluation movefilter 2 1",
                "0 4 0.500",
            ),
            (&["skip"], "evaluation replyfilter", "skip"),
            (&["250"], "search time", "250"),
            (&["4"], "threads", "4"),
            (&["32"], "cache", "32"),
            (&["36"], "rollout trials", "36"),
            (&["9"], "rollout seed", "9"),
            (&["1"], "rollout plies", "1"),
            (&["ON"], "rollout luckadjust", "on"),
        ] {
            let option = SEARCH_OPTIONS
                .iter()
                .find(|o| line.starts_with(o.name))
                .unwrap();
            let set = option.set.unwrap();
            assert_eq!(set(&mut s, words).as_deref(), Ok(line));
            let shown = option_lines(&s);
            assert!(
                shown.contains(&(line.to_string(), value.to_string())),
                "{line}: {shown:?}"
            );
        }
    }
}
