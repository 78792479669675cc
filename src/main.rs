//! The `plakoto` command line. (Minimal on the search branch: only
//! `plakoto bench hint`; the lead merges it with the protocol's main.)

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "plakoto", version, about = "A Plakoto engine")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Benchmarks.
    Bench {
        #[command(subcommand)]
        which: BenchCommand,
    },
}

#[derive(Subcommand)]
enum BenchCommand {
    /// Milliseconds per hint at 0-3 plies over a fixed mid-game suite.
    Hint {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Positions in the suite (each with all 21 rolls).
        #[arg(long, default_value_t = 50)]
        positions: usize,
        /// Ply depths to time, comma-separated.
        #[arg(long, value_delimiter = ',', default_values_t = vec![0u8, 1, 2, 3])]
        plies: Vec<u8>,
        /// Suite seed.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Rollout trials per candidate for games/s (0 to skip).
        #[arg(long, default_value_t = 144)]
        rollout_trials: u32,
        /// Rules to search under: standard or express.
        #[arg(long, default_value = "standard")]
        rules: plakoto::game::Variant,
    },
}

fn main() {
    env_logger::init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Bench {
            which:
                BenchCommand::Hint {
                    json,
                    positions,
                    plies,
                    seed,
                    rollout_trials,
                    rules,
                },
        }) => {
            let options = plakoto::bench::hint::HintBenchOptions {
                positions,
                seed,
                plies,
                rollout_trials,
                json,
                variant: rules,
                ..Default::default()
            };
            if let Err(e) = plakoto::bench::hint::run(&options) {
                eprintln!("bench hint: {e}");
                std::process::exit(1);
            }
        }
        None => {}
    }
}
