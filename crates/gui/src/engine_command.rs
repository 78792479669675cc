//! How the GUI starts the engine of a session (`--engine`, or this binary).

use std::fmt;
use std::io;
use std::path::PathBuf;
use std::process::{Command, Stdio};

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
    /// `sh -c "exec COMMAND"`, as the arena starts engines
    /// ([`plakoto_protocol::client::shell_command`]).
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

    /// The process to start, its stderr piped (the GUI relays it and
    /// reports its last lines when the engine ends); the client
    /// ([`plakoto_protocol::client::Engine::spawn`]) pipes its stdin and stdout.
    pub fn process(&self) -> Command {
        let mut command = match self {
            EngineCommand::Program { program, args } => {
                let mut c = Command::new(program);
                c.args(args);
                c
            }
            EngineCommand::Shell(line) => plakoto_protocol::client::shell_command(line),
        };
        command.stderr(Stdio::piped());
        command
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
