//! The play a judged player chose at each benchmark decision, kept in a
//! file (`bench strength --choices FILE`) so that two players, or two
//! builds of one player, can be compared decision by decision
//! (`--compare-choices FILE`): how often they chose the same play, and
//! what the differing choices lose. This is how a search change shows it
//! "chooses the same play" (issue 22's criterion) without a second search.
//!
//! The file is text, one decision a line: its id, the position ID after the
//! chosen play, and the equity the play loses, separated by tabs, after a
//! `# plakoto choices` header line naming the player.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use serde::Serialize;

use super::BenchmarkError;

/// First line of a choices file.
const MAGIC: &str = "# plakoto choices";

/// One decision's chosen play.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The decision's id.
    pub id: usize,
    /// Position ID after the chosen play.
    pub after: String,
    /// Equity the play loses against the decision's best candidate.
    pub loss: f32,
}

/// Writes `choices` of `player` to `path` (through a temporary file, so a
/// half-written file never replaces a whole one).
pub fn write(path: &Path, player: &str, choices: &[Choice]) -> Result<(), BenchmarkError> {
    let mut text = format!("{MAGIC} of {player}\n");
    for c in choices {
        // `{}` writes the shortest text that reads back to the same f32.
        text.push_str(&format!("{}\t{}\t{}\n", c.id, c.after, c.loss));
    }
    plakoto_records::record::file::write_atomic(path, &text)
        .map_err(|e| BenchmarkError::io(path, e))
}

/// Reads a choices file written by [`write`](fn@write): its player and choices.
pub fn read(path: &Path) -> Result<(String, Vec<Choice>), BenchmarkError> {
    let text = std::fs::read_to_string(path).map_err(|e| BenchmarkError::io(path, e))?;
    let bad = |line: usize, what: &str| {
        BenchmarkError::Format(format!("{}:{line}: {what}", path.display()))
    };
    let mut lines = text.lines();
    let player = lines
        .next()
        .and_then(|l| l.strip_prefix(MAGIC))
        .map(|rest| rest.trim_start_matches(" of ").to_string())
        .ok_or_else(|| bad(1, "not a choices file (no '# plakoto choices' header)"))?;
    let mut choices = Vec::new();
    for (i, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, after, loss] = fields[..] else {
            return Err(bad(
                i + 2,
                "expected: id, position ID, loss (tab-separated)",
            ));
        };
        choices.push(Choice {
            id: id
                .parse()
                .map_err(|_| bad(i + 2, "the id is not a number"))?,
            after: after.to_string(),
            loss: loss
                .parse()
                .map_err(|_| bad(i + 2, "the loss is not a number"))?,
        });
    }
    Ok((player, choices))
}

/// How one player's choices compare with another's on the same decisions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Agreement {
    /// The player compared against (from its file's header).
    pub other: String,
    /// Decisions both players were judged on.
    pub compared: usize,
    /// Share of those where both chose the same play.
    pub same_rate: f64,
    /// Decisions where the choices differ.
    pub differing: usize,
    /// Mean loss of this player's choices where they differ, ×1000.
    pub mean_loss_where_differing_milli: f64,
    /// Mean loss of the other player's choices there, ×1000.
    pub other_mean_loss_where_differing_milli: f64,
    /// Decisions of this run the other file does not hold.
    pub missing: usize,
}

impl Agreement {
    /// Compares `mine` with `theirs` (of player `other`) by decision id.
    pub fn of(mine: &[Choice], other: &str, theirs: &[Choice]) -> Agreement {
        let by_id: HashMap<usize, &Choice> = theirs.iter().map(|c| (c.id, c)).collect();
        let (mut compared, mut same, mut missing) = (0, 0, 0);
        let (mut my_loss, mut their_loss) = (0.0f64, 0.0f64);
        for c in mine {
            let Some(t) = by_id.get(&c.id) else {
                missing += 1;
                continue;
            };
            compared += 1;
            if t.after == c.after {
                same += 1;
            } else {
                my_loss += f64::from(c.loss);
                their_loss += f64::from(t.loss);
            }
        }
        let differing = compared - same;
        let per = |sum: f64| {
            if differing == 0 {
                0.0
            } else {
                1000.0 * sum / differing as f64
            }
        };
        Agreement {
            other: other.to_string(),
            compared,
            same_rate: if compared == 0 {
                0.0
            } else {
                same as f64 / compared as f64
            },
            differing,
            mean_loss_where_differing_milli: per(my_loss),
            other_mean_loss_where_differing_milli: per(their_loss),
            missing,
        }
    }
}

impl fmt::Display for Agreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "  against {}: same play in {:.2}% of {} decisions; where they differ ({}), this player loses {:.1} milli-points a decision, the other {:.1}",
            self.other,
            self.same_rate * 100.0,
            self.compared,
            self.differing,
            self.mean_loss_where_differing_milli,
            self.other_mean_loss_where_differing_milli
        )?;
        if self.missing > 0 {
            write!(f, " ({} decisions not in the other file)", self.missing)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(id: usize, after: &str, loss: f32) -> Choice {
        Choice {
            id,
            after: after.to_string(),
            loss,
        }
    }

    #[test]
    fn a_choices_file_reads_back_what_was_written() {
        let dir = std::env::temp_dir().join(format!("plakoto-choices-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.tsv");
        let written = vec![choice(0, "4HPwATDgc/ABMA", 0.0), choice(7, "xyz", 0.125)];
        write(&path, "net 82fe2015 0-ply", &written).unwrap();
        let (player, read_back) = read(&path).unwrap();
        assert_eq!(player, "net 82fe2015 0-ply");
        assert_eq!(read_back, written);
        std::fs::write(&path, "not a header\n").unwrap();
        assert!(read(&path).is_err());
        std::fs::write(&path, format!("{MAGIC} of x\n1\tabc\n")).unwrap();
        assert!(read(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn agreement_counts_same_plays_and_the_losses_where_they_differ() {
        let mine = vec![
            choice(0, "a", 0.0),
            choice(1, "b", 0.02),
            choice(2, "c", 0.1),
            choice(3, "d", 0.0),
        ];
        let theirs = vec![
            choice(0, "a", 0.0),
            choice(1, "x", 0.04),
            choice(2, "c", 0.1),
        ];
        let a = Agreement::of(&mine, "other", &theirs);
        assert_eq!((a.compared, a.differing, a.missing), (3, 1, 1));
        assert!((a.same_rate - 2.0 / 3.0).abs() < 1e-12);
        assert!((a.mean_loss_where_differing_milli - 20.0).abs() < 1e-3);
        assert!((a.other_mean_loss_where_differing_milli - 40.0).abs() < 1e-3);
    }
}
