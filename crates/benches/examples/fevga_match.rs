//! A seeded duplicate-dice Fevga match at 0 ply between two evaluators,
//! through the Fevga trainer's strength check
//! ([`plakoto_lab::train::table::arena_check`]); `plakoto arena --game
//! fevga` plays such matches too, with its records and options:
//!
//! ```sh
//! cargo run --release -p plakoto-benches --example fevga_match -- \
//!     runs/fevga1/best.net heuristic 1000 9001 [threads]
//! ```
//!
//! Each player is `heuristic`, `pipcount` or a Fevga weight file; the
//! third argument is the number of pairs (games = 2 × pairs), the fourth
//! the seed, the fifth the threads (default 1). Prints A's points per game
//! with its 95% interval.

use std::process::ExitCode;
use std::sync::Arc;

use plakoto_engine::game::fevga::net::FevgaNetwork;
use plakoto_engine::game::{FevgaNetEvaluator, GameEvaluator, fevga_evaluator};
use plakoto_lab::train::table::arena_check::duplicate_match;
use plakoto_rules::Fevga;

/// A maker of the evaluator `spec` names, one per worker thread.
type Maker = Box<dyn Fn() -> Box<dyn GameEvaluator<Fevga>> + Sync>;

/// The evaluator `spec` names: a built-in name or a weight file.
fn maker(spec: &str) -> Result<Maker, String> {
    if spec == "heuristic" || spec == "pipcount" {
        let name = spec.to_string();
        return Ok(Box::new(move || {
            fevga_evaluator(&name).expect("a built-in Fevga evaluator")
        }));
    }
    let net: Arc<FevgaNetwork> = Arc::new(
        FevgaNetwork::load(std::path::Path::new(spec)).map_err(|e| format!("{spec}: {e}"))?,
    );
    Ok(Box::new(move || {
        Box::new(FevgaNetEvaluator::new(net.clone()))
    }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!(
            "usage: fevga_match A B PAIRS SEED [THREADS]  (A, B: heuristic, pipcount or a .net file)"
        );
        return ExitCode::from(2);
    }
    let run = || -> Result<String, String> {
        let (a, b) = (maker(&args[0])?, maker(&args[1])?);
        let pairs: u64 = args[2].parse().map_err(|e| format!("PAIRS: {e}"))?;
        let seed: u64 = args[3].parse().map_err(|e| format!("SEED: {e}"))?;
        let threads: usize = match args.get(4) {
            Some(t) => t.parse().map_err(|e| format!("THREADS: {e}"))?,
            None => 1,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| e.to_string())?;
        let result = pool.install(|| duplicate_match(Fevga::default(), &*a, &*b, pairs, seed));
        Ok(format!("{} vs {}: {result}", args[0], args[1]))
    };
    match run() {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("fevga_match: {e}");
            ExitCode::from(2)
        }
    }
}
