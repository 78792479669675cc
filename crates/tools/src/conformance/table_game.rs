//! Portes' and Fevga's [`ConformanceGame`] impls: the generic checks of
//! the table (`table.rs`) on samples of the game (`table_positions.rs`),
//! which samples are worth counting (Portes: the side on roll on the bar;
//! Fevga: not yet released, F7), and Fevga's switches, each a variant of
//! the game with the commands that set it, whose `legal` lists are
//! compared under it, with the positions that tell them apart.

use plakoto_rules::fevga::{
    FevgaRules, PrimeRule, QuarterCheck, QuarterRule, Release, is_released,
};
use plakoto_rules::portes::PortesScoring;
use plakoto_rules::tavli::{Fevga, Portes};

use super::table::table_steps;
use super::table_positions::{TableSample, table_samples};
use super::{ConformanceArgs, ConformanceGame, Step, SwitchVariant};

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
