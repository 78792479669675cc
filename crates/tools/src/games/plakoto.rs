//! Plakoto in the tools: its [`ToolsGame`] impl (the arena, the benches,
//! the conformance checks); the players, suites and samples it names
//! stay with the tool that uses them.

use crate::ToolsGame;
use crate::arena::args::ArenaArgs;
use crate::arena::error::{ArenaError, PlayerError};
use crate::arena::game_options::{TableOptions, plakoto_options};
use crate::arena::plakoto_players::{
    PLAYERS, PlakotoPlayer, REFEREE_LIMITS, net_with_file, numbers,
};
use crate::arena::runner::RunSpec;
use crate::arena::tavli_player::BoxedPlayer;
use crate::arena::tavli_referee::Opening;
use crate::bench::SUITE_SEED;
use crate::bench::hint::HintBenchReport;
use crate::conformance::positions::{Sample, samples};
use crate::conformance::{ConformanceArgs, Step};
use plakoto_rules::sampling::midgame_suite;
use plakoto_rules::tavli::{Plakoto, ToPlay};
use plakoto_rules::{
    IllegalPlay, MatchId, MatchScore, MoveGenerator, Numbers, Phase, Play, PlayList, Position,
    Side, check_chosen,
};

impl ToolsGame for Plakoto {
    // The arena.
    const ENGINE_DEFAULT: bool = true;

    fn turn_match_id(&self, side: Side, to_play: &ToPlay<Numbers>, score: MatchScore) -> String {
        let clamp = |points: u32| points.min(127) as u8;
        let (dice, pending) = match to_play {
            ToPlay::Dice(dice) => (Some(*dice), None),
            ToPlay::Carried(numbers) => (None, Some(*numbers)),
        };
        MatchId {
            rules: self.rules,
            match_length: score.length,
            score: score.score.map(clamp),
            on_roll: side,
            dice,
            phase: Phase::Playing,
            pending,
        }
        .to_string()
    }

    fn is_garbage(&self, error: &IllegalPlay) -> bool {
        matches!(error, IllegalPlay::Notation(_))
    }

    fn refusal(&self, error: &IllegalPlay) -> String {
        match error {
            IllegalPlay::Notation(e) => format!("not a play: {e}"),
            other => other.to_string(),
        }
    }

    fn referee_generator(&self) -> MoveGenerator {
        MoveGenerator::new(REFEREE_LIMITS)
    }

    /// As the rules core's game checks a play chosen from its list
    /// ([`check_chosen`]): the line search where the list was cut short.
    fn check_play(
        &self,
        before: &Position,
        to_play: &ToPlay<Numbers>,
        list: &PlayList,
        play: &Play,
    ) -> Result<Play, IllegalPlay> {
        check_chosen(before, &numbers(self, to_play), list, play)
    }

    fn carried_roll(&self, carried: &Numbers) -> plakoto_records::record::Roll {
        plakoto_records::record::Roll::Passed(carried.to_vec())
    }

    const BUILTINS: &'static [(&'static str, &'static str)] = &[
        ("heuristic", PLAYERS[0].1),
        ("ply1", PLAYERS[1].1),
        ("ply2", PLAYERS[2].1),
        ("ply3", PLAYERS[3].1),
        ("net", PLAYERS[4].1),
        ("net-f32", PLAYERS[5].1),
        ("net-standard", PLAYERS[6].1),
        ("net-ply1", PLAYERS[7].1),
        ("net-ply2", PLAYERS[8].1),
        ("net-nopin", PLAYERS[9].1),
        ("pipcount", PLAYERS[10].1),
    ];

    fn builtin(
        &self,
        spec: &str,
        name: &str,
        file: Option<&str>,
    ) -> Option<Result<BoxedPlayer<Plakoto>, PlayerError>> {
        if let Some(file) = file {
            return Some(net_with_file(spec, name, file));
        }
        let &(_, _, plies, make) = PLAYERS.iter().find(|p| p.0 == name)?;
        if name.starts_with("net") {
            if let Err(source) = plakoto_engine::eval::net::express_network() {
                return Some(Err(PlayerError::Weights {
                    spec: spec.to_string(),
                    source,
                }));
            }
            // A seeded run must not depend on when the databases were ready.
            plakoto_engine::eval::exact::prepare();
        }
        Some(Ok(Box::new(PlakotoPlayer::new(spec, plies, make()))))
    }

    fn check_options(args: &ArenaArgs) -> Result<Option<TableOptions>, ArenaError> {
        plakoto_options(args).map(|()| None)
    }

    fn start_positions(spec: &RunSpec) -> Vec<plakoto_rules::Position> {
        spec.start_positions.clone()
    }

    /// R19: Plakoto's opening roll is always the Greek one.
    fn opening(_: Opening) -> Opening {
        Opening::Greek
    }

    // The benches.
    fn fixed_suite(positions: usize) -> Vec<Self::Position> {
        midgame_suite(SUITE_SEED, positions, 6)
    }

    fn suite_from(seed: u64, positions: usize, skip: usize) -> Vec<Self::Position> {
        midgame_suite(seed, positions, skip)
    }

    /// Plakoto's movement rules (`--rules`), which it is searched under.
    fn rules_shown(report: &HintBenchReport) -> String {
        format!("{} rules", report.variant)
    }

    // The conformance checks.
    type Sample = Sample;

    fn sample_game() -> Plakoto {
        Plakoto::default()
    }

    const NOTABLE: &'static str = "with a checker pinned";

    fn notable(&self, position: &Position) -> bool {
        position.own_pinned_mask() != 0 || position.opp_pinned_mask() != 0
    }

    fn samples(args: &ConformanceArgs) -> Vec<Sample> {
        samples(args.positions, args.seed)
    }

    /// Plakoto is the engine's game at start: nothing is sent first, so
    /// an engine of Plakoto alone (no `set game`) is checked too.
    fn setup() -> Vec<String> {
        Vec::new()
    }

    fn steps() -> Vec<(&'static str, bool, Step<Sample>)> {
        vec![
            ("framing", true, |c, _| c.check_framing()),
            ("commands", false, |c, _| c.check_commands()),
            ("ids", true, |c, _| c.check_ids()),
            ("errors", true, |c, s| c.check_errors(s)),
            ("positions", true, |c, s| c.check_positions(s)),
            ("legal", false, |c, s| c.check_legal(s)),
            ("play", true, |c, s| c.check_play(s)),
            ("discovery", false, |c, _| c.check_discovery()),
            ("quit", true, |c, _| c.check_quit()),
        ]
    }
}
