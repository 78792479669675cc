//! A minimal external engine speaking the plakoto protocol subset an arena
//! referee uses (`isready`, `set position`, `play`, `quit`; also `set board`
//! and `set matchid`, and the discovery commands), answering a uniformly
//! random legal play: the smallest engine of protocol.md section 9, which
//! `plakoto conformance` passes with the optional commands absent. The rules
//! and scoring come from the Match ID, as the referee expects. It proves
//! the arena's whole child-process path with legal plays, and with `--fault
//! MODE --fault-after N` it misbehaves after N good plays, to test fault
//! handling mid-game (modes: crash, hang, garbage, illegal, error). With
//! `--slow-start MS --once-file FILE` its first start (FILE absent, then
//! created) waits MS milliseconds before reading anything, as an engine
//! loading a large library on a busy machine; later starts are quick.
//! `--starts-file FILE` appends a line to FILE at each start (to count
//! them). `--no-set-position 1` makes it an engine from before `set
//! position` (answered `? unknown_command`), and `--no-discovery 1` one
//! without `list_commands` and `known_command`.
//!
//! Run: `plakoto arena --a "target/release/examples/random_engine" --b builtin:random`.

use std::io::{BufRead, Write};

use plakoto::game::{
    Game, GenLimits, MatchId, MoveGenerator, Position, format_play, parse_position_id,
};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

struct Options {
    seed: u64,
    fault: Option<String>,
    fault_after: u64,
    slow_start_ms: u64,
    once_file: Option<String>,
    starts_file: Option<String>,
    no_set_position: bool,
    no_discovery: bool,
}

fn options() -> Options {
    let mut o = Options {
        seed: 1,
        fault: None,
        fault_after: 0,
        slow_start_ms: 0,
        once_file: None,
        starts_file: None,
        no_set_position: false,
        no_discovery: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        match (pair[0].as_str(), pair.get(1)) {
            ("--seed", Some(v)) => o.seed = v.parse().unwrap_or(1),
            ("--fault", Some(v)) => o.fault = Some(v.clone()),
            ("--fault-after", Some(v)) => o.fault_after = v.parse().unwrap_or(0),
            ("--slow-start", Some(v)) => o.slow_start_ms = v.parse().unwrap_or(0),
            ("--once-file", Some(v)) => o.once_file = Some(v.clone()),
            ("--starts-file", Some(v)) => o.starts_file = Some(v.clone()),
            ("--no-set-position", Some(v)) => o.no_set_position = v == "1",
            ("--no-discovery", Some(v)) => o.no_discovery = v == "1",
            (other, _) => eprintln!("random_engine: ignoring argument {other}"),
        }
    }
    o
}

fn main() {
    let opts = options();
    if let Some(f) = &opts.starts_file {
        let appended = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(f)
            .and_then(|mut file| file.write_all(b"start\n"));
        if let Err(e) = appended {
            eprintln!("random_engine: cannot write {f}: {e}");
        }
    }
    if opts.slow_start_ms > 0 {
        // Slow only the first time: creating the file fails once it exists.
        let first = opts.once_file.as_ref().is_none_or(|f| {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(f)
                .is_ok()
        });
        if first {
            std::thread::sleep(std::time::Duration::from_millis(opts.slow_start_ms));
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut generator = MoveGenerator::new(GenLimits {
        max_positions: 20_000,
    });
    let mut match_id: Option<MatchId> = None;
    let mut board = Position::initial();
    let mut plays_made = 0u64;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        // protocol.md section 1: a line too long is refused, `#` starts a
        // comment, a blank line gets no reply, a leading number is an id
        // echoed in the reply.
        if line.len() > 65_536 {
            let _ = write!(out, "? syntax: line longer than 65536 bytes ignored\n\n");
            let _ = out.flush();
            continue;
        }
        let body = line.split('#').next().unwrap_or("").trim();
        let mut words: Vec<&str> = body.split_whitespace().collect();
        let Some(first) = words.first() else {
            continue;
        };
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            words.remove(0).to_string()
        } else {
            String::new()
        };
        let line = words.join(" ");
        let mut quit = false;
        let reply: String = match words.as_slice() {
            ["isready"] => "= readyok".into(),
            ["name"] => "= random_engine".into(),
            ["protocol_version"] => "= 1".into(),
            ["list_commands", ..] | ["known_command", ..] if opts.no_discovery => {
                format!("? unknown_command: {line}")
            }
            ["list_commands"] => {
                let mut forms = vec!["isready", "name", "protocol_version", "list_commands"];
                forms.extend(["known_command <command>", "quit", "set board <position id>"]);
                forms.extend(["set matchid <match id>", "play"]);
                if !opts.no_set_position {
                    forms.push("set position <position id>:<match id>");
                }
                format!("= {}", forms.join("\n"))
            }
            ["known_command", words @ ..] => {
                let known = match words {
                    ["set", "position"] => !opts.no_set_position,
                    ["set", "board" | "matchid"] => true,
                    [one] => [
                        "isready",
                        "name",
                        "protocol_version",
                        "list_commands",
                        "known_command",
                        "quit",
                        "play",
                    ]
                    .contains(one),
                    _ => false,
                };
                format!("= {known}")
            }
            ["set", "position", ..] if opts.no_set_position => {
                "? unknown_command: set position is not a command of this engine".into()
            }
            ["quit"] => {
                quit = true;
                "= bye".into()
            }
            ["set", "position", pair] => match pair
                .split_once(':')
                .map(|(p, m)| (parse_position_id(p), m.parse::<MatchId>()))
            {
                Some((Ok(p), Ok(m))) => {
                    board = p;
                    match_id = Some(m);
                    "=".into()
                }
                Some((Err(e), _)) => format!("? invalid_position: {e}"),
                Some((_, Err(e))) => format!("? invalid_position: {e}"),
                None => "? syntax: usage: set position <position id>:<match id>".into(),
            },
            ["set", "matchid", id] => match id.parse::<MatchId>() {
                Ok(m) => {
                    match_id = Some(m);
                    "=".into()
                }
                Err(e) => format!("? invalid_position: {e}"),
            },
            ["set", "board", id] => match parse_position_id(id) {
                Ok(p) => {
                    board = p;
                    "=".into()
                }
                Err(e) => format!("? invalid_position: {e}"),
            },
            ["play"] => {
                if opts.fault.is_some() && plays_made >= opts.fault_after {
                    match opts.fault.as_deref() {
                        Some("crash") => std::process::exit(3),
                        Some("hang") => loop {
                            std::thread::sleep(std::time::Duration::from_secs(60));
                        },
                        Some("garbage") => "I resign, you win".into(),
                        Some("illegal") => "= 24/1".into(),
                        _ => "? state: refusing to play".into(),
                    }
                } else {
                    plays_made += 1;
                    choose(match_id, board, &mut generator, &mut rng)
                }
            }
            _ => format!("? unknown_command: {line}"),
        };
        // The id goes right after `=` or `?`.
        let (mark, rest) = reply.split_at(1);
        if write!(out, "{mark}{id}{rest}\n\n")
            .and_then(|_| out.flush())
            .is_err()
            || quit
        {
            return;
        }
    }
}

fn choose(
    match_id: Option<MatchId>,
    board: Position,
    generator: &mut MoveGenerator,
    rng: &mut ChaCha8Rng,
) -> String {
    let Some(m) = match_id else {
        return "? state: no match ID set".into();
    };
    let game = match Game::from_parts(m.rules, board, m.on_roll, m.dice, m.pending, m.phase) {
        Ok(g) => g,
        Err(e) => return format!("? state: {e}"),
    };
    match game.legal_plays(generator) {
        Ok(list) => match list.plays.choose(rng) {
            Some(play) => format!("= {}", format_play(game.position(), play)),
            None => "? state: no legal play".into(),
        },
        Err(e) => format!("? state: {e}"),
    }
}
