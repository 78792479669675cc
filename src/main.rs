//! The `plakoto` command line (minimal on this branch: only `arena`).

use clap::{Parser, Subcommand};

/// plakoto: a Plakoto engine.
#[derive(Parser)]
#[command(name = "plakoto", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play two engines against each other with duplicate dice.
    Arena(plakoto::arena::cli::ArenaArgs),
}

fn main() -> std::process::ExitCode {
    env_logger::init();
    match Cli::parse().command {
        Command::Arena(args) => match plakoto::arena::cli::run(args) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("plakoto arena: {e}");
                std::process::ExitCode::from(2)
            }
        },
    }
}
