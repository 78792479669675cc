//! Starting an engine child process for one GUI session.

use std::fmt;
use std::io;
use std::path::PathBuf;
use std::process::Stdio;

use tokio::process::{Child, Command};

/// How to start the engine of a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineCommand {
    /// A program and its arguments, started directly (the default: this
    /// binary in engine mode).
    Program {
        /// The executable.
        program: PathBuf,
        /// Its arguments.
        args: Vec<String>,
    },
    /// A shell command line (`--engine "COMMAND"`), started as
    /// `sh -c "exec COMMAND"`, as the arena starts engines.
    Shell(String),
}

impl EngineCommand {
    /// This same binary in engine mode.
    pub fn this_binary() -> io::Result<Self> {
        Ok(EngineCommand::Program {
            program: std::env::current_exe()?,
            args: vec!["engine".to_string()],
        })
    }

    /// Starts the engine with piped stdin, stdout and stderr; the child is
    /// killed when its handle is dropped (the session ended).
    pub fn spawn(&self) -> io::Result<Child> {
        let mut command = match self {
            EngineCommand::Program { program, args } => {
                let mut c = Command::new(program);
                c.args(args);
                c
            }
            EngineCommand::Shell(line) => {
                let mut c = Command::new("sh");
                c.arg("-c").arg(format!("exec {line}"));
                c
            }
        };
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineCommand::Program { program, args } => {
                write!(f, "{}", program.display())?;
                for a in args {
                    write!(f, " {a}")?;
                }
                Ok(())
            }
            EngineCommand::Shell(line) => f.write_str(line),
        }
    }
}
