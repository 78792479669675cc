//! Plakoto's conformance checks: the game's impl of [`ToolsGame`]
//! and the checks of its own commands. Plakoto's engines were written
//! before the game layer and speak Plakoto's IDs (`show posid`, `show
//! matchid`, 16:8-character Position:Match IDs), so its samples
//! (`positions.rs`: Standard, Tzannes and Express, numbers passed on
//! included) and the checks that set and compare them are its own; the
//! run, the engine, framing, ids, discovery and `quit` are the generic
//! checker's.

use std::collections::BTreeSet;

use plakoto_protocol::framing::MAX_LINE;
use plakoto_rules::{GenLimits, MoveGenerator, format_play};

use super::positions::{Mix, Sample};
use super::{CheckResult, Checker, Fail, Has, Outcome, quote};

/// Positions whose `legal` list is compared with the rules core's.
const LEGAL_POSITIONS: usize = 60;
/// Positions the engine is asked to `play`.
const PLAY_POSITIONS: usize = 20;
/// `legal` lists compared are at most this long (longer rolls are skipped:
/// they are paged, and the rules core would list them for long).
const LEGAL_MOST: usize = 2_000;

/// Plakoto's checks of its own commands.
impl Checker {
    /// Sets a sample's position with the commands the engine has.
    fn set(&mut self, s: &Sample) -> Result<(), Fail> {
        if self.has.set_position {
            self.ask_ok(&format!("set position {}", s.pair()))?;
        } else {
            self.ask_ok(&format!("set board {}", s.position_id))?;
            self.ask_ok(&format!("set matchid {}", s.match_id))?;
        }
        Ok(())
    }

    /// Finds which commands the engine has, by probing each with a form
    /// that changes nothing.
    pub(crate) fn check_commands(&mut self) -> CheckResult {
        let probes: [(&str, &str); 13] = [
            ("protocol_version", "protocol_version"),
            ("name", "name"),
            ("version", "version"),
            ("list_commands", "list_commands"),
            ("known_command", "known_command isready"),
            ("set position", "set position x"),
            ("set board", "set board x"),
            ("set matchid", "set matchid x"),
            ("show posid", "show posid"),
            ("show matchid", "show matchid"),
            ("legal", "legal"),
            ("set dice", "set dice 9 9"),
            ("move", "move x"),
        ];
        let found = self.probe_all(&probes)?;
        let has = |name: &str| probes.iter().zip(found).any(|((n, _), f)| *n == name && f);
        self.has = Has {
            protocol_version: has("protocol_version"),
            name: has("name"),
            version: has("version"),
            list_commands: has("list_commands"),
            known_command: has("known_command"),
            set_position: has("set position"),
            set_board: has("set board"),
            set_matchid: has("set matchid"),
            show_posid: has("show posid"),
            show_matchid: has("show matchid"),
            legal: has("legal"),
            set_dice: has("set dice"),
            move_: has("move"),
            ..Has::default()
        };
        let names = |want: bool| {
            probes
                .iter()
                .zip(found)
                .filter(|&(_, f)| f == want)
                .map(|((n, _), _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (has, lacks) = (names(true), names(false));
        let detail = format!(
            "has: {}; absent: {}",
            if has.is_empty() { "none" } else { &has },
            if lacks.is_empty() { "none" } else { &lacks }
        );
        if !self.has.can_set() {
            return Err(Fail {
                detail: format!(
                    "{detail}: an engine needs 'set position', or 'set board' and 'set matchid'"
                ),
                exchange: Vec::new(),
            });
        }
        Ok(Outcome::Passed(detail))
    }

    /// Error codes on malformed input, and the state unchanged after each.
    pub(crate) fn check_errors(&mut self, samples: &[Sample]) -> CheckResult {
        let Some(base) = samples.iter().find(|s| {
            s.game.dice().is_some()
                && s.game.passed().is_none()
                && s.game.position() != &plakoto_rules::Position::initial()
        }) else {
            return Ok(Outcome::Absent(
                "no position with dice to start from".into(),
            ));
        };
        self.set(base)?;
        let mut errors: Vec<(String, &str)> = vec![
            ("frobnicate".into(), "unknown_command"),
            ("x".repeat(MAX_LINE + 10), "syntax"),
        ];
        if self.has.set_position {
            errors.push(("set position x".into(), "syntax"));
            errors.push((
                "set position AAAAAAAAAAAAAAAA:AAAAAAAA".into(),
                "invalid_position",
            ));
            errors.push((
                format!("set position {}:!!!!!!!!", base.position_id),
                "invalid_position",
            ));
        }
        if self.has.set_board {
            errors.push(("set board AAAAAAAAAAAAAAAA".into(), "invalid_position"));
        }
        if self.has.set_matchid {
            errors.push(("set matchid !!!!!!!!".into(), "invalid_position"));
        }
        if self.has.set_dice {
            errors.push(("set dice 7 1".into(), "invalid_argument"));
            errors.push(("set dice one two".into(), "syntax"));
        }
        if self.has.move_ {
            errors.push(("move 24/1".into(), "illegal_move"));
        }
        if self.has.legal {
            errors.push(("legal limit 0".into(), "syntax"));
        }
        let mut state_readable = self.has.show_posid && self.has.show_matchid;
        let mut note = "the state after each not checked: no 'show posid'/'show matchid'";
        if state_readable {
            let p = self.ask_ok("show posid")?;
            let m = self.ask_ok("show matchid")?;
            if p.first() != base.position_id || m.first() != base.match_id {
                state_readable = false;
                note = "the state after each not checked: 'show posid'/'show matchid' do not give \
                        the position set (see the positions check)";
            }
        }
        for (command, code) in &errors {
            self.ask_error(command, code)?;
            if state_readable {
                let p = self.ask_ok("show posid")?;
                let m = self.ask_ok("show matchid")?;
                if p.first() != base.position_id || m.first() != base.match_id {
                    self.last = vec![
                        format!("> set position {}", base.pair()),
                        format!("> {}", quote(command)),
                        "> show posid".into(),
                        format!("< = {}", p.first()),
                        "> show matchid".into(),
                        format!("< = {}", m.first()),
                    ];
                    return Err(self.fail(format!(
                        "the state changed after a refused command ('{}')",
                        quote(command)
                    )));
                }
            }
        }
        let unchanged = if state_readable {
            "the position and Match ID unchanged after each"
        } else {
            note
        };
        Ok(Outcome::Passed(format!(
            "{} malformed commands answered with the right code; {unchanged}",
            errors.len()
        )))
    }

    pub(crate) fn check_positions(&mut self, samples: &[Sample]) -> CheckResult {
        let how = if self.has.set_position {
            "set position"
        } else {
            "set board + set matchid"
        };
        if !(self.has.show_posid && self.has.show_matchid) {
            for s in samples {
                self.set(s)?;
            }
            return Ok(Outcome::Passed(format!(
                "{how} accepted on {}; not read back (no 'show posid'/'show matchid')",
                Mix::of(samples)
            )));
        }
        for s in samples {
            self.set(s)?;
            let p = self.ask_ok("show posid")?;
            if p.first() != s.position_id {
                return Err(self.fail(format!(
                    "'show posid' after setting {} must give {}",
                    s.pair(),
                    s.position_id
                )));
            }
            let m = self.ask_ok("show matchid")?;
            if m.first() != s.match_id {
                return Err(self.fail(format!(
                    "'show matchid' after setting {} must give {}",
                    s.pair(),
                    s.match_id
                )));
            }
        }
        Ok(Outcome::Passed(format!(
            "{how} then show posid/show matchid give the IDs back on {}",
            Mix::of(samples)
        )))
    }

    pub(crate) fn check_legal(&mut self, samples: &[Sample]) -> CheckResult {
        if !self.has.legal {
            return Ok(Outcome::Absent("no 'legal'".into()));
        }
        let mut generator = MoveGenerator::new(GenLimits {
            max_positions: LEGAL_MOST + 1,
        });
        let mut compared = 0;
        let mut plays_seen = 0;
        for s in samples.iter().filter(|s| s.to_play()) {
            if compared == LEGAL_POSITIONS {
                break;
            }
            let Ok(list) = s.game.legal_plays(&mut generator) else {
                continue;
            };
            if list.truncated || list.len() > LEGAL_MOST {
                continue;
            }
            let want: BTreeSet<String> = list
                .plays
                .iter()
                .map(|p| format_play(s.game.position(), p))
                .collect();
            self.set(s)?;
            let reply = self.ask_ok(&format!("legal limit {}", LEGAL_MOST))?;
            self.check_legal_count(&reply, want.len(), &s.pair())?;
            let got: BTreeSet<String> = reply
                .payload
                .iter()
                .skip(1)
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            if got != want {
                let missing: Vec<&String> = want.difference(&got).take(3).collect();
                let extra: Vec<&String> = got.difference(&want).take(3).collect();
                return Err(self.fail(format!(
                    "{}: plays differ from the rules core's (missing {missing:?}, not legal {extra:?})",
                    s.pair()
                )));
            }
            compared += 1;
            plays_seen += want.len();
        }
        Ok(Outcome::Passed(format!(
            "the same plays as the rules core on {compared} positions ({plays_seen} plays)"
        )))
    }

    pub(crate) fn check_play(&mut self, samples: &[Sample]) -> CheckResult {
        let mut generator = MoveGenerator::new(GenLimits {
            max_positions: 20_000,
        });
        // Rolls with one play or with huge lists are not asked.
        let chosen: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.to_play())
            .filter(|s| {
                matches!(s.game.legal_plays(&mut generator),
                    Ok(list) if list.len() >= 2 && !list.truncated)
            })
            .take(PLAY_POSITIONS)
            .collect();
        let times = self.ask_plays(
            chosen,
            |checker, s| checker.set(s),
            |s| s.pair(),
            |s, written| {
                s.game
                    .check_written(written, &mut generator)
                    .map(drop)
                    .map_err(|e| e.to_string())
            },
        )?;
        let Some(times) = times else {
            return Ok(Outcome::Absent("no position with a choice to ask".into()));
        };
        Ok(Outcome::Passed(format!(
            "a legal play on {} positions within {} ms (mean {} ms, slowest {} ms)",
            times.asked,
            self.move_timeout.as_millis(),
            times.mean.as_millis(),
            times.slowest.as_millis()
        )))
    }
}
