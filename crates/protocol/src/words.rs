//! Small readers shared by the parsers of command lines: bounded numbers,
//! time budgets, rollout trials, and the check that only spaces and tabs
//! separate words.

use super::errors::{ErrorCode, ProtoError};
use plakoto_engine::game::{ROLLOUT_TRIALS, TIME_MS};

fn invalid(msg: impl Into<String>) -> ProtoError {
    ProtoError::new(ErrorCode::InvalidArgument, msg)
}

/// The error for a blank or control character other than space and tab
/// in the command, if there is one: only space and tab separate words.
pub fn stray_blank(body: &str) -> Option<ProtoError> {
    let (at, c) = body
        .chars()
        .enumerate()
        .find(|&(_, c)| (c.is_whitespace() || c.is_control()) && c != ' ' && c != '\t')?;
    Some(ProtoError::new(
        ErrorCode::Syntax,
        format!(
            "character {} of the command is U+{:04X}: only spaces and tabs separate words",
            at + 1,
            u32::from(c)
        ),
    ))
}

/// A number of at most `max` (the message names `what`).
pub fn number<T: std::str::FromStr>(digits: &str, what: &str, max: u64) -> Result<T, ProtoError> {
    digits
        .parse::<u64>()
        .ok()
        .filter(|&n| n <= max)
        .and_then(|n| n.to_string().parse::<T>().ok())
        .ok_or_else(|| invalid(format!("{what} must be at most {max}, not {digits}")))
}

/// A time budget in milliseconds ([`TIME_MS`]), as `hint time N` gives it.
pub fn time_budget(digits: &str) -> Result<u64, ProtoError> {
    Ok(TIME_MS.read_checked(digits)?)
}

/// Rollout trials per candidate ([`ROLLOUT_TRIALS`]), as `rollout N`
/// gives them.
pub fn rollout_trials(digits: &str) -> Result<u32, ProtoError> {
    Ok(ROLLOUT_TRIALS.read_checked(digits)? as u32)
}
