//! `plakoto conformance --game portes`: the Portes commands an arena or a
//! GUI relies on (protocol.md, "The game played: Plakoto or Portes"):
//! `set game portes`; gnubg IDs set with `set position` (or `set board`
//! and `set matchid`) and read back with `show position`; `play` answering
//! a legal play in notation the rules core resolves; `legal` and `hint`
//! when present; refusals with stable codes, the state unchanged.
//!
//! Every engine started for these checks is sent `set game portes` first
//! (a check that loses the engine starts a fresh one).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use plakoto_rules::TavliGame;
use plakoto_rules::portes::PortesPosition;

use super::portes_positions::{PortesSample, portes_samples};
use super::{
    Check, CheckResult, Checker, ConformanceArgs, Fail, Outcome, Report, Status, check, quote,
};

/// Positions whose `legal` list is compared with the rules core's.
const LEGAL_POSITIONS: usize = 40;
/// Positions the engine is asked to `play`.
const PLAY_POSITIONS: usize = 20;
/// Positions the engine is asked to `hint`.
const HINT_POSITIONS: usize = 5;

/// The Portes commands the engine was found to have.
#[derive(Clone, Copy, Debug, Default)]
struct PortesHas {
    set_position: bool,
    set_board: bool,
    set_matchid: bool,
    show_position: bool,
    legal: bool,
    hint: bool,
    set_dice: bool,
    move_: bool,
}

type Step = fn(&mut Checker, &mut PortesHas, &[PortesSample]) -> CheckResult;

/// Runs the Portes checks on `args.engine`.
pub(super) fn run_portes(args: &ConformanceArgs) -> Report {
    let started = Instant::now();
    let mut c = Checker::new(args, vec!["set game portes".to_string()]);
    let samples = portes_samples(args.positions, args.seed);
    let mut has = PortesHas::default();
    let mut checks = Vec::new();
    let start = c.check_start();
    let can_go_on = start.is_ok();
    checks.push(check("start", true, start));
    let steps: [(&'static str, bool, Step); 10] = [
        ("game", true, |c, _, _| c.check_game()),
        ("framing", true, |c, _, _| c.check_framing()),
        ("commands", false, |c, h, _| c.portes_commands(h)),
        ("positions", true, |c, h, s| c.portes_positions(h, s, true)),
        ("to_roll", false, |c, h, s| c.portes_positions(h, s, false)),
        ("errors", true, |c, h, s| c.portes_errors(h, s)),
        ("legal", false, |c, h, s| c.portes_legal(h, s)),
        ("play", true, |c, h, s| c.portes_play(h, s)),
        ("hint", false, |c, h, s| c.portes_hint(h, s)),
        ("quit", true, |c, _, _| c.check_quit()),
    ];
    for (name, required, step) in steps {
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
        let result = step(&mut c, &mut has, &samples);
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

/// The plays written on a line of `legal` or `hint`: the words in gnubg's
/// notation (`bar/22`, `13/7*`, `6/off(2)`) or `pass`, anything else
/// (ranks, figures, a Position ID) left out.
fn play_words(line: &str) -> String {
    line.split_whitespace()
        .filter(|w| w.contains('/') || *w == "pass")
        .collect::<Vec<_>>()
        .join(" ")
}

/// The position a written play leads to in `s`, or why it names none.
fn resolve(s: &PortesSample, text: &str) -> Result<PortesPosition, String> {
    let table = &s.table;
    let game = table.game();
    let dice = table.dice().ok_or("no dice")?;
    let mut generator = game.generator();
    let mut list = Default::default();
    game.generate(&mut generator, table.position(), dice, &mut list);
    game.resolve_play(table.position(), dice, &list, text)
        .map(|play| game.after(&play))
        .map_err(|e| e.to_string())
}

/// The positions every legal play of `s` leads to.
fn legal_results(s: &PortesSample) -> BTreeSet<String> {
    let table = &s.table;
    let game = table.game();
    let Some(dice) = table.dice() else {
        return BTreeSet::new();
    };
    let mut generator = game.generator();
    let mut list = Default::default();
    game.generate(&mut generator, table.position(), dice, &mut list);
    game.plays(&list)
        .iter()
        .map(|p| game.position_id(&game.after(p)))
        .collect()
}

impl Checker {
    /// Sets a Portes sample's position with the commands the engine has.
    fn set_portes(&mut self, has: &PortesHas, s: &PortesSample) -> Result<(), Fail> {
        if has.set_position || !(has.set_board && has.set_matchid) {
            self.ask_ok(&format!("set position {}", s.pair()))?;
        } else {
            self.ask_ok(&format!("set board {}", s.position_id))?;
            self.ask_ok(&format!("set matchid {}", s.match_id))?;
        }
        Ok(())
    }

    /// `set game portes` is answered with `=`.
    fn check_game(&mut self) -> CheckResult {
        self.ask_ok("set game portes")?;
        Ok(Outcome::Passed(
            "'set game portes' accepted (and sent to every engine started)".into(),
        ))
    }

    /// Probes the Portes commands with forms that change nothing.
    fn portes_commands(&mut self, has: &mut PortesHas) -> CheckResult {
        let probes: [(&str, &str); 8] = [
            ("set position", "set position x"),
            ("set board", "set board x"),
            ("set matchid", "set matchid x"),
            ("show position", "show position"),
            ("legal", "legal"),
            ("hint", "hint"),
            ("set dice", "set dice 9 9"),
            ("move", "move x"),
        ];
        let mut found = [false; 8];
        for (i, (_, probe)) in probes.iter().enumerate() {
            found[i] = self.probe(probe)?;
        }
        *has = PortesHas {
            set_position: found[0],
            set_board: found[1],
            set_matchid: found[2],
            show_position: found[3],
            legal: found[4],
            hint: found[5],
            set_dice: found[6],
            move_: found[7],
        };
        let names = |want: bool| {
            let list: Vec<&str> = probes
                .iter()
                .zip(found)
                .filter(|&(_, f)| f == want)
                .map(|((n, _), _)| *n)
                .collect();
            if list.is_empty() {
                "none".to_string()
            } else {
                list.join(", ")
            }
        };
        let detail = format!("has: {}; absent: {}", names(true), names(false));
        if !(has.set_position || has.set_board && has.set_matchid) {
            return Err(Fail {
                detail: format!(
                    "{detail}: an engine needs 'set position', or 'set board' and 'set matchid'"
                ),
                exchange: Vec::new(),
            });
        }
        Ok(Outcome::Passed(detail))
    }

    /// gnubg IDs set, then `show position` gives them back: the samples
    /// with dice (`with_dice`, what an arena sets), or those with a side to
    /// roll (optional: an arena never sets them, so an engine that refuses
    /// them is reported, not failed).
    fn portes_positions(
        &mut self,
        has: &PortesHas,
        samples: &[PortesSample],
        with_dice: bool,
    ) -> CheckResult {
        let samples: Vec<&PortesSample> = samples
            .iter()
            .filter(|s| s.to_play() == with_dice)
            .collect();
        let bars = samples.iter().filter(|s| s.on_the_bar()).count();
        for s in &samples {
            if with_dice {
                self.set_portes(has, s)?;
            } else {
                let reply = self.ask(&format!("set position {}", s.pair()))?;
                if !reply.ok {
                    return Ok(Outcome::Absent(format!(
                        "positions with a side to roll refused ('{}'); an arena sets only positions with dice",
                        quote(reply.first())
                    )));
                }
            }
            if has.show_position {
                let r = self.ask_ok("show position")?;
                if r.first() != s.pair() {
                    return Err(self.fail(format!(
                        "'show position' after setting {} must give it back",
                        s.pair()
                    )));
                }
            }
        }
        let read = if has.show_position {
            "then 'show position' gives them back"
        } else {
            "accepted; not read back (no 'show position')"
        };
        let what = if with_dice {
            "with dice"
        } else {
            "with a side to roll"
        };
        Ok(Outcome::Passed(format!(
            "{} gnubg Position:Match IDs {what} ({bars} with the side on roll on the bar) {read}",
            samples.len(),
        )))
    }

    /// Malformed and meaningless commands refused with their codes, the
    /// position unchanged after each.
    fn portes_errors(&mut self, has: &PortesHas, samples: &[PortesSample]) -> CheckResult {
        let Some(base) = samples.iter().find(|s| s.to_play()) else {
            return Ok(Outcome::Absent("no position with dice".into()));
        };
        self.set_portes(has, base)?;
        // Each command with the codes accepted: Plakoto-only commands may
        // be unknown to a Portes-only engine.
        let mut errors: Vec<(String, &[&str])> = vec![("frobnicate".into(), &["unknown_command"])];
        if has.set_position {
            errors.push(("set position x".into(), &["syntax"]));
            errors.push((
                "set position AAAAAAAAAAAAAA:AAAAAAAAAAAA".into(),
                &["invalid_position"],
            ));
            errors.push((
                format!("set position {}:!!!!!!!!!!!!", base.position_id),
                &["invalid_position"],
            ));
        }
        if has.set_board {
            errors.push(("set board AAAAAAAAAAAAAA".into(), &["invalid_position"]));
        }
        if has.set_dice {
            errors.push(("set dice 7 1".into(), &["invalid_argument"]));
        }
        if has.move_ {
            errors.push(("move 24/1".into(), &["illegal_move"]));
        }
        for command in ["set rules express", "rollout", "legal steps"] {
            errors.push((command.into(), &["not_in_game", "unknown_command"]));
        }
        for (command, codes) in &errors {
            let reply = self.ask(command)?;
            match reply.error_code() {
                Some(code) if codes.contains(&code.as_str()) => {}
                Some(code) => {
                    return Err(self.fail(format!(
                        "'{command}': expected {}, got '{code}'",
                        codes.join(" or ")
                    )));
                }
                None => {
                    return Err(self.fail(format!(
                        "'{command}': expected '? {}: …'",
                        codes.join("' or '? ")
                    )));
                }
            }
            if has.show_position {
                let r = self.ask_ok("show position")?;
                if r.first() != base.pair() {
                    return Err(self.fail(format!(
                        "the position changed after a refused command ('{command}')"
                    )));
                }
            }
        }
        let unchanged = if has.show_position {
            "the position unchanged after each"
        } else {
            "the state after each not checked (no 'show position')"
        };
        Ok(Outcome::Passed(format!(
            "{} refusals with their codes (Plakoto's commands: not_in_game or unknown_command); {unchanged}",
            errors.len()
        )))
    }

    /// `legal` lists the plays of the rules core: as many, each resolved to
    /// a distinct legal result.
    fn portes_legal(&mut self, has: &PortesHas, samples: &[PortesSample]) -> CheckResult {
        if !has.legal {
            return Ok(Outcome::Absent("no 'legal'".into()));
        }
        let (mut compared, mut plays) = (0, 0);
        for s in samples.iter().filter(|s| s.to_play()).take(LEGAL_POSITIONS) {
            let want = legal_results(s);
            self.set_portes(has, s)?;
            let reply = self.ask_ok("legal limit 2000")?;
            let count: Option<usize> = reply
                .first()
                .split_whitespace()
                .next()
                .and_then(|w| w.parse().ok());
            if count != Some(want.len()) {
                return Err(self.fail(format!(
                    "{}: the rules core counts {} legal plays; the first line must start with the count",
                    s.pair(),
                    want.len()
                )));
            }
            let mut got = BTreeSet::new();
            for line in reply.payload.iter().skip(1) {
                let written = play_words(line);
                let after = resolve(s, &written)
                    .map_err(|e| self.fail(format!("{}: '{written}': {e}", s.pair())))?;
                got.insert(s.table.game().position_id(&after));
            }
            if got != want {
                return Err(self.fail(format!(
                    "{}: the plays listed lead to {} of the {} results of the rules core",
                    s.pair(),
                    got.intersection(&want).count(),
                    want.len()
                )));
            }
            compared += 1;
            plays += want.len();
        }
        Ok(Outcome::Passed(format!(
            "the same plays as the rules core on {compared} positions ({plays} plays)"
        )))
    }

    /// `play` answers a legal play, within the time limit, in notation the
    /// rules core resolves.
    fn portes_play(&mut self, has: &PortesHas, samples: &[PortesSample]) -> CheckResult {
        let mut asked = 0;
        let (mut slowest, mut total) = (Duration::ZERO, Duration::ZERO);
        for s in samples
            .iter()
            .filter(|s| s.to_play() && legal_results(s).len() >= 2)
            .take(PLAY_POSITIONS)
        {
            self.set_portes(has, s)?;
            let t = Instant::now();
            let reply = self.ask_within("play", self.move_timeout)?;
            let took = t.elapsed();
            slowest = slowest.max(took);
            total += took;
            if !reply.ok || reply.first().is_empty() {
                return Err(self.fail(format!("{}: 'play' must answer a play", s.pair())));
            }
            let written = play_words(reply.first());
            if let Err(e) = resolve(s, &written) {
                return Err(self.fail(format!(
                    "{}: '{}' is not a legal play: {e}",
                    s.pair(),
                    reply.first()
                )));
            }
            asked += 1;
        }
        if asked == 0 {
            return Ok(Outcome::Absent("no position with a choice to ask".into()));
        }
        Ok(Outcome::Passed(format!(
            "a legal play in gnubg's notation on {asked} positions within {} ms (mean {} ms, slowest {} ms)",
            self.move_timeout.as_millis(),
            (total / asked).as_millis(),
            slowest.as_millis()
        )))
    }

    /// `hint` ranks legal plays (its first line the heading, then a line
    /// `N. play …` each) and leaves the position as it was.
    fn portes_hint(&mut self, has: &PortesHas, samples: &[PortesSample]) -> CheckResult {
        if !has.hint {
            return Ok(Outcome::Absent("no 'hint'".into()));
        }
        let mut asked = 0;
        for s in samples
            .iter()
            .filter(|s| s.to_play() && legal_results(s).len() >= 2)
            .take(HINT_POSITIONS)
        {
            self.set_portes(has, s)?;
            let reply = self.ask_within("hint 3", self.move_timeout)?;
            if !reply.ok {
                return Err(self.fail(format!("{}: 'hint 3' was refused", s.pair())));
            }
            let ranked: Vec<String> = reply
                .payload
                .iter()
                .filter(|l| {
                    let first = l.split_whitespace().next().unwrap_or("");
                    first.ends_with('.') && first[..first.len() - 1].parse::<u32>().is_ok()
                })
                .map(|l| play_words(l))
                .collect();
            if ranked.is_empty() || ranked.len() > 3 {
                return Err(self.fail(format!(
                    "{}: 'hint 3' must rank one to three plays ('1. PLAY …' lines), found {}",
                    s.pair(),
                    ranked.len()
                )));
            }
            for written in &ranked {
                if let Err(e) = resolve(s, written) {
                    return Err(self.fail(format!("{}: '{written}': {e}", s.pair())));
                }
            }
            if has.show_position {
                let r = self.ask_ok("show position")?;
                if r.first() != s.pair() {
                    return Err(self.fail("'hint' must leave the position as it was"));
                }
            }
            asked += 1;
        }
        Ok(Outcome::Passed(format!(
            "legal plays ranked on {asked} positions, the position unchanged"
        )))
    }
}
