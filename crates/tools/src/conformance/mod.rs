//! `plakoto conformance "ENGINE COMMAND" [--json]`: starts an engine and
//! checks it against protocol.md, the way an arena or a GUI will use it.
//!
//! Each check passes, fails (quoting the first exchange that failed), or
//! finds an optional command absent ([`Status`]). Required checks are what
//! protocol.md's "The smallest engine" asks of every engine; the others
//! check optional commands, which may be absent but, when present, must
//! answer as protocol.md says. The exit status is non-zero when a check
//! fails. A check that loses the
//! engine (a crash, a timeout, unframed output) starts a fresh one for the
//! next check.
//!
//! One run for every game (`run_checks`): the game's `ToolsGame`
//! impl (`crate::games`) says which positions are
//! set and which checks run on them. `--game portes|fevga` runs the checks
//! of the table (table.rs, over the game layer): `set game <game>` sent to
//! every engine started, Position:Match ID round trips, `play`, `legal`,
//! `hint` and refusals in that game, and in Fevga its switches
//! (switches.rs). Plakoto's (the default) check its own IDs (`show
//! posid`, `show matchid`), ids and the discovery commands.

pub(crate) mod plakoto;
mod play_check;
pub mod positions;
pub(crate) mod switches;
pub(crate) mod table;
pub mod table_positions;

use crate::{ToolsGame, ToolsGameFns};
use std::time::{Duration, Instant};

use plakoto_protocol::client::{ClientError, Engine};
use plakoto_protocol::framing::Reply;
use plakoto_rules::GameKind;

/// One check: run by the checker on the game's samples.
pub type Step<S> = fn(&mut Checker, &[S]) -> CheckResult;

/// The game under one switch set off its default, and how to say so.
#[derive(Clone, Debug)]
pub struct SwitchVariant<G> {
    /// `name=value`, for reports.
    pub name: String,
    /// The command that sets it on an engine at the defaults.
    pub set: String,
    /// The command that sets the switch back to its default.
    pub reset: String,
    /// The game under the switch.
    pub game: G,
}

/// Options of `plakoto conformance`.
#[derive(clap::Args, Debug, Clone)]
#[command(
    about = "Check an engine against protocol.md",
    long_about = "Starts ENGINE (a shell command line, as `plakoto arena` starts engines) and checks it \
against protocol.md: framing and echoed ids, error codes on malformed input with the state unchanged, \
set position / show posid / show matchid round trips, `legal` against the rules core, `play` within the \
time limit, a clean `quit`. Optional commands are reported absent, not failed. Exit status 1 when a \
check fails. With --game portes or fevga: `set game <game>`, the game's Position ID with gnubg's Match ID \
set and read back with `show position`, `play` answering a legal play, `legal` against the rules core, \
`hint`, refusals with their codes, and in Fevga each switch (`set fevga.<switch> <value>`) with `legal` \
compared under it."
)]
pub struct ConformanceArgs {
    /// The engine's command line, e.g. "target/release/plakoto --plies 1".
    #[arg(value_name = "ENGINE COMMAND")]
    pub engine: String,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Positions set for the round trips (the `legal` and `play` checks use
    /// some of them).
    #[arg(long, default_value_t = 300)]
    pub positions: usize,
    /// Seed of the random games the positions are taken from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Most time for one reply to `play`, in milliseconds.
    #[arg(long, default_value_t = 5_000)]
    pub move_timeout_ms: u64,
    /// Most time for any other reply (and to start), in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub timeout_ms: u64,
    /// Pass the engine's stderr through.
    #[arg(long)]
    pub show_stderr: bool,
    /// The game checked: plakoto, portes or fevga (`set game <game>` sent
    /// first, then Position:Match IDs, `show position`, `play`, `legal`,
    /// `hint` and refusals checked in that game, and Fevga's switches).
    #[arg(long, default_value = "plakoto")]
    pub game: GameKind,
}

/// What became of a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// It passed.
    Passed,
    /// It failed: see the detail and the exchange.
    Failed,
    /// The optional command it checks is absent.
    Absent,
    /// Not run (the engine could not be started).
    Skipped,
}

/// One check's result.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Check {
    /// Its name (`framing`, `ids`, …).
    pub name: &'static str,
    /// Whether protocol.md requires what it checks of every engine (else
    /// it may be absent; present, it must be right).
    pub required: bool,
    /// What became of it.
    pub status: Status,
    /// What was checked, or what went wrong.
    pub detail: String,
    /// The exchange that failed: `> command` then `< reply line`s.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exchange: Vec<String>,
}

/// The whole report.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// The engine's command line.
    pub engine: String,
    /// Every check, in the order run.
    pub checks: Vec<Check>,
    /// Whether no check failed (an optional command may be absent, but
    /// one that is present must answer as protocol.md says).
    pub passed: bool,
    /// Wall time of the whole run, in seconds.
    pub seconds: f64,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "plakoto conformance: {}", self.engine)?;
        for c in &self.checks {
            let mark = match c.status {
                Status::Passed => "pass",
                Status::Failed => "FAIL",
                Status::Absent => "absent",
                Status::Skipped => "skipped",
            };
            let kind = if c.required { "required" } else { "optional" };
            writeln!(f, "  {mark:<7} {:<10} ({kind}) {}", c.name, c.detail)?;
            for line in &c.exchange {
                writeln!(f, "{:22}{line}", "")?;
            }
        }
        let count = |s: Status| self.checks.iter().filter(|c| c.status == s).count();
        write!(
            f,
            "{} checks: {} passed, {} failed, {} absent, {} skipped in {:.1} s: {}",
            self.checks.len(),
            count(Status::Passed),
            count(Status::Failed),
            count(Status::Absent),
            count(Status::Skipped),
            self.seconds,
            if self.passed {
                "conforms"
            } else {
                "a required check failed"
            }
        )
    }
}

/// `plakoto conformance`: runs the checks and prints the report; exit
/// status 0 when no check failed, 1 otherwise.
pub fn cli(args: &ConformanceArgs) -> std::process::ExitCode {
    use std::io::Write;
    let report = run(args);
    let text = if args.json {
        serde_json::to_string(&report).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    } else {
        report.to_string()
    };
    // A closed stdout (`| head`) is no reason to panic.
    let _ = writeln!(std::io::stdout(), "{text}");
    if report.passed {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}

/// A check's result before it is named.
pub enum Outcome {
    /// It passed: what was checked.
    Passed(String),
    /// The optional command it checks is absent: which.
    Absent(String),
}

/// A failed check: why, and the exchange that showed it.
pub struct Fail {
    detail: String,
    exchange: Vec<String>,
}

/// What one check found.
pub type CheckResult = Result<Outcome, Fail>;

/// What the engine was found to have, by asking it (an `unknown_command`
/// answer means absent): Plakoto's probes fill the discovery commands and
/// `show posid`/`show matchid`, a game of the table's `show position` and
/// `hint`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Has {
    protocol_version: bool,
    name: bool,
    version: bool,
    list_commands: bool,
    known_command: bool,
    set_position: bool,
    set_board: bool,
    set_matchid: bool,
    show_posid: bool,
    show_matchid: bool,
    legal: bool,
    show_position: bool,
    hint: bool,
    set_dice: bool,
    move_: bool,
}

impl Has {
    /// Positions can be set (`set position`, or `set board` with `set matchid`).
    fn can_set(&self) -> bool {
        self.set_position || (self.set_board && self.set_matchid)
    }
}

/// Runs every check of `args.game` on `args.engine`.
pub fn run(args: &ConformanceArgs) -> Report {
    (ToolsGameFns::of(args.game).conformance)(args)
}

/// Runs the checks of the game `G` on `args.engine`: the start, then the
/// game's steps in order, each skipped when the engine did not start; a
/// step that fails leaves the next with a fresh engine, since the one it
/// failed on may be out of step with its commands.
pub(crate) fn run_checks<G: ToolsGame>(args: &ConformanceArgs) -> Report {
    let started = Instant::now();
    let mut c = Checker::new(args, G::setup());
    let samples = G::samples(args);
    let mut checks = Vec::new();
    let start = c.check_start();
    let can_go_on = start.is_ok();
    checks.push(check("start", true, start));
    for (name, required, step) in G::steps() {
        if !can_go_on {
            checks.push(Check {
                name,
                required,
                status: Status::Skipped,
                detail: "the engine did not start".into(),
                exchange: Vec::new(),
            });
            continue;
        }
        let result = step(&mut c, &samples);
        if result.is_err() {
            c.engine = None;
        }
        checks.push(check(name, required, result));
    }
    let passed = checks.iter().all(|c| c.status != Status::Failed);
    Report {
        engine: args.engine.clone(),
        checks,
        passed,
        seconds: started.elapsed().as_secs_f64(),
    }
}

fn check(name: &'static str, required: bool, result: CheckResult) -> Check {
    let (status, detail, exchange) = match result {
        Ok(Outcome::Passed(d)) => (Status::Passed, d, Vec::new()),
        Ok(Outcome::Absent(d)) => (Status::Absent, d, Vec::new()),
        Err(f) => (Status::Failed, f.detail, f.exchange),
    };
    Check {
        name,
        required,
        status,
        detail,
        exchange,
    }
}

/// The engine under test and what is known of it.
pub struct Checker {
    command: String,
    timeout: Duration,
    move_timeout: Duration,
    show_stderr: bool,
    engine: Option<Engine>,
    /// The last exchange: `> command`, `< reply line`s.
    last: Vec<String>,
    has: Has,
    /// Commands sent to every engine started, after `isready` (`set game
    /// fevga`): a fresh engine after a lost one plays the same game.
    setup: Vec<String>,
}

/// Cuts a line for quoting.
pub(crate) fn quote(line: &str) -> String {
    const MAX: usize = 160;
    if line.chars().count() <= MAX {
        line.to_string()
    } else {
        format!("{}…", line.chars().take(MAX).collect::<String>())
    }
}

impl Checker {
    /// A checker of `args.engine`, not started yet; `setup` is sent to
    /// every engine it starts.
    fn new(args: &ConformanceArgs, setup: Vec<String>) -> Checker {
        Checker {
            command: args.engine.clone(),
            timeout: Duration::from_millis(args.timeout_ms),
            move_timeout: Duration::from_millis(args.move_timeout_ms),
            show_stderr: args.show_stderr,
            engine: None,
            last: Vec::new(),
            has: Has::default(),
            setup,
        }
    }

    /// A failure quoting the last exchange.
    fn fail(&self, detail: impl Into<String>) -> Fail {
        Fail {
            detail: detail.into(),
            exchange: self.last.clone(),
        }
    }

    /// The engine, started (and checked with `isready`) if needed.
    fn engine(&mut self) -> Result<&mut Engine, Fail> {
        if self.engine.is_none() {
            self.last = vec![format!("(start) {}", self.command)];
            let mut engine = Engine::start_shell(&self.command, self.show_stderr)
                .map_err(|e| self.fail(e.to_string()))?;
            self.last.push("> isready".into());
            let reply = engine
                .request("isready", self.timeout)
                .map_err(|e| self.fail(e.to_string()))?;
            self.last
                .extend(reply.lines().iter().map(|l| format!("< {}", quote(l))));
            if !reply.ok || reply.first() != "readyok" {
                return Err(self.fail("'isready' must be answered '= readyok'"));
            }
            for command in self.setup.clone() {
                self.last.push(format!("> {command}"));
                let reply = engine
                    .request(&command, self.timeout)
                    .map_err(|e| self.fail(e.to_string()))?;
                self.last
                    .extend(reply.lines().iter().map(|l| format!("< {}", quote(l))));
                if !reply.ok {
                    return Err(self.fail(format!("'{command}' was refused")));
                }
            }
            self.engine = Some(engine);
        }
        Ok(self.engine.as_mut().expect("started above"))
    }

    /// Sends `command` and reads its reply within `timeout`, keeping the
    /// exchange; a lost engine is a failure.
    fn ask_within(&mut self, command: &str, timeout: Duration) -> Result<Reply, Fail> {
        let engine = self.engine()?;
        let result = engine.request(command, timeout);
        self.last = vec![format!("> {}", quote(command))];
        match result {
            Ok(reply) => {
                let lines = reply.lines();
                for (i, line) in lines.iter().enumerate() {
                    if i == 8 && lines.len() > 10 {
                        self.last
                            .push(format!("< … ({} more lines)", lines.len() - 9));
                        self.last
                            .push(format!("< {}", quote(&lines[lines.len() - 1])));
                        break;
                    }
                    self.last.push(format!("< {}", quote(line)));
                }
                Ok(reply)
            }
            Err(e) => {
                self.engine = None;
                let detail = match &e {
                    ClientError::Timeout { .. } => {
                        format!("no complete reply within {} ms", timeout.as_millis())
                    }
                    _ => e.to_string(),
                };
                Err(self.fail(detail))
            }
        }
    }

    fn ask(&mut self, command: &str) -> Result<Reply, Fail> {
        self.ask_within(command, self.timeout)
    }

    /// Checks that a `legal` reply's first line starts with `want`, the
    /// rules core's count of the legal plays of the sample `pair`.
    fn check_legal_count(&self, reply: &Reply, want: usize, pair: &str) -> Result<(), Fail> {
        let count: Option<usize> = reply
            .first()
            .split_whitespace()
            .next()
            .and_then(|w| w.parse().ok());
        if count == Some(want) {
            return Ok(());
        }
        Err(self.fail(format!(
            "{pair}: the rules core counts {want} legal plays; the first line must start with the count"
        )))
    }

    /// Asks and requires a `=` reply.
    fn ask_ok(&mut self, command: &str) -> Result<Reply, Fail> {
        let reply = self.ask(command)?;
        if !reply.ok {
            return Err(self.fail(format!("'{command}' was refused")));
        }
        Ok(reply)
    }

    /// Asks and requires a `?` reply with `code`.
    fn ask_error(&mut self, command: &str, code: &str) -> Result<(), Fail> {
        let reply = self.ask(command)?;
        match reply.error_code() {
            Some(c) if c == code => Ok(()),
            Some(c) => Err(self.fail(format!("expected error code '{code}', got '{c}'"))),
            None if reply.ok => Err(self.fail(format!("expected '? {code}: …', got a success"))),
            None => Err(self.fail(format!(
                "expected '? {code}: …', got an error without a code ('? code: message')"
            ))),
        }
    }

    /// Whether the engine has a command, from the answer to `probe` (a
    /// form of it that changes nothing): absent when `unknown_command`.
    /// A probe that loses the engine (garbage, a crash) counts as present:
    /// the check of that command reports it.
    fn probe(&mut self, probe: &str) -> Result<bool, Fail> {
        match self.ask(probe) {
            Ok(reply) => Ok(reply.error_code().as_deref() != Some("unknown_command")),
            Err(_) => {
                self.engine()?;
                Ok(true)
            }
        }
    }

    /// [`Checker::probe`] of each `(name, probe)`, in order: whether the
    /// engine has each command.
    fn probe_all<const N: usize>(&mut self, probes: &[(&str, &str); N]) -> Result<[bool; N], Fail> {
        let mut found = [false; N];
        for (has, (_, probe)) in found.iter_mut().zip(probes) {
            *has = self.probe(probe)?;
        }
        Ok(found)
    }

    fn check_start(&mut self) -> CheckResult {
        let t = Instant::now();
        self.engine()?;
        Ok(Outcome::Passed(format!(
            "started; 'isready' answered '= readyok' in {} ms",
            t.elapsed().as_millis()
        )))
    }

    /// Every reply framed (checked by reading it), blank and comment lines
    /// unanswered, one reply per command when commands are pipelined.
    pub(crate) fn check_framing(&mut self) -> CheckResult {
        for command in [
            "isready",
            "protocol_version",
            "name",
            "version",
            "list_commands",
            "known_command isready",
            "frobnicate-no-such-command",
        ] {
            self.ask(command)?;
        }
        for blank in ["", "   ", "# a comment, not a command", "\t# another"] {
            let engine = self.engine()?;
            if let Err(e) = engine.send(blank) {
                return Err(self.fail(e.to_string()));
            }
        }
        let reply = self.ask("isready")?;
        self.last
            .insert(0, "> (an empty line, blanks, two comment lines)".into());
        if !reply.ok || reply.first() != "readyok" {
            return Err(
                self.fail("blank and comment lines must get no reply: 'isready' got another reply")
            );
        }
        // Pipelined: three commands sent at once, three replies in order.
        let deadline = Instant::now() + self.timeout;
        let engine = self.engine()?;
        let mut got = Vec::new();
        let mut error = None;
        for line in ["1 isready", "2 frobnicate-no-such-command", "3 isready"] {
            if let Err(e) = engine.send(line) {
                error = Some(e.to_string());
            }
        }
        if error.is_none() {
            for _ in 0..3 {
                match engine.read_reply(deadline) {
                    Ok(r) => got.push(r),
                    Err(e) => {
                        error = Some(e.to_string());
                        break;
                    }
                }
            }
        }
        self.last = vec![
            "> 1 isready".into(),
            "> 2 frobnicate-no-such-command".into(),
            "> 3 isready".into(),
        ];
        for r in &got {
            self.last
                .extend(r.lines().iter().map(|l| format!("< {}", quote(l))));
        }
        if let Some(e) = error {
            self.engine = None;
            return Err(self.fail(format!("pipelined commands: {e}")));
        }
        let firsts: Vec<(bool, &str)> = got.iter().map(|r| (r.ok, r.first())).collect();
        if firsts.len() != 3
            || firsts[0] != (true, "readyok")
            || firsts[1].0
            || firsts[2] != (true, "readyok")
        {
            return Err(self.fail("pipelined commands must be answered in order, one reply each"));
        }
        Ok(Outcome::Passed(
            "replies framed ('='/'?', payload, one empty line) to the discovery commands \
             and an unknown one; blank and comment lines unanswered; pipelined commands \
             answered in order"
                .into(),
        ))
    }

    pub(crate) fn check_ids(&mut self) -> CheckResult {
        for (command, id, ok) in [
            ("7 isready", "7", true),
            ("007 isready", "007", true),
            ("18446744073709551615 isready", "18446744073709551615", true),
            ("42 frobnicate-no-such-command", "42", false),
        ] {
            let reply = self.ask(command)?;
            if reply.id.as_deref() != Some(id) {
                return Err(self.fail(format!("the id {id} must be echoed as written")));
            }
            if reply.ok != ok {
                return Err(self.fail("the wrong reply"));
            }
        }
        let reply = self.ask("isready")?;
        if reply.id.is_some() {
            return Err(self.fail("a command without id must be answered without id"));
        }
        Ok(Outcome::Passed(
            "ids echoed as written (7, 007, 2^64-1), also on errors; none when none is sent".into(),
        ))
    }

    /// The discovery commands, when present, answer as protocol.md says.
    pub(crate) fn check_discovery(&mut self) -> CheckResult {
        let h = self.has;
        if !(h.protocol_version || h.name || h.version || h.list_commands || h.known_command) {
            return Ok(Outcome::Absent(
                "no protocol_version, name, version, list_commands or known_command".into(),
            ));
        }
        let mut seen = Vec::new();
        if h.protocol_version {
            let r = self.ask_ok("protocol_version")?;
            if r.first().parse::<u32>().is_err() {
                return Err(self.fail("'protocol_version' must answer a number"));
            }
            seen.push(format!("protocol_version {}", r.first()));
        }
        for (has, command) in [(h.name, "name"), (h.version, "version")] {
            if has {
                let r = self.ask_ok(command)?;
                if r.first().is_empty() {
                    return Err(self.fail(format!("'{command}' must answer a word")));
                }
                seen.push(format!("{command} {}", r.first()));
            }
        }
        let core = [
            ("isready", true),
            ("play", true),
            ("quit", true),
            ("set position", h.set_position),
            ("set board", h.set_board),
            ("set matchid", h.set_matchid),
            ("show posid", h.show_posid),
            ("legal", h.legal),
            ("frobnicate", false),
        ];
        if h.list_commands {
            let r = self.ask_ok("list_commands")?;
            let listed = |name: &str| {
                r.payload.iter().any(|line| {
                    let words: Vec<&str> = line.split_whitespace().collect();
                    let name: Vec<&str> = name.split(' ').collect();
                    words.len() >= name.len() && words[..name.len()] == name[..]
                })
            };
            for (name, present) in core {
                if listed(name) != present {
                    return Err(self.fail(format!(
                        "'list_commands' {} '{name}', which the engine {}",
                        if present { "does not list" } else { "lists" },
                        if present { "has" } else { "does not have" }
                    )));
                }
            }
            seen.push(format!("list_commands ({} forms)", r.payload.len()));
        }
        if h.known_command {
            for (name, present) in core {
                let r = self.ask_ok(&format!("known_command {name}"))?;
                let want = if present { "true" } else { "false" };
                if r.first() != want {
                    return Err(self.fail(format!("'known_command {name}' must answer '{want}'")));
                }
            }
            seen.push("known_command agrees".into());
        }
        Ok(Outcome::Passed(seen.join("; ")))
    }

    pub(crate) fn check_quit(&mut self) -> CheckResult {
        self.engine()?;
        let engine = self.engine.take().expect("started above");
        let (reply, status) = engine.quit(self.timeout);
        self.last = vec!["> quit".into()];
        match reply {
            Ok(r) => {
                self.last
                    .extend(r.lines().iter().map(|l| format!("< {}", quote(l))));
                if !r.ok {
                    return Err(self.fail("'quit' must be answered with '='"));
                }
            }
            Err(e) => return Err(self.fail(format!("'quit': {e}"))),
        }
        match status {
            Some(s) if s.success() => Ok(Outcome::Passed(
                "'quit' answered, then the engine exited with status 0".into(),
            )),
            Some(s) => Err(self.fail(format!("the engine exited with {s} after 'quit'"))),
            None => Err(self.fail(format!(
                "the engine was still running {} ms after 'quit'",
                self.timeout.as_millis()
            ))),
        }
    }
}
