//! A shard's work file: what `benchmark build` and `benchmark reroll` share
//! to be resumable and shardable. The file is JSON lines, the header first,
//! one decision a line appended (and flushed) as it is done; a restarted
//! shard takes the decisions the file (or a `--done-in` benchmark of the
//! same header) holds as done, and a last line cut short by a stop is
//! dropped.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::BenchmarkError;
use super::data::{Benchmark, Decision, Header};
use plakoto_tools::arena::shard::Shard;

/// One process's part of a build or re-roll, and where it goes.
#[derive(Clone, Debug)]
pub struct ShardWork {
    /// Threads for the rollouts.
    pub threads: usize,
    /// This process's part: the decisions whose `id mod N` is `K-1`.
    pub shard: Shard,
    /// The work file this shard appends to.
    pub out: PathBuf,
    /// Stop after this many decisions (to run the work in slices).
    pub limit: Option<usize>,
    /// Benchmarks of the same header whose decisions are done already (a
    /// merged file of an earlier session).
    pub done_in: Vec<PathBuf>,
}

impl ShardWork {
    /// The whole work in one process, on one thread, into `out`.
    pub fn whole(out: PathBuf) -> ShardWork {
        ShardWork {
            threads: 1,
            shard: Shard { index: 1, count: 1 },
            out,
            limit: None,
            done_in: Vec::new(),
        }
    }

    /// The work this shard does now: the items (decision ids with what
    /// each needs) that are its own and not `done`, at most `limit`.
    pub(crate) fn select<T>(
        &self,
        items: impl IntoIterator<Item = (usize, T)>,
        done: &HashSet<usize>,
    ) -> Vec<(usize, T)> {
        let mine =
            |id: usize| id as u64 % u64::from(self.shard.count) == u64::from(self.shard.index - 1);
        items
            .into_iter()
            .filter(|(id, _)| mine(*id) && !done.contains(id))
            .take(self.limit.unwrap_or(usize::MAX))
            .collect()
    }

    /// Opens the work file for `header` (created, or checked and a cut
    /// last line dropped) and returns the decisions done before: those it
    /// holds and those of the `done_in` benchmarks, which must carry the
    /// same header.
    pub(crate) fn start(&self, header: &Header) -> Result<Vec<Decision>, BenchmarkError> {
        let mut done = prepare_work_file(&self.out, header)?;
        for path in &self.done_in {
            let other = Benchmark::read(path)?;
            if other.header != *header {
                return Err(BenchmarkError::Options(format!(
                    "{} was made with other options ({:?}), not {:?}",
                    path.display(),
                    other.header,
                    header
                )));
            }
            done.extend(other.decisions);
        }
        Ok(done)
    }

    /// Works through `work` (from [`Self::select`]), appending each decision `make` returns to the work
    /// file as one line, flushed at once (a stop loses at most the decision
    /// under way); `make` returns `None` for a decision it passes over.
    /// Progress lines go to stderr. Returns the decisions written.
    pub(crate) fn run<T>(
        &self,
        work: &[(usize, T)],
        mut make: impl FnMut(usize, &T) -> Result<Option<Decision>, BenchmarkError>,
    ) -> Result<usize, BenchmarkError> {
        let mut file = OpenOptions::new()
            .append(true)
            .open(&self.out)
            .map_err(|e| BenchmarkError::io(&self.out, e))?;
        let started = Instant::now();
        let mut written = 0;
        for (n, (id, item)) in work.iter().enumerate() {
            let Some(decision) = make(*id, item)? else {
                eprintln!("decision {id} ({}/{}): passed over", n + 1, work.len());
                continue;
            };
            written += 1;
            let line = serde_json::to_string(&decision)
                .map_err(|e| BenchmarkError::Format(e.to_string()))?;
            writeln!(file, "{line}")
                .and_then(|()| file.flush())
                .map_err(|e| BenchmarkError::io(&self.out, e))?;
            let elapsed = started.elapsed().as_secs_f64();
            let left = elapsed / (n + 1) as f64 * (work.len() - n - 1) as f64;
            eprintln!(
                "decision {id} ({}/{}): {}, {} candidates, loss of the played {:.3}; {:.1} s a decision, about {:.0} min left",
                n + 1,
                work.len(),
                decision.phase,
                decision.candidates.len(),
                decision
                    .played
                    .map_or(f32::NAN, |i| decision.candidates[0].equity
                        - decision.candidates[i].equity),
                elapsed / (n + 1) as f64,
                left / 60.0
            );
        }
        Ok(written)
    }
}

/// The ids of the decisions `done` before, each checked to be the
/// decision whose position ID `expected` gives for its id: a work file of
/// the same options but other decisions is refused, the error saying that
/// the decision done before `differs` (its wording).
pub(crate) fn checked_done(
    done: &[Decision],
    expected: impl Fn(usize) -> Option<String>,
    differs: &str,
) -> Result<HashSet<usize>, BenchmarkError> {
    let mut ids = HashSet::new();
    for d in done {
        if expected(d.id).as_ref() != Some(&d.position) {
            return Err(BenchmarkError::Options(format!(
                "decision {} done before {differs}",
                d.id
            )));
        }
        ids.insert(d.id);
    }
    Ok(ids)
}

/// Creates the work file with `header`, or checks an existing one against
/// it and drops a last line cut short; returns the decisions it holds.
fn prepare_work_file(path: &Path, header: &Header) -> Result<Vec<Decision>, BenchmarkError> {
    if !path.exists() {
        let mut file = File::create(path).map_err(|e| BenchmarkError::io(path, e))?;
        let line =
            serde_json::to_string(header).map_err(|e| BenchmarkError::Format(e.to_string()))?;
        writeln!(file, "{line}").map_err(|e| BenchmarkError::io(path, e))?;
        return Ok(Vec::new());
    }
    let bytes = std::fs::read(path).map_err(|e| BenchmarkError::io(path, e))?;
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    if complete < bytes.len() {
        // A stop while writing: keep the complete lines only.
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| BenchmarkError::io(path, e))?;
        file.set_len(complete as u64)
            .map_err(|e| BenchmarkError::io(path, e))?;
    }
    let existing = Benchmark::read(path)?;
    if existing.header != *header {
        return Err(BenchmarkError::Options(format!(
            "{} was made with other options ({:?}); use another --out or the same options",
            path.display(),
            existing.header
        )));
    }
    Ok(existing.decisions)
}
