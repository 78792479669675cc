//! `help` and `help <command>`: each command form of the command table
//! ([`COMMANDS`](super::command::COMMANDS)) with one line saying what it
//! does, as GNU Backgammon's `help` answers. `list_commands`,
//! `known_command` and `help` all read that table, so they cannot disagree; a test checks that every form has
//! its line here and its entry in protocol.md.

use super::command::{ALIASES, command_words, forms_starting};
use super::reply::{ErrorCode, HelpEntry, ProtoError, Reply};

/// What a command form does, in one line; `None` for a form missing here
/// (a test keeps that from happening).
pub fn meaning(form: &str) -> Option<&'static str> {
    if let Some((_, about)) = super::options::set_forms().find(|(f, _)| f == form) {
        return Some(about);
    }
    Some(match form {
        "protocol_version" => "the protocol version (2)",
        "name" => "the engine's name",
        "version" => "the engine's version",
        "list_commands" => "every command form, one a line",
        "known_command <command>" => "true if the words name a command (e.g. 'show board', 'm')",
        "help [<command>]" => "what each command does; with words, only the commands they begin",
        "isready" => "readyok, once every command before it is answered",
        "quit" => "ends the engine",
        "stop" => {
            "ends the hint, eval or rollout searches sent before it early, with what they have"
        }
        "new game" => "starts the next game of the match (or session)",
        "new match <N>" => "a new match to N points (1-127), score 0-0, and its first game",
        "new match [N] tavli" => {
            "a Tavli match to N points (default tavli.target): Portes, Plakoto, Fevga in turn, each game begun when the last ends"
        }
        "set tavli.target <N>" => "the points a Tavli match is played to (1-127, default 5, T2)",
        "set tavli.sequence <game,game,…>" => {
            "the games of a Tavli match in turn (default portes,plakoto,fevga, T1)"
        }
        "set tavli.after_draw <opening_roll|same_starter>" => {
            "who starts the game after a draw in a Tavli match (T7)"
        }
        "set tavli.game <N>" => {
            "the Tavli match goes on at its game N, set by hand (restoring a match)"
        }
        "show tavli" => "the Tavli match's switches, where it stands, and how to restore it",
        "set board <position id | board text>" => {
            "sets the checkers, seen from the side on roll; keeps the rest (Portes: `set board fibs board:…` reads a FIBS board: turn, dice and score too)"
        }
        "set matchid <match id>" => {
            "sets rules, match length, score, side on roll, dice and phase; keeps the board"
        }
        "set position <position id>:<match id>" => {
            "sets the board and the match state at once; on any error nothing changes"
        }
        "set turn <X|O>" => "makes that side the one on roll (same board); clears the dice",
        "set dice <A> <B>" => "the side on roll rolled A and B; before the opening roll, skips it",
        "set seed <N>" => "reseeds the dice (0 to 2^64-1)",
        "set rules <standard|express>" => "the movement rules of this game and the next",
        "set scoring <standard|tzannes|triple>" => {
            "the scoring of this game and the next (Plakoto: standard|tzannes; Portes: standard|triple)"
        }
        "set opening <greek|western>" => {
            "Portes and Fevga: how a first game starts (greek: the starter rolls both dice again; western: plays the opening dice)"
        }
        "new game <plakoto|portes|fevga>" => "plays that game from now on and starts a game of it",
        "set fevga.release <past_start|reach_quarter>" => {
            "Fevga F7: the runner frees the other checkers past the opponent's start (default) or on reaching it"
        }
        "set fevga.quarter_rule <own|opponent|both|none>" => {
            "Fevga F8: which starting quarter a side may never close (default own)"
        }
        "set fevga.quarter_check <every_step|end_of_play>" => {
            "Fevga F8: the quarter rule checked after every step (default) or on the play's final position"
        }
        "set fevga.prime_rule <unblock|unblock_if_frozen|ahead_required|none>" => {
            "Fevga F9: the duty to open a prime that traps the opponent (default unblock)"
        }
        "set game <plakoto|portes|fevga>" => {
            "plays that game from now on; a fresh game of it awaits its opening roll"
        }
        "set output <text|json>" => "the reply format",
        "set progress <on|off>" => {
            "progress lines (~) while a command runs; quit and end of input then stop a search"
        }
        "set evaluator <heuristic|pipcount|net|net-f32>" => {
            "the evaluator the search uses (show options names it)"
        }
        "set orientation <flip|noflip>" => "how show board draws by default",
        "set player <X|O> name <name>" => "the side's name in saved records (up to 64 characters)",
        "roll" => "rolls the dice for the side on roll (the opening roll first)",
        "move <play>" => "plays the given play for the side on roll",
        "play [time MS]" => "the engine chooses its play, makes it and answers it",
        "hint [N] [time MS]" => "the N best plays for the current dice, ranked",
        "rollout [N]" => "plays out the best candidates N times each and ranks them",
        "eval [time MS]" => "the chances of the side on roll before it rolls",
        "legal [limit N] [offset K]" => "the legal plays for the current dice, the count first",
        "legal steps [<steps made>]" => {
            "the single steps that continue the steps made, and whether the turn may end there"
        }
        "show board [flip|noflip]" => "the board, drawn (JSON: also as data)",
        "show posid" => "the Position ID",
        "show matchid" => "the Match ID",
        "show position" => "<Position ID>:<Match ID>, the pair set position takes",
        "show boardtext" => "the board text, the form set board takes",
        "show dice" => "what is to be played now",
        "show options" => "the session's settings",
        "show game" => "the current game so far, as record text",
        "save game <file>" => "writes the current game to the file (.json: JSON, else text)",
        "save match <file>" => "writes every game of the record to the file",
        "load game <file>" => "replays a one-game record file and makes it the session's game",
        "load match <file>" => "replays a record file and makes it the session's match",
        "analyse game" => "the analysis of each turn of the current game, then totals",
        "analyse match" => "the analysis of each turn of every game of the record, then totals",
        _ => return None,
    })
}

/// The reply to `help [words]`: every form (no words) or the forms whose
/// command words begin with `words` (`help set rollout`, `help m`).
pub fn help(words: Option<&str>) -> Result<Reply, ProtoError> {
    let forms = forms_starting(words.unwrap_or(""));
    if forms.is_empty() {
        let asked = words.unwrap_or("");
        return Err(ProtoError::new(
            ErrorCode::UnknownCommand,
            format!("no command begins '{asked}' (help lists them all)"),
        ));
    }
    let commands = forms
        .into_iter()
        .map(|form| {
            let first = command_words(form).first().copied().unwrap_or("");
            HelpEntry {
                form: form.to_string(),
                about: meaning(form).unwrap_or("").to_string(),
                aliases: ALIASES
                    .iter()
                    .filter(|(_, command)| *command == first)
                    .map(|(alias, _)| alias.to_string())
                    .collect(),
            }
        })
        .collect();
    Ok(Reply::Help { commands })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::COMMANDS;

    #[test]
    fn every_listed_command_has_help() {
        for form in COMMANDS.iter() {
            assert!(meaning(form).is_some(), "no help line for '{form}'");
        }
    }

    #[test]
    fn every_listed_command_and_alias_is_documented_in_protocol_md() {
        let doc = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/protocol.md"));
        for form in COMMANDS.iter() {
            let name = command_words(form).join(" ");
            assert!(
                doc.contains(&format!("`{name}")),
                "protocol.md does not document '{name}'"
            );
        }
        for (alias, _) in ALIASES {
            assert!(
                doc.contains(&format!("`{alias}`")) || doc.contains(&format!("`{alias} ")),
                "protocol.md does not mention the alias '{alias}'"
            );
        }
    }

    #[test]
    fn help_narrows_to_the_words_given() {
        let Ok(Reply::Help { commands }) = help(Some("set rollout")) else {
            panic!("help set rollout answers");
        };
        assert_eq!(commands.len(), 4);
        let Ok(Reply::Help { commands }) = help(Some("M")) else {
            panic!("help m answers");
        };
        assert_eq!(commands.len(), 1);
        assert_eq!(commands[0].form, "move <play>");
        assert_eq!(commands[0].aliases, ["m"]);
        assert_eq!(
            help(Some("frobnicate")).unwrap_err().code,
            ErrorCode::UnknownCommand
        );
    }
}
