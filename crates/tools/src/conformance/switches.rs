//! The `switches` check of a game with switches (Fevga: `set
//! fevga.<switch> <value>`, F7–F9): each value off its default is set on
//! the engine, the `legal` lists of positions where that value changes
//! the plays (the game's witnesses, then random positions, sorted by the
//! rules core) are
//! compared with the rules core's under it, and the switch is set back;
//! words that are no switch or no value of one are refused with
//! `invalid_argument`, the position unchanged. Optional: an engine that
//! answers the first switch with `unknown_command` plays only the
//! default game, and the check reports the switches absent.

use super::SwitchVariant;
use super::table_positions::{TableSample, table_samples};
use super::{CheckResult, Checker, Fail, Outcome};
use crate::ToolsGame;

/// Positions compared under each switch value where it changes the plays.
const CHANGED: usize = 4;
/// Positions compared under each switch value where it does not.
const UNCHANGED: usize = 2;
/// Random positions searched for those where a switch changes the plays,
/// besides the samples.
const SEARCHED: usize = 3_000;

impl Checker {
    /// The `switches` check (see the module doc).
    pub(super) fn table_switches<G: ToolsGame>(
        &mut self,
        samples: &[TableSample<G>],
    ) -> CheckResult {
        let has = self.has;
        let variants = G::sample_game().switch_variants();
        let Some(first) = variants.first() else {
            return Ok(Outcome::Absent(format!("{} has no switches", G::KIND)));
        };
        let reply = self.ask(&first.set)?;
        if reply.error_code().as_deref() == Some("unknown_command") {
            return Ok(Outcome::Absent(format!(
                "no switches: '{}' answered unknown_command (the default game only)",
                first.set
            )));
        }
        self.ask_ok(&first.reset)?;
        // Candidates: the game's witnesses, the samples with dice, then
        // more random positions.
        let game = G::sample_game();
        let witnesses: Vec<TableSample<G>> = game
            .switch_witnesses()
            .into_iter()
            .filter_map(|(text, dice)| TableSample::witness(game, text, dice))
            .collect();
        let extra = table_samples::<G>(SEARCHED, 0x5717_c4e5);
        let candidates: Vec<&TableSample<G>> = witnesses
            .iter()
            .chain(samples)
            .chain(&extra)
            .filter(|s| s.to_play())
            .collect();
        let (mut compared, mut changed, mut unseen) = (0, 0, Vec::new());
        for variant in &variants {
            let (n, c) = self.under_switch(&candidates, variant)?;
            compared += n;
            changed += c;
            if c == 0 {
                unseen.push(variant.name.as_str());
            }
        }
        let refused = self.bad_switches(samples)?;
        let lists = if has.legal {
            // The values no random position told apart from the default
            // were set, but not seen to change anything.
            let unseen = if unseen.is_empty() {
                String::new()
            } else {
                format!(
                    "; no position found where {} change the plays",
                    unseen.join(", ")
                )
            };
            format!(
                "'legal' gives the rules core's plays under each on {compared} positions ({changed} where the value changes the plays{unseen})"
            )
        } else {
            "plays not compared (no 'legal')".to_string()
        };
        Ok(Outcome::Passed(format!(
            "{} switch values set and set back; {lists}; {refused}",
            variants.len()
        )))
    }

    /// Sets `variant`, compares `legal` on positions where it changes the
    /// plays and a few where it does not, and sets the switch back.
    /// Returns the positions compared and how many of them changed.
    fn under_switch<G: ToolsGame>(
        &mut self,
        candidates: &[&TableSample<G>],
        variant: &SwitchVariant<G>,
    ) -> Result<(usize, usize), Fail> {
        let has = self.has;
        self.ask_ok(&variant.set)?;
        let (mut compared, mut changed) = (0, 0);
        if has.legal {
            let default = G::sample_game();
            let differs =
                |s: &TableSample<G>| s.legal_results(&variant.game) != s.legal_results(&default);
            let mut chosen: Vec<&TableSample<G>> = candidates
                .iter()
                .copied()
                .filter(|s| differs(s))
                .take(CHANGED)
                .collect();
            changed = chosen.len();
            chosen.extend(
                candidates
                    .iter()
                    .copied()
                    .filter(|s| !differs(s))
                    .take(UNCHANGED),
            );
            for s in chosen {
                self.set_table(s)?;
                self.compare_legal(s, &variant.game)
                    .map_err(|f| under(f, &variant.name))?;
                compared += 1;
            }
        }
        self.ask_ok(&variant.reset)?;
        Ok((compared, changed))
    }

    /// Words that are no switch, or no value of one, are refused with
    /// `invalid_argument` and change nothing.
    fn bad_switches<G: ToolsGame>(&mut self, samples: &[TableSample<G>]) -> Result<String, Fail> {
        let has = self.has;
        let Some(base) = samples.iter().find(|s| s.to_play()) else {
            return Ok("no position to refuse words in".into());
        };
        self.set_table(base)?;
        let bad = G::sample_game().bad_switch_commands();
        for command in &bad {
            self.ask_error(command, "invalid_argument")?;
            if has.show_position {
                let r = self.ask_ok("show position")?;
                if r.first() != base.pair() {
                    return Err(self.fail(format!(
                        "the position changed after a refused command ('{command}')"
                    )));
                }
            }
        }
        Ok(format!(
            "{} words that are no switch or value refused with invalid_argument",
            bad.len()
        ))
    }
}

/// A failure under a switch, naming it.
fn under(fail: Fail, switch: &str) -> Fail {
    Fail {
        detail: format!("under {switch}: {}", fail.detail),
        exchange: fail.exchange,
    }
}
