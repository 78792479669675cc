//! Each game's [`SessionGame`](crate::session_game::SessionGame): Plakoto's
//! own (the session's commands play it), and the one every game of the
//! table ([`TableProtocol`](crate::table::TableProtocol)) shares. Nothing
//! imports this module: the session reaches the impls through the trait.

mod plakoto;
mod table;
