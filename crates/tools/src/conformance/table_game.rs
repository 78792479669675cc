//! [`ConformanceGame`]: what `plakoto conformance --game` needs of a game
//! beyond the game layer and its records (the Match ID of a sample): the
//! samples it sets and the checks it runs on them (one generic run,
//! `run_checks`, picks the game once), the game its samples are drawn
//! under, which samples are worth counting (Portes: the side on roll on
//! the bar; Fevga: not yet released, F7), and the game's switches, each a
//! variant of the game with the commands that set it, whose `legal` lists
//! are compared under it. One impl per game: Portes' and Fevga's here
//! (the generic checks of the table, `table.rs`), Plakoto's in
//! `plakoto.rs`.

use plakoto_records::analysis::table::AnalysedGame;
use plakoto_rules::fevga::{
    FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release, is_released,
};
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::tavli::{Fevga, Portes};

use super::table::table_steps;
use super::table_positions::{TableSample, table_samples};
use super::{CheckResult, Checker, ConformanceArgs};

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

/// A game the conformance checks cover.
pub trait ConformanceGame: AnalysedGame {
    /// A position set on the engine, with what the checks need of it.
    type Sample;

    /// The positions set, drawn from `args.seed`.
    fn samples(args: &ConformanceArgs) -> Vec<Self::Sample>;

    /// Commands sent to every engine started, after `isready`: a fresh
    /// engine after a lost one plays the same game.
    fn setup() -> Vec<String> {
        vec![format!("set game {}", Self::KIND)]
    }

    /// The checks after `start`, in order: each named, and whether
    /// protocol.md requires what it checks of every engine.
    fn steps() -> Vec<(&'static str, bool, Step<Self::Sample>)>;

    /// The game the samples are played under (the defaults).
    fn sample_game() -> Self;

    /// What [`ConformanceGame::notable`] counts, for the report ("with
    /// the side on roll on the bar").
    const NOTABLE: &'static str;

    /// Whether a position is of the kind worth counting in the report.
    fn notable(&self, position: &Self::Position) -> bool;

    /// The game under each switch value that is not the default, one at
    /// a time (none for a game without switches).
    fn switch_variants(&self) -> Vec<SwitchVariant<Self>> {
        Vec::new()
    }

    /// Commands naming no switch, or no value of one, that an engine with
    /// switches refuses with `invalid_argument`.
    fn bad_switch_commands(&self) -> Vec<String> {
        Vec::new()
    }

    /// Positions (board text, the side on roll's dice) where switch values
    /// change the plays and random games seldom go: searched before the
    /// random positions.
    fn switch_witnesses(&self) -> Vec<(&'static str, [u8; 2])> {
        Vec::new()
    }
}

impl ConformanceGame for Portes {
    type Sample = TableSample<Portes>;

    fn samples(args: &ConformanceArgs) -> Vec<TableSample<Portes>> {
        table_samples(args.positions, args.seed)
    }

    fn steps() -> Vec<(&'static str, bool, Step<TableSample<Portes>>)> {
        table_steps()
    }

    fn sample_game() -> Portes {
        Portes::new(PortesScoring::Standard)
    }

    const NOTABLE: &'static str = "with the side on roll on the bar";

    fn notable(&self, position: &Self::Position) -> bool {
        // The board text of the side on roll starts with its bar.
        plakoto_rules::TavliGame::board_text(self, position).starts_with("bar:")
    }
}

impl ConformanceGame for Fevga {
    type Sample = TableSample<Fevga>;

    fn samples(args: &ConformanceArgs) -> Vec<TableSample<Fevga>> {
        table_samples(args.positions, args.seed)
    }

    fn steps() -> Vec<(&'static str, bool, Step<TableSample<Fevga>>)> {
        table_steps()
    }

    fn sample_game() -> Fevga {
        Fevga::default()
    }

    const NOTABLE: &'static str = "with the side on roll not yet released (F7)";

    fn notable(&self, position: &Self::Position) -> bool {
        !is_released(position, self.rules.release)
    }

    fn switch_variants(&self) -> Vec<SwitchVariant<Fevga>> {
        let default = FevgaRules::default();
        let mut variants: Vec<FevgaRules> = Vec::new();
        let mut each = |change: &dyn Fn(&mut FevgaRules)| {
            let mut rules = default;
            change(&mut rules);
            if rules != default {
                variants.push(rules);
            }
        };
        for &release in Release::ALL {
            each(&|r| r.release = release);
        }
        for &quarter in QuarterRule::ALL {
            each(&|r| r.quarter_rule = quarter);
        }
        for &check in QuarterCheck::ALL {
            each(&|r| r.quarter_check = check);
        }
        for &prime in PrimeRule::ALL {
            each(&|r| r.prime_rule = prime);
        }
        variants
            .into_iter()
            .map(|rules| {
                // The one word that differs from the defaults' words.
                let changed = rules
                    .describe()
                    .split_whitespace()
                    .zip(default.describe().split_whitespace())
                    .find(|(now, was)| now != was)
                    .map(|(now, was)| (now.to_string(), was.to_string()))
                    .expect("one switch differs");
                let command = |word: &str| format!("set {}", word.replacen('=', " ", 1));
                SwitchVariant {
                    set: command(&changed.0),
                    reset: command(&changed.1),
                    name: changed.0,
                    game: Fevga::new(rules),
                }
            })
            .collect()
    }

    fn switch_witnesses(&self) -> Vec<(&'static str, [u8; 2])> {
        vec![
            // F7: the runner may land on 12, the opponent's start, now
            // empty; only reach_quarter releases the side there, so a
            // second checker may take the 1 (the protocol's own example).
            ("24:14 14:1 / 5:15", [2, 1]),
            // F8 timing: 24/19 closes the six points 19-24 for a moment;
            // end_of_play allows 24/19/14/9/4, every_step no five from 24.
            ("24:10 23:1 22:1 21:1 20:1 5:1 / 24:15", [5, 5]),
            // F9: the opponent gathered on its 10 (our 22) behind our
            // wall 16-21 (F15 (j)): unblock opens it, other values need not.
            ("21:2 20:2 19:2 18:2 17:2 16:2 5:3 / 10:15", [6, 5]),
            // F9 unblock_if_frozen: the opponent on its 10 and 17 (our 22
            // and 5), every step of both closed by our points 16-21, 23,
            // 24 and 1-4, but not gathered on one point: only
            // unblock_if_frozen makes us leave it a step.
            (
                "24:4 23:1 21:1 20:1 19:1 18:1 17:1 16:1 4:1 3:1 2:1 1:1 / 17:1 10:14",
                [6, 5],
            ),
        ]
    }

    fn bad_switch_commands(&self) -> Vec<String> {
        vec![
            "set fevga.release sometimes".to_string(),
            "set fevga.colour red".to_string(),
        ]
    }
}
