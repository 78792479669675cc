//! Robustness of the engine against any input: 100,000+ random and
//! mutated command lines, driven in-process. For every line: exactly one
//! framed reply when it holds a command (none for blank and comment
//! lines), no panic, and the session state unchanged after every error
//! (and after every `hint`, `eval`, `rollout` and `stop`, which a stop at
//! a random moment may cut short). The run loop is also fed random lines
//! through a pipe, with searches and `stop` lines among them.
//!
//! The line counts are a slice CI runs in seconds; the million-line run is
//!
//! ```text
//! PLAKOTO_FUZZ_LINES=1000000 cargo test --release --test protocol_robustness -- --nocapture
//! ```
//!
//! (`PLAKOTO_FUZZ_LINES` lines in-process, a tenth of that through the
//! run loop; each test prints its counts).

use plakoto_engine::eval::HeuristicEvaluator;
use plakoto_engine::game::Stop;
use plakoto_protocol::Session;
use plakoto_rules::{GenLimits, Rules};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Well-formed lines the mutations start from. `set evaluation plies` is
/// left out: the sessions search at 0 plies (see [`zero_ply_session`]) and
/// a mutated depth could make single lines take seconds; a rollout's long
/// trial counts are cut short by the random stops.
const SEEDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command set dice",
    "isready",
    "quit",
    "new game",
    "new match 3",
    "new match 1",
    "set board 24:15 / 24:15",
    "set board 24:10 19:2 13:1 7:2 / 24:12 18:1* 5:2",
    "set board AAAg//DAAA8/fAAA",
    "set board 6:15 / 24:15",
    "set board 24:15 / 24:3 7:2 6:2 5:2 4:2 3:2 2:2",
    "set board 1:1 / 1:1 off:14",
    "set matchid ZBAAAAAA",
    "set matchid BAAAAAAA",
    "set matchid FIAAAkLA",
    "set turn X",
    "set turn O",
    "set dice 3 1",
    "set dice 6 6",
    "set dice 5 2",
    "set dice 4 4",
    "roll",
    "roll",
    "play",
    "play",
    "play",
    "set seed 42",
    "set rules standard",
    "set rules express",
    "set scoring standard",
    "set scoring tzannes",
    "set output text",
    "set output json",
    "set orientation flip",
    "move 24/21 24/23",
    "move 24/18(2) 18/12(2)",
    "move 13/7*(2) 24/18",
    "move 6/off(4)",
    "move pass",
    "hint",
    "hint 3",
    "eval",
    "legal",
    "legal limit 5 offset 2",
    "show board",
    "show board flip",
    "show posid",
    "show matchid",
    "show dice",
    "show options",
    "hint 2 time 50",
    "play time 50",
    "eval time 20",
    "set evaluation movefilter tiny",
    "set evaluation movefilter 2 0 0 4 0.1",
    "set evaluation replyfilter 1 0 0",
    "set evaluation replyfilter skip",
    "set search time 20",
    "set search time off",
    "set threads 1",
    "set rollout trials 36",
    "set rollout seed 9",
    "set rollout plies 0",
    "set rollout luckadjust off",
    "rollout 36",
    "rollout 1000000",
    "stop",
    "8 stop",
    "set progress on",
    "set progress off",
    "7 name",
    "# a comment",
    "",
];

/// Characters mutations insert: protocol punctuation, blanks, control
/// characters and some non-ASCII.
const ALPHABET: &[char] = &[
    'a', 'e', 's', 't', 'x', 'o', 'X', 'O', '0', '1', '2', '3', '4', '5', '6', '7', '9', ' ', ' ',
    '\t', '\r', '#', '/', ':', '*', '(', ')', '-', '+', '=', '?', ',', '.', '\0', '\x07', '\x1b',
    'é', 'ß', '€', '🎲', '\u{feff}', '\u{202e}',
];

fn mutate(rng: &mut ChaCha8Rng, line: &str) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    for _ in 0..rng.gen_range(0..=4) {
        let len = chars.len();
        match rng.gen_range(0..8) {
            0 => chars.insert(
                rng.gen_range(0..=len),
                *ALPHABET.choose(rng).expect("alphabet"),
            ),
            1 if len > 0 => {
                chars.remove(rng.gen_range(0..len));
            }
            2 if len > 0 => chars[rng.gen_range(0..len)] = *ALPHABET.choose(rng).expect("alphabet"),
            3 if len > 0 => chars.truncate(rng.gen_range(0..len)),
            4 => {
                let id = rng.gen_range(0..100_000u64).to_string();
                chars.splice(0..0, id.chars().chain([' ']));
            }
            5 => {
                // Swap two words.
                let text: String = chars.iter().collect();
                let mut words: Vec<&str> = text.split(' ').collect();
                if words.len() > 1 {
                    let (a, b) = (rng.gen_range(0..words.len()), rng.gen_range(0..words.len()));
                    words.swap(a, b);
                }
                chars = words.join(" ").chars().collect();
            }
            6 => {
                let n = rng.gen_range(0..5);
                chars.extend(std::iter::repeat_n(' ', n));
                chars.push(*ALPHABET.choose(rng).expect("alphabet"));
            }
            _ => chars = chars.iter().map(|c| c.to_ascii_uppercase()).collect(),
        }
    }
    chars.into_iter().collect()
}

fn random_line(rng: &mut ChaCha8Rng) -> String {
    let len = if rng.gen_bool(0.01) {
        rng.gen_range(1000..20_000)
    } else {
        rng.gen_range(0..80)
    };
    (0..len)
        .map(|_| {
            if rng.gen_bool(0.7) {
                *ALPHABET.choose(rng).expect("alphabet")
            } else {
                // Any character but a line break.
                let c = char::from_u32(rng.gen_range(0..0x11_0000)).unwrap_or('?');
                if c == '\n' { ' ' } else { c }
            }
        })
        .collect()
}

/// Whether a line holds a command, per protocol.md: what is left after
/// removing a `#` comment and blanks (space, tab, CR) is not empty.
fn holds_command(line: &str) -> bool {
    let before_comment = line.split('#').next().unwrap_or("");
    !before_comment
        .trim_matches(|c| c == ' ' || c == '\t' || c == '\r')
        .is_empty()
}

/// Checks the framing of one reply; returns whether it is an error.
fn check_frame(line: &str, text: &str) -> bool {
    let ok = text.starts_with('=');
    assert!(
        ok || text.starts_with('?'),
        "bad mark for {line:?}: {text:?}"
    );
    assert!(
        text.ends_with("\n\n"),
        "reply not closed for {line:?}: {text:?}"
    );
    let body = &text[..text.len() - 2];
    assert!(
        !body.contains("\n\n"),
        "empty payload line for {line:?}: {text:?}"
    );
    assert!(!body.contains('\r'), "CR in reply for {line:?}: {text:?}");
    let first = body.lines().next().unwrap_or("");
    let after_mark = first[1..].trim_start_matches(|c: char| c.is_ascii_digit());
    assert!(
        after_mark.starts_with(' ') && after_mark.len() > 1,
        "no payload after the mark for {line:?}: {text:?}"
    );
    !ok
}

/// A session searching at 0 plies. What is tested is framing and state,
/// not play: at the default 2 plies the thousands of `play` and `hint`
/// lines would take minutes instead of seconds. A bounded generator keeps
/// Express low doubles (millions of plays) from dominating the run time.
fn zero_ply_session(seed: u64) -> Session {
    let mut session = Session::with_limits(
        Rules::default(),
        seed,
        Box::new(HeuristicEvaluator::new()),
        GenLimits {
            max_positions: 20_000,
        },
    );
    let set = session
        .handle_line("set evaluation plies 0")
        .expect("a command");
    assert!(set.text.starts_with("= "), "{}", set.text);
    session
}

/// Lines the in-process test reads: `$PLAKOTO_FUZZ_LINES`, else 110,000
/// with `PLAKOTO_FULL_CHECKS=1` (the full random checks, as in the rules
/// tests), else 30,000: a slice the README's test command runs in
/// seconds.
fn fuzz_lines() -> usize {
    let full = std::env::var("PLAKOTO_FULL_CHECKS").is_ok_and(|v| v == "1");
    std::env::var("PLAKOTO_FUZZ_LINES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if full { 110_000 } else { 30_000 })
}

/// Raises `stop_before` past the line being handled every 0 to 3 ms, so
/// searches are stopped at random moments, until `done`.
fn random_stops(current: Arc<AtomicU64>, stop_before: Arc<AtomicU64>, done: Arc<AtomicBool>) {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(std::time::Duration::from_micros(rng.gen_range(0..3_000)));
        stop_before.fetch_max(current.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
    }
}

#[test]
fn random_and_mutated_lines_are_answered_and_refusals_change_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(20261121);
    let mut session = zero_ply_session(1);
    let (mut replies, mut errors, mut successes) = (0usize, 0usize, 0usize);
    let mut stopped = 0usize;
    let lines = fuzz_lines();
    let (current, stop_before, done) = (
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicU64::new(0)),
        Arc::new(AtomicBool::new(false)),
    );
    let stopper = {
        let (c, s, d) = (current.clone(), stop_before.clone(), done.clone());
        std::thread::spawn(move || random_stops(c, s, d))
    };
    for i in 0..lines {
        let line = match rng.gen_range(0..10) {
            0 => random_line(&mut rng),
            1..=3 => SEEDS.choose(&mut rng).expect("seeds").to_string(),
            _ => {
                let seed = *SEEDS.choose(&mut rng).expect("seeds");
                mutate(&mut rng, seed)
            }
        };
        // Keep games moving: finished or stuck games are restarted now and then.
        let line = if i % 50 == 0 {
            "new match 3".to_string()
        } else {
            line
        };
        let before = session.state().clone();
        current.store(i as u64, Ordering::Relaxed);
        session.set_stop(Stop::after_line(stop_before.clone(), i as u64));
        let handled = session.handle_line(&line);
        assert_eq!(handled.is_some(), holds_command(&line), "line {line:?}");
        let Some(h) = handled else { continue };
        replies += 1;
        stopped += usize::from(h.text.contains("stopped after") || h.text.contains("(stopped"));
        let read_only = plakoto_protocol::parse::parse_line(&line).is_some_and(|p| {
            use plakoto_protocol::Command;
            matches!(
                p.command,
                Ok(Command::Hint { .. } | Command::Eval(_) | Command::Rollout(_) | Command::Stop)
            )
        });
        if read_only {
            assert_eq!(&before, session.state(), "{line:?} changed the state");
        }
        if check_frame(&line, &h.text) {
            errors += 1;
            assert_eq!(
                &before,
                session.state(),
                "state changed by a failed command {line:?}: {}",
                h.text
            );
        } else {
            successes += 1;
        }
    }
    done.store(true, Ordering::Relaxed);
    stopper.join().expect("the stopper");
    eprintln!(
        "{lines} lines: {replies} framed replies ({errors} refused, state unchanged after each; {successes} done; {stopped} searches stopped), 0 panics"
    );
    // The mix must exercise both outcomes substantially.
    assert!(replies * 100 > lines * 82, "{replies} replies");
    assert!(
        errors * 100 > lines * 18 && successes * 100 > lines * 18,
        "{errors} errors, {successes} successes"
    );
    assert!(stopped > 0, "no search was stopped");
}

#[test]
fn the_run_loop_answers_every_line_of_a_random_byte_stream() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut input = Vec::new();
    let mut commands = 0;
    for _ in 0..(fuzz_lines() / 10).max(3000) {
        let line = if rng.gen_bool(0.5) {
            let seed = *SEEDS.choose(&mut rng).expect("seeds");
            mutate(&mut rng, seed)
        } else {
            random_line(&mut rng)
        };
        // quit would end the loop early; the in-process test covers it.
        if line.to_ascii_lowercase().contains("quit") || line.to_ascii_lowercase().contains("exit")
        {
            continue;
        }
        if holds_command(&line) {
            commands += 1;
        }
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
        // A long rollout is stopped (a stop reaches only the lines before
        // it, whatever the timing).
        if line.to_ascii_lowercase().contains("rollout") {
            input.extend_from_slice(b"stop\n");
            commands += 1;
        }
        if rng.gen_bool(0.05) {
            // Invalid UTF-8 on a line of its own.
            input.extend_from_slice(&[0xff, 0xfe, b'x', b'\n']);
            commands += 1;
        }
    }
    let mut session = zero_ply_session(3);
    let mut out = Vec::new();
    // Fed through a pipe in pieces with random pauses, so lines (`stop`
    // among them) arrive while searches run.
    let (reader, mut writer) = std::io::pipe().expect("a pipe");
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        for piece in input.chunks(4096) {
            writer.write_all(piece).expect("the engine reads");
            if rng.gen_bool(0.2) {
                std::thread::sleep(std::time::Duration::from_micros(rng.gen_range(0..2_000)));
            }
        }
    });
    plakoto_protocol::run(&mut session, std::io::BufReader::new(reader), &mut out).expect("io");
    feeder.join().expect("the feeder");
    let text = String::from_utf8(out).expect("replies are UTF-8");
    // Progress lines (after a `set progress on`) are one line each, `~`
    // first; the rest are replies.
    let progress = text.lines().filter(|l| l.starts_with('~')).count();
    let replies: String = text
        .split_inclusive('\n')
        .filter(|l| !l.starts_with('~'))
        .collect();
    let framed = replies.matches("\n\n").count();
    assert_eq!(framed, commands, "one reply per command line");
    for reply in replies.split_terminator("\n\n") {
        assert!(
            reply.starts_with('=') || reply.starts_with('?'),
            "unframed: {reply:?}"
        );
    }
    eprintln!(
        "run loop: {commands} command lines, {framed} framed replies, {progress} progress lines"
    );
}
