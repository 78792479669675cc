//! `plakoto conformance --game portes|fevga`: the commands of a game of
//! the table an arena or a GUI relies on (protocol.md, "The game played"):
//! `set game portes|fevga`; the game's Position ID with gnubg's Match ID
//! set with `set position` (or `set board` and `set matchid`) and read
//! back with `show position`; `play` answering a legal play in notation
//! the rules core resolves; `legal` and `hint` when present; refusals with
//! stable codes, the state unchanged; and, in a game with switches
//! (Fevga), each switch set and the `legal` lists compared under it
//! (`switches.rs`).
//!
//! Every engine started for these checks is sent `set game <game>` first
//! (a check that loses the engine starts a fresh one).

use std::collections::BTreeSet;

use super::Step;
use super::table_positions::{TableSample, play_words};
use super::{CheckResult, Checker, Fail, Has, Outcome, quote};
use crate::ToolsGame;

/// Positions whose `legal` list is compared with the rules core's.
const LEGAL_POSITIONS: usize = 40;
/// Positions the engine is asked to `play`.
const PLAY_POSITIONS: usize = 20;
/// Positions the engine is asked to `hint`.
const HINT_POSITIONS: usize = 5;

/// The checks of a game of the table, in order (`start` goes first):
/// Fevga's switches only in a game that has some.
pub(crate) fn table_steps<G: ToolsGame>() -> Vec<(&'static str, bool, Step<TableSample<G>>)> {
    // Each step reads what the commands check found (`Has` is `Copy`).
    let mut steps: Vec<(&'static str, bool, Step<TableSample<G>>)> = vec![
        ("game", true, |c, _| c.check_game(G::KIND)),
        ("framing", true, |c, _| c.check_framing()),
        ("commands", false, |c, _| c.table_commands()),
        ("positions", true, |c, s| c.table_positions(s, true)),
        ("to_roll", false, |c, s| c.table_positions(s, false)),
        ("errors", true, |c, s| c.table_errors(s)),
        ("legal", false, |c, s| c.table_legal(s)),
    ];
    if !G::sample_game().switch_variants().is_empty() {
        steps.push(("switches", false, |c, s| c.table_switches(s)));
    }
    steps.extend([
        (
            "play",
            true,
            (|c, s| c.table_play(s)) as Step<TableSample<G>>,
        ),
        ("hint", false, |c, s| c.table_hint(s)),
        ("quit", true, |c, _| c.check_quit()),
    ]);
    steps
}

impl Checker {
    /// Sets a sample's position with the commands the engine has.
    pub(super) fn set_table<G: ToolsGame>(&mut self, s: &TableSample<G>) -> Result<(), Fail> {
        let has = self.has;
        if has.set_position || !(has.set_board && has.set_matchid) {
            self.ask_ok(&format!("set position {}", s.pair()))?;
        } else {
            self.ask_ok(&format!("set board {}", s.position_id))?;
            self.ask_ok(&format!("set matchid {}", s.match_id))?;
        }
        Ok(())
    }

    /// `set game <game>` is answered with `=`.
    fn check_game(&mut self, game: plakoto_rules::GameKind) -> CheckResult {
        self.ask_ok(&format!("set game {game}"))?;
        Ok(Outcome::Passed(format!(
            "'set game {game}' accepted (and sent to every engine started)"
        )))
    }

    /// Probes the game's commands with forms that change nothing.
    fn table_commands(&mut self) -> CheckResult {
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
        let found = self.probe_all(&probes)?;
        self.has = Has {
            set_position: found[0],
            set_board: found[1],
            set_matchid: found[2],
            show_position: found[3],
            legal: found[4],
            hint: found[5],
            set_dice: found[6],
            move_: found[7],
            ..Has::default()
        };
        let has = self.has;
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

    /// Position:Match IDs set, then `show position` gives them back: the
    /// samples with dice (`with_dice`, what an arena sets), or those with a
    /// side to roll (optional: an arena never sets them, so an engine that
    /// refuses them is reported, not failed).
    fn table_positions<G: ToolsGame>(
        &mut self,
        samples: &[TableSample<G>],
        with_dice: bool,
    ) -> CheckResult {
        let has = self.has;
        let samples: Vec<&TableSample<G>> = samples
            .iter()
            .filter(|s| s.to_play() == with_dice)
            .collect();
        let notable = samples.iter().filter(|s| s.notable()).count();
        for s in &samples {
            if with_dice {
                self.set_table(s)?;
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
            "{} {} Position:Match IDs {what} ({notable} {}) {read}",
            samples.len(),
            G::KIND,
            G::NOTABLE,
        )))
    }

    /// Malformed and meaningless commands refused with their codes, the
    /// position unchanged after each.
    fn table_errors<G: ToolsGame>(&mut self, samples: &[TableSample<G>]) -> CheckResult {
        let has = self.has;
        let Some(base) = samples.iter().find(|s| s.to_play()) else {
            return Ok(Outcome::Absent("no position with dice".into()));
        };
        self.set_table(base)?;
        // Each command with the codes accepted: Plakoto-only commands may
        // be unknown to an engine of this game only.
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
        // Not `legal steps` nor a `rollout` that runs: Portes and Fevga
        // answer them, and an engine may in any game. A rollout of no
        // trials is refused by an engine that rolls out (`invalid_argument`)
        // as by one that does not in this game.
        errors.push((
            "set rules express".into(),
            &["not_in_game", "unknown_command"],
        ));
        errors.push((
            "rollout 0".into(),
            &["invalid_argument", "not_in_game", "unknown_command"],
        ));
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
    fn table_legal<G: ToolsGame>(&mut self, samples: &[TableSample<G>]) -> CheckResult {
        let has = self.has;
        if !has.legal {
            return Ok(Outcome::Absent("no 'legal'".into()));
        }
        let game = G::sample_game();
        let (mut compared, mut plays) = (0, 0);
        for s in samples.iter().filter(|s| s.to_play()).take(LEGAL_POSITIONS) {
            self.set_table(s)?;
            plays += self.compare_legal(s, &game)?;
            compared += 1;
        }
        Ok(Outcome::Passed(format!(
            "the same plays as the rules core on {compared} positions ({plays} plays)"
        )))
    }

    /// Asks `legal` of the position of `s`, already set, and compares its
    /// plays with the rules core's under `game`: as many, each resolved to
    /// a distinct legal result. Returns how many there are.
    pub(super) fn compare_legal<G: ToolsGame>(
        &mut self,
        s: &TableSample<G>,
        game: &G,
    ) -> Result<usize, Fail> {
        let want = s.legal_results(game);
        let reply = self.ask_ok("legal limit 2000")?;
        self.check_legal_count(&reply, want.len(), &s.pair())?;
        let mut got = BTreeSet::new();
        for line in reply.payload.iter().skip(1) {
            let written = play_words(line);
            let after = s
                .resolve(game, &written)
                .map_err(|e| self.fail(format!("{}: '{written}': {e}", s.pair())))?;
            got.insert(game.position_id(&after));
        }
        if got != want {
            return Err(self.fail(format!(
                "{}: the plays listed lead to {} of the {} results of the rules core",
                s.pair(),
                got.intersection(&want).count(),
                want.len()
            )));
        }
        Ok(want.len())
    }

    /// `play` answers a legal play, within the time limit, in notation the
    /// rules core resolves.
    fn table_play<G: ToolsGame>(&mut self, samples: &[TableSample<G>]) -> CheckResult {
        let game = G::sample_game();
        let chosen = samples
            .iter()
            .filter(|s| s.to_play() && s.legal_results(&game).len() >= 2)
            .take(PLAY_POSITIONS);
        let times = self.ask_plays(
            chosen,
            |checker, s| checker.set_table(s),
            |s| s.pair(),
            |s, written| s.resolve(&game, &play_words(written)).map(drop),
        )?;
        let Some(times) = times else {
            return Ok(Outcome::Absent("no position with a choice to ask".into()));
        };
        Ok(Outcome::Passed(format!(
            "a legal play in {}'s notation on {} positions within {} ms (mean {} ms, slowest {} ms)",
            G::KIND,
            times.asked,
            self.move_timeout.as_millis(),
            times.mean.as_millis(),
            times.slowest.as_millis()
        )))
    }

    /// `hint` ranks legal plays (its first line the heading, then a line
    /// `N. play …` each) and leaves the position as it was.
    fn table_hint<G: ToolsGame>(&mut self, samples: &[TableSample<G>]) -> CheckResult {
        let has = self.has;
        if !has.hint {
            return Ok(Outcome::Absent("no 'hint'".into()));
        }
        let game = G::sample_game();
        let mut asked = 0;
        for s in samples
            .iter()
            .filter(|s| s.to_play() && s.legal_results(&game).len() >= 2)
            .take(HINT_POSITIONS)
        {
            self.set_table(s)?;
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
                if let Err(e) = s.resolve(&game, written) {
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
