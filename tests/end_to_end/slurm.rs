//! The Slurm scripts (`scripts/slurm/`) on a real one-node cluster started
//! from nothing: an arena, a benchmark build and rollout labels submitted as
//! job arrays with a dependent merge give exactly the unsharded runs'
//! results, and a run
//! whose task fails is not merged, says so, and is completed by
//! `submit.sh --resume`. Skipped (with a note) where Slurm is not installed;
//! `.ci/run` installs it.

use crate::slurm_cluster;

use slurm_cluster::{Cluster, missing_programs, wait_for};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const PLAKOTO: &str = env!("CARGO_BIN_EXE_plakoto");
const ARENA: [&str; 8] = [
    "--a",
    "builtin:heuristic",
    "--b",
    "builtin:random",
    "--games",
    "40",
    "--seed",
    "5",
];
const BENCHMARK: [&str; 8] = [
    "--decisions",
    "6",
    "--trials",
    "36",
    "--max-trials",
    "36",
    "--candidates",
    "2",
];

const LABELS: [&str; 12] = [
    "--game",
    "fevga",
    "--positions",
    "5",
    "--trials",
    "36",
    "--max-turns",
    "200",
    "--no-luck-adjust",
    "--seed",
    "5",
    "--share=0.3",
];

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/slurm")
        .join(name)
}

/// Runs `submit.sh ARGS`, which must succeed; returns its output.
fn submit(cluster: &Cluster, args: &[&str]) -> String {
    let out = cluster
        .command(script("submit.sh"))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "submit.sh {args:?} failed: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Submits `work` with 2 tasks of one core into `dir`; returns the merge
/// job's id.
fn submit_run(cluster: &Cluster, work: &str, dir: &Path, options: &[&str]) -> String {
    let mut args = vec!["--plakoto", PLAKOTO, "--tasks", "2", work];
    args.push(dir.to_str().unwrap());
    args.push("--");
    args.extend_from_slice(options);
    merge_job(&submit(cluster, &args))
}

/// The merge job's id in submit.sh's output.
fn merge_job(output: &str) -> String {
    output
        .lines()
        .find_map(|line| line.strip_prefix("submitted merge job "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no merge job in {output}"))
        .to_string()
}

/// Waits until status.sh no longer reports the run in progress (exit 3);
/// returns its exit status and report.
fn wait_run(cluster: &Cluster, dir: &Path) -> (i32, String) {
    let mut last = (3, String::new());
    wait_for(Duration::from_secs(60), "the run to end", || {
        let out = cluster
            .command(script("status.sh"))
            .arg(dir)
            .output()
            .unwrap();
        last = (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        );
        last.0 != 3
    });
    last
}

/// A JSON arena summary without its timing (the one figure sharding may change).
fn arena_summary(json: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(json).expect("a JSON summary");
    value.as_object_mut().unwrap().remove("ms_per_move");
    value
}

fn unsharded_arena() -> serde_json::Value {
    let out = Command::new(PLAKOTO)
        .arg("arena")
        .args(ARENA)
        .args(["--quiet", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    arena_summary(&String::from_utf8_lossy(&out.stdout))
}

fn gunzip(path: &Path) -> Vec<u8> {
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_end(&mut bytes)
        .unwrap();
    bytes
}

/// The unsharded benchmark build, merged as the scripts merge (decompressed).
fn unsharded_benchmark(dir: &Path) -> Vec<u8> {
    std::fs::create_dir_all(dir).unwrap();
    let work = dir.join("all.jsonl");
    let merged = dir.join("all.jsonl.gz");
    let build = Command::new(PLAKOTO)
        .args(["benchmark", "build", "--out", work.to_str().unwrap()])
        .args(BENCHMARK)
        .output()
        .unwrap();
    assert!(build.status.success());
    let merge = Command::new(PLAKOTO)
        .args(["benchmark", "merge", "--out", merged.to_str().unwrap()])
        .arg(&work)
        .output()
        .unwrap();
    assert!(merge.status.success());
    gunzip(&merged)
}

/// The unsharded rollout labels of [`LABELS`].
fn unsharded_labels(dir: &Path) -> Vec<u8> {
    std::fs::create_dir_all(dir).unwrap();
    let out = dir.join("labels.txt");
    let run = Command::new(PLAKOTO)
        .args(["refine", "labels", "--out", out.to_str().unwrap()])
        .args(LABELS)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::read(&out).unwrap()
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn job_arrays_merge_to_the_unsharded_results_and_resume_after_a_failure() {
    if let Some(missing) = missing_programs() {
        eprintln!(
            "skipped: Slurm is not fully installed here (missing: {missing}); .ci/run \
             installs it: apt-get install slurmctld slurmd slurm-client munge"
        );
        return;
    }
    let root = std::env::temp_dir().join(format!("plakoto-slurm-{}", std::process::id()));
    let cluster = Cluster::start(&root.join("cluster"));
    let (arena, benchmark, failing) = (root.join("arena"), root.join("bench"), root.join("fail"));
    let labels = root.join("labels");

    // Shard 2's work file cannot be opened (a directory stands in its
    // place), so its task fails as it would on a full or broken disk.
    std::fs::create_dir_all(failing.join("shards/shard-2.jsonl")).unwrap();
    // All four runs are queued at once, as users share a cluster.
    submit_run(&cluster, "arena", &arena, &ARENA);
    submit_run(&cluster, "benchmark", &benchmark, &BENCHMARK);
    submit_run(&cluster, "labels", &labels, &LABELS);
    let failed_merge = submit_run(&cluster, "arena", &failing, &ARENA);

    let unsharded = unsharded_arena();
    let (code, report) = wait_run(&cluster, &arena);
    assert_eq!(code, 0, "{report}{}", cluster.logs());
    assert_eq!(arena_summary(&read(arena.join("summary.json"))), unsharded);
    let text = read(arena.join("summary.txt"));
    assert!(text.contains("# seed: 5\n"), "{text}");
    assert!(
        text.contains(
            "arena --a builtin:heuristic --b builtin:random --games 40 --seed 5 --shard K/2"
        ),
        "the command in the summary's header: {text}"
    );

    let (code, report) = wait_run(&cluster, &benchmark);
    assert_eq!(code, 0, "{report}");
    assert!(
        gunzip(&benchmark.join("benchmark.jsonl.gz")) == unsharded_benchmark(&root.join("plain")),
        "the merged benchmark differs from the unsharded build"
    );
    assert!(read(benchmark.join("summary.txt")).contains("benchmark build --decisions 6"));

    let (code, report) = wait_run(&cluster, &labels);
    assert_eq!(code, 0, "{report}");
    assert!(
        std::fs::read(labels.join("labels.txt")).unwrap()
            == unsharded_labels(&root.join("plain-labels")),
        "the merged labels differ from the unsharded run's"
    );
    let text = read(labels.join("summary.txt"));
    assert!(text.contains("refine labels --game fevga"), "{text}");
    assert!(text.contains("5 labelled positions from 2 files"), "{text}");

    // The failed task stops the run short of its merge, and says why.
    let (code, report) = wait_run(&cluster, &failing);
    assert_eq!(code, 1, "{report}");
    assert!(report.contains("shard 1: done"), "{report}");
    assert!(report.contains("shard 2: FAILED"), "{report}");
    assert!(
        report.contains("is a folder, not a file"),
        "the task's error: {report}"
    );
    assert!(report.contains("--resume"), "{report}");
    assert_eq!(cluster.job_state(&failed_merge), "CANCELLED");
    assert!(!failing.join("summary.json").exists());

    // Resubmitted once the cause is gone, only shard 2 runs again.
    std::fs::remove_dir(failing.join("shards/shard-2.jsonl")).unwrap();
    let output = submit(&cluster, &["--resume", failing.to_str().unwrap()]);
    assert!(output.contains("shards 2 of 2"), "{output}");
    let (code, report) = wait_run(&cluster, &failing);
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        arena_summary(&read(failing.join("summary.json"))),
        unsharded
    );
    let first_log = read(failing.join("logs/task-1.log"));
    assert_eq!(first_log.matches("shard 1/2 on").count(), 1, "{first_log}");

    drop(cluster);
    let _ = std::fs::remove_dir_all(&root);
}

/// The scripts pass shellcheck (skipped, with a note, where it is missing;
/// `.ci/run` installs it).
#[test]
fn the_scripts_are_shellcheck_clean() {
    let Some(shellcheck) = slurm_cluster::find_program("shellcheck") else {
        eprintln!("skipped: shellcheck is not installed (.ci/run installs it)");
        return;
    };
    let scripts = ["lib.sh", "submit.sh", "step.sh", "status.sh"].map(script);
    let out = Command::new(shellcheck)
        .arg("-x")
        .args(&scripts)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "shellcheck: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}
