//! Who may talk to `plakoto gui`'s server: the defences against other
//! websites the user visits while it runs (issue 46).
//!
//! A page of any website can make the browser send requests to
//! 127.0.0.1, and with DNS rebinding (a name of its own made to resolve to
//! 127.0.0.1) its requests carry a `Host` and an `Origin` of that name,
//! which agree with each other. So the server answers only requests whose
//! `Host` is an address it serves ([`Access::host_allowed`]: 403
//! otherwise, for the page, its assets and the socket alike), and the
//! socket only opens for a page that presents the launch's [`Token`], a
//! random secret printed (in the page's address) only to the terminal that
//! started the server.

use std::fmt;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rand::RngCore;

use super::AppState;

/// Bytes of randomness in a token (hex-encoded: twice as many characters).
const TOKEN_BYTES: usize = 24;

/// The secret of one launch of the server: the page's address carries it
/// (`?token=…`) and the page presents it when it opens its socket.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A fresh token from the operating system's random source.
    pub fn random() -> Token {
        let mut bytes = [0u8; TOKEN_BYTES];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Token(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// The token as it travels in the page's address.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `presented` is this token, compared in time that does not
    /// depend on where the two first differ (only on their lengths, which
    /// are no secret), so that timing cannot guess it character by
    /// character.
    pub fn matches(&self, presented: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), presented.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl fmt::Debug for Token {
    /// Never the secret itself (debug output may end up in logs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

/// What a request must show: the port served, and the launch's token.
#[derive(Debug, Clone)]
pub struct Access {
    /// The TCP port the server listens on.
    pub port: u16,
    /// The launch's secret.
    pub token: Token,
}

impl Access {
    /// Whether `host` (a `Host` header's value) names this server as the
    /// browser reaches it: `127.0.0.1`, `localhost` or `[::1]`, with the
    /// port served (which a browser leaves out for port 80).
    pub fn host_allowed(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        let (name, port) = match host.rsplit_once(':') {
            Some((name, port)) if !port.contains(']') => (name, port.parse::<u16>().ok()),
            _ => (host.as_str(), Some(80)),
        };
        port == Some(self.port) && ["127.0.0.1", "localhost", "[::1]"].contains(&name)
    }
}

/// The middleware in front of every route: a request whose `Host` is not
/// one of [`Access::host_allowed`]'s gets 403 and nothing else.
pub(crate) async fn host_guard(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| request.uri().authority().map(|a| a.as_str()));
    match host {
        Some(host) if state.access.host_allowed(host) => next.run(request).await,
        _ => (
            StatusCode::FORBIDDEN,
            "403 forbidden: this server answers only requests addressed to \
             127.0.0.1, localhost or [::1] at its own port\n",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_served_loopback_addresses_are_allowed() {
        let access = Access {
            port: 18931,
            token: Token::random(),
        };
        for host in [
            "127.0.0.1:18931",
            "localhost:18931",
            "LocalHost:18931",
            "[::1]:18931",
        ] {
            assert!(access.host_allowed(host), "{host}");
        }
        for host in [
            "evil.example:18931",
            "127.0.0.1:18932",
            "127.0.0.1",
            "localhost",
            "127.0.0.1.evil.example:18931",
            "localhost.:18931",
            "0.0.0.0:18931",
            "[::1]",
            "",
            ":18931",
        ] {
            assert!(!access.host_allowed(host), "{host}");
        }
        let on_80 = Access {
            port: 80,
            token: Token::random(),
        };
        assert!(on_80.host_allowed("localhost") && on_80.host_allowed("[::1]"));
        assert!(!on_80.host_allowed("evil.example"));
    }

    #[test]
    fn tokens_are_random_and_compared_whole() {
        let a = Token::random();
        let b = Token::random();
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 2 * TOKEN_BYTES);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(b.as_str()));
        assert!(!a.matches(""));
        assert!(!a.matches(&a.as_str()[1..]));
        assert!(!a.matches(&format!("{}0", a.as_str())));
        assert_eq!(format!("{a:?}"), "Token(…)");
    }
}
