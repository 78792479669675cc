//! The address `plakoto external` listens on, written as gnubg writes the
//! one it connects to: `HOST:PORT` is TCP, anything with a `/` (or no
//! `:`) a Unix socket path.

use std::fmt;
use std::io::{Read, Write};
use std::net::{TcpListener, ToSocketAddrs};
use std::os::unix::net::UnixListener;
use std::path::PathBuf;
use std::str::FromStr;

/// Where to listen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListenAddress {
    /// A TCP address, `HOST:PORT`.
    Tcp(String),
    /// A Unix socket's path.
    Unix(PathBuf),
}

impl FromStr for ListenAddress {
    type Err = String;

    fn from_str(s: &str) -> Result<ListenAddress, String> {
        if s.is_empty() {
            return Err("an address is HOST:PORT or a Unix socket path".into());
        }
        if s.contains(':') && !s.contains('/') {
            let (_, port) = s.rsplit_once(':').unwrap_or_default();
            port.parse::<u16>()
                .map_err(|_| format!("'{s}': the port '{port}' is not 0-65535"))?;
            Ok(ListenAddress::Tcp(s.to_string()))
        } else {
            Ok(ListenAddress::Unix(PathBuf::from(s)))
        }
    }
}

impl fmt::Display for ListenAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListenAddress::Tcp(a) => f.write_str(a),
            ListenAddress::Unix(p) => write!(f, "{}", p.display()),
        }
    }
}

/// A bound listener.
pub enum Listener {
    /// On TCP.
    Tcp(TcpListener),
    /// On a Unix socket (its path, removed when done).
    Unix(UnixListener, PathBuf),
}

/// A connected stream of either kind.
pub trait Stream: Read + Write + Send {}
impl<T: Read + Write + Send> Stream for T {}

impl ListenAddress {
    /// Binds the address. A Unix socket path where a socket is left from
    /// an earlier run is taken over; any other file there is an error.
    pub fn bind(&self) -> std::io::Result<Listener> {
        match self {
            ListenAddress::Tcp(a) => {
                let addrs: Vec<_> = a.to_socket_addrs()?.collect();
                Ok(Listener::Tcp(TcpListener::bind(&addrs[..])?))
            }
            ListenAddress::Unix(path) => {
                use std::os::unix::fs::FileTypeExt;
                if let Ok(meta) = std::fs::symlink_metadata(path)
                    && meta.file_type().is_socket()
                {
                    std::fs::remove_file(path)?;
                }
                Ok(Listener::Unix(UnixListener::bind(path)?, path.clone()))
            }
        }
    }
}

impl Listener {
    /// The address bound, the port chosen included.
    pub fn local_name(&self) -> String {
        match self {
            Listener::Tcp(l) => l
                .local_addr()
                .map_or_else(|e| format!("? ({e})"), |a| a.to_string()),
            Listener::Unix(_, path) => path.display().to_string(),
        }
    }

    /// Waits for the next connection.
    pub fn accept(&self) -> std::io::Result<Box<dyn Stream>> {
        Ok(match self {
            Listener::Tcp(l) => {
                let (s, _) = l.accept()?;
                // An answer is one short line: send it at once.
                s.set_nodelay(true)?;
                Box::new(s)
            }
            Listener::Unix(l, _) => Box::new(l.accept()?.0),
        })
    }

    /// Removes a Unix socket's file.
    pub fn clean_up(&self) {
        if let Listener::Unix(_, path) = self {
            let _ = std::fs::remove_file(path);
        }
    }
}
