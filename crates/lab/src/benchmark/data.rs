//! The benchmark's data: decisions with rolled-out candidates, and the
//! file that holds them (gzip-compressed JSON lines: a header line, then
//! one decision a line; specified in `benchmarks/FORMAT.md`).

use std::convert::Infallible;

use plakoto_rules::tavli::ToPlay;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;

use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use serde::{Deserialize, Serialize};

use super::BenchmarkError;
use super::phase::GamePhase;
use crate::movement_rules;
use plakoto_rules::tavli::GameKind;
use plakoto_rules::{Dice, Numbers, Position, TurnNumbers, Variant, parse_position_id};

/// The `format` field every benchmark file's header carries.
pub const FORMAT_NAME: &str = "plakoto-benchmark";
/// The version of the format this code reads and writes: 2 for a file
/// whose rollouts were pooled from several rollout seeds
/// (`pooled_seeds`), 1 for every other (so that a reader that does not
/// know pooling refuses a pooled file instead of misreading it).
pub const FORMAT_VERSION: u32 = 2;

/// The version of a file whose header has no `pooled_seeds`.
pub const SINGLE_ROLLOUT_VERSION: u32 = 1;

/// The `rules` of a benchmark of a game other than Plakoto: its default
/// switches.
pub const DEFAULT_RULES: &str = "standard";

/// Whether `game` is the default one, Plakoto (whose headers leave
/// `game` out, as the first benchmarks' did).
fn is_default(game: &GameKind) -> bool {
    *game == GameKind::default()
}

/// How a benchmark was built; the header of its file. Shards merge only
/// when their headers agree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`FORMAT_NAME`].
    pub format: String,
    /// [`FORMAT_VERSION`] when written.
    pub version: u32,
    /// The game of every decision. Absent from the file for Plakoto, the
    /// game the first benchmarks were built for, so that their files read,
    /// merge and resume as before.
    #[serde(default, skip_serializing_if = "is_default")]
    pub game: GameKind,
    /// The rules of every decision: for Plakoto its movement rules,
    /// `standard` or `express`; for another game `standard`, its default
    /// switches (docs/rules.md, variant switches).
    pub rules: String,
    /// Seed of the game sampling (decision ids are positions in its list).
    pub seed: u64,
    /// Decisions sampled (the full benchmark; a partial file has fewer).
    pub decisions: usize,
    /// Candidates taken from the top of the 2-ply ranking.
    pub top_candidates: usize,
    /// The evaluator that ranked the candidates and plays the rollouts,
    /// with its identity (`net 82fe2015`).
    pub evaluator: String,
    /// Games played out per candidate in each stage.
    pub trials: u32,
    /// Most games per candidate.
    pub max_trials: u32,
    /// Standard error of a loss at which a candidate needs no more games.
    pub target_error: f32,
    /// Plies of the rollout player.
    pub player_plies: u8,
    /// Turns after which a rollout game is scored by the evaluator.
    pub max_turns: u32,
    /// Whether rollout games stop at the exact race database.
    pub race_exact: bool,
    /// Whether the rollouts subtract each roll's luck (0-ply).
    pub luck_adjust: bool,
    /// Seed of the rollout dice.
    pub rollout_seed: u64,
    /// The rollout seeds of the benchmarks whose rollouts were pooled
    /// into this one (`plakoto benchmark pool`), `rollout_seed` first;
    /// empty (and absent from the file) when it holds one rollout.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pooled_seeds: Vec<u64>,
    /// Whether only the decisions where the net's 0-ply choice is not the
    /// 2-ply search's best play were rolled out (`benchmark build
    /// --disagreements-only`): a sample of where the net is likely wrong,
    /// for rollout targets, not a benchmark of every kind of decision.
    /// False (and absent from the file) for every benchmark.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disagreements_only: bool,
}

impl Header {
    /// Checks the format name and version.
    pub fn check(&self) -> Result<(), BenchmarkError> {
        if self.format != FORMAT_NAME || self.version != self.expected_version() {
            return Err(BenchmarkError::Format(format!(
                "not a version {} benchmark (format '{}', version {})",
                self.expected_version(),
                self.format,
                self.version
            )));
        }
        if !self.pooled_seeds.is_empty() && self.pooled_seeds.first() != Some(&self.rollout_seed) {
            return Err(BenchmarkError::Format(format!(
                "pooled seeds {:?} do not start with the rollout seed {}",
                self.pooled_seeds, self.rollout_seed
            )));
        }
        if movement_rules(self.game) {
            self.variant().map(|_| ())
        } else if self.rules == DEFAULT_RULES {
            Ok(())
        } else {
            Err(BenchmarkError::Format(format!(
                "unknown {} rules '{}' (only '{DEFAULT_RULES}')",
                self.game, self.rules
            )))
        }
    }

    /// The version a file with this header carries: 2 when pooled.
    pub fn expected_version(&self) -> u32 {
        if self.pooled_seeds.is_empty() {
            SINGLE_ROLLOUT_VERSION
        } else {
            FORMAT_VERSION
        }
    }

    /// The seeds of the rollout dice: every pooled one, or the one.
    pub fn rollout_seeds(&self) -> Vec<u64> {
        if self.pooled_seeds.is_empty() {
            vec![self.rollout_seed]
        } else {
            self.pooled_seeds.clone()
        }
    }

    /// The movement rules of a Plakoto benchmark; an error for another
    /// game's, so that a Plakoto-only tool refuses it.
    pub fn variant(&self) -> Result<Variant, BenchmarkError> {
        if !movement_rules(self.game) {
            return Err(BenchmarkError::Options(format!(
                "a {} benchmark, not a Plakoto one",
                self.game
            )));
        }
        self.rules
            .parse()
            .map_err(|_| BenchmarkError::Format(format!("unknown rules '{}'", self.rules)))
    }
}

/// The numbers to play at a decision, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TurnRecord {
    /// The side's own roll.
    Rolled {
        /// The two dice.
        dice: [u8; 2],
    },
    /// Express numbers passed on by the opponent (R21).
    Passed {
        /// The numbers, in playing order.
        numbers: Vec<u8>,
        /// Whether they are two different dice playable in either order.
        pair: bool,
    },
}

impl TurnRecord {
    /// The record of a turn of a game that carries no numbers from turn
    /// to turn: its roll.
    pub fn of_roll(to_play: &ToPlay<Infallible>) -> TurnRecord {
        match *to_play {
            ToPlay::Dice(dice) => TurnRecord::Rolled {
                dice: [dice.0.pips(), dice.1.pips()],
            },
            ToPlay::Carried(never) => match never {},
        }
    }

    /// The record of `turn`.
    pub fn of(turn: &TurnNumbers) -> TurnRecord {
        match turn {
            TurnNumbers::Rolled(dice, _) => TurnRecord::Rolled {
                dice: [dice.0.pips(), dice.1.pips()],
            },
            TurnNumbers::Passed(numbers) => TurnRecord::Passed {
                numbers: numbers.to_vec(),
                pair: matches!(numbers, Numbers::Pair(..)),
            },
        }
    }

    /// The numbers to play under `variant`.
    pub fn turn(&self, variant: Variant) -> Result<TurnNumbers, BenchmarkError> {
        let bad = || BenchmarkError::Format(format!("bad numbers {self:?}"));
        match self {
            TurnRecord::Rolled { dice: [a, b] } => {
                let dice = Dice::new(*a, *b).ok_or_else(bad)?;
                Ok(TurnNumbers::Rolled(dice, dice.numbers(variant)))
            }
            TurnRecord::Passed { numbers, pair } => {
                if numbers.is_empty()
                    || numbers.len() > 24
                    || numbers.iter().any(|&n| n == 0 || n > 6)
                {
                    return Err(bad());
                }
                if *pair {
                    let [a, b] = numbers.as_slice() else {
                        return Err(bad());
                    };
                    let dice = Dice::new(*a, *b).ok_or_else(bad)?;
                    return Ok(TurnNumbers::Passed(dice.numbers(Variant::Standard)));
                }
                Ok(TurnNumbers::Passed(Numbers::sequence(numbers)))
            }
        }
    }
}

/// One rolled-out candidate play of a decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The play in the engine's notation (`24/18 13/7`).
    pub play: String,
    /// Position ID of the position after the play, seen by the mover
    /// (before the turn passes): how a player's choice is matched.
    pub after: String,
    /// Rolled-out equity for the mover.
    pub equity: f32,
    /// Standard error of `equity`.
    pub std_error: f32,
    /// Standard error of the difference from the equity of the best
    /// candidate (the highest mean over all its games), over the games both
    /// played with the same dice; 0 for that best.
    pub loss_std_error: f32,
    /// Games it was played out in (clear blunders stop early).
    pub trials: u32,
    /// Equity given by the 2-ply search that chose the candidates.
    pub ply2_equity: f32,
}

/// One benchmark decision: a position, its numbers, and its candidates
/// rolled out, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// Index in the sampled list (shards merge by it).
    pub id: usize,
    /// The phase of the game.
    pub phase: GamePhase,
    /// Position ID, side on roll (to play) first.
    pub position: String,
    /// The numbers to play.
    pub turn: TurnRecord,
    /// Who made the play in the sampled game (`net`, `heuristic`,
    /// `net+random`).
    pub source: String,
    /// Index in `candidates` of the play made in the game.
    pub played: Option<usize>,
    /// Legal plays (distinct resulting positions) of the decision.
    pub legal_plays: usize,
    /// Rolled-out candidates, best first.
    pub candidates: Vec<Candidate>,
}

impl Decision {
    /// The position to play from, of a Plakoto benchmark (another game's
    /// is read by its [`plakoto_rules::TavliGame::parse_position_id`]).
    pub fn position(&self) -> Result<Position, BenchmarkError> {
        parse_position_id(&self.position)
            .map_err(|e| BenchmarkError::Format(format!("decision {}: {e}", self.id)))
    }

    /// The rolled-out loss of the candidate reaching `after` (the mover's
    /// view), and its standard error; a play that is not a candidate is
    /// charged the worst candidate's loss (the candidates are the best of
    /// a 2-ply search, so an unlisted play is taken to be no better than
    /// the worst of them). The third value says whether it was listed.
    pub fn loss_of(&self, after: &Position) -> (f32, f32, bool) {
        self.loss_of_id(&plakoto_rules::position_id(after))
    }

    /// [`Self::loss_of`] the candidate whose position after the play has
    /// the Position ID `after` (of the benchmark's game).
    pub fn loss_of_id(&self, after: &str) -> (f32, f32, bool) {
        let best = self.candidates.first().map_or(0.0, |c| c.equity);
        match self.candidates.iter().find(|c| c.after == after) {
            Some(c) => (best - c.equity, c.loss_std_error, true),
            None => {
                let worst = self.candidates.last();
                worst.map_or((0.0, 0.0, false), |c| {
                    (best - c.equity, c.loss_std_error, false)
                })
            }
        }
    }
}

/// A whole benchmark: its header and decisions, ordered by id.
#[derive(Clone, Debug, PartialEq)]
pub struct Benchmark {
    /// How it was built.
    pub header: Header,
    /// The decisions, by id.
    pub decisions: Vec<Decision>,
}

impl Benchmark {
    /// Reads a benchmark file: gzip-compressed when its name ends in
    /// `.gz`, plain JSON lines otherwise (a shard's work file).
    pub fn read(path: &Path) -> Result<Benchmark, BenchmarkError> {
        let file = File::open(path).map_err(|e| BenchmarkError::io(path, e))?;
        let reader: Box<dyn Read> = if path.extension().is_some_and(|e| e == "gz") {
            Box::new(GzDecoder::new(file))
        } else {
            Box::new(file)
        };
        Benchmark::from_lines(BufReader::new(reader), path)
    }

    /// Reads the header line and every complete decision line; a last
    /// line cut short (a shard stopped while writing) is ignored.
    fn from_lines(reader: impl BufRead, path: &Path) -> Result<Benchmark, BenchmarkError> {
        let mut lines = reader.lines();
        let first = lines
            .next()
            .ok_or_else(|| BenchmarkError::Format(format!("{}: empty", path.display())))?
            .map_err(|e| BenchmarkError::io(path, e))?;
        let header: Header = serde_json::from_str(&first)
            .map_err(|e| BenchmarkError::Format(format!("{}: header: {e}", path.display())))?;
        header.check()?;
        let mut decisions = Vec::new();
        let mut pending_error = None;
        for (n, line) in lines.enumerate() {
            let line = line.map_err(|e| BenchmarkError::io(path, e))?;
            if let Some(e) = pending_error.take() {
                // Only the last line may be cut short.
                return Err(e);
            }
            match serde_json::from_str::<Decision>(&line) {
                Ok(d) => decisions.push(d),
                Err(e) => {
                    pending_error = Some(BenchmarkError::Format(format!(
                        "{}: line {}: {e}",
                        path.display(),
                        n + 2
                    )))
                }
            }
        }
        decisions.sort_by_key(|d| d.id);
        decisions.dedup_by_key(|d| d.id);
        Ok(Benchmark { header, decisions })
    }

    /// Writes the benchmark gzip-compressed to `path`, through a
    /// temporary file renamed into place (never half-written; created
    /// exclusively at a random name beside it, never through a link:
    /// [`plakoto_records::record::temp_file_beside`]).
    pub fn write_gz(&self, path: &Path) -> Result<(), BenchmarkError> {
        let write = || -> std::io::Result<()> {
            let temporary = plakoto_records::record::temp_file_beside(path)?;
            let mut out = GzEncoder::new(BufWriter::new(temporary), Compression::best());
            writeln!(out, "{}", serde_json::to_string(&self.header)?)?;
            for d in &self.decisions {
                writeln!(out, "{}", serde_json::to_string(d)?)?;
            }
            let temporary = out.finish()?.into_inner().map_err(|e| e.into_error())?;
            temporary.as_file().sync_all()?;
            temporary.persist(path).map_err(|e| e.error)?;
            Ok(())
        };
        write().map_err(|e| BenchmarkError::io(path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_records_round_trip() {
        let turns = [
            TurnNumbers::Rolled(
                Dice::new(6, 5).unwrap(),
                Dice::new(6, 5).unwrap().numbers(Variant::Express),
            ),
            TurnNumbers::Passed(Numbers::sequence(&[4, 4, 5, 5, 5, 5])),
            TurnNumbers::Passed(Dice::new(3, 1).unwrap().numbers(Variant::Standard)),
        ];
        for turn in turns {
            let record = TurnRecord::of(&turn);
            let text = serde_json::to_string(&record).unwrap();
            let back: TurnRecord = serde_json::from_str(&text).unwrap();
            assert_eq!(back.turn(Variant::Express).unwrap(), turn, "{text}");
        }
    }

    #[test]
    fn bad_numbers_are_refused() {
        let bad = TurnRecord::Passed {
            numbers: vec![7],
            pair: false,
        };
        assert!(bad.turn(Variant::Express).is_err());
        let bad = TurnRecord::Rolled { dice: [0, 3] };
        assert!(bad.turn(Variant::Standard).is_err());
    }
}
