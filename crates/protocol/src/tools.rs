//! What a command works with besides the session's state.

use plakoto_records::record::Event;

use crate::session_search::SessionSearch;

/// What commands work with besides the state: the session's search (its
/// evaluators and settings change only by their own commands, its
/// buffers only save time), where searches say how far they have got, and
/// the events the command's changes to the games make, which the record
/// keeps once the command succeeds.
pub struct Tools<'a> {
    pub(crate) search: &'a mut SessionSearch,
    pub(crate) progress: &'a super::progress::ProgressBoard,
    pub(crate) events: Vec<Event>,
}
