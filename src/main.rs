//! The `plakoto` binary: its command line is the `plakoto-cli` crate.

fn main() -> std::process::ExitCode {
    plakoto_cli::main()
}
