//! Each game's protocol knowledge beyond the table's hooks, one file a
//! game: its [`TableProtocol`](crate::table::TableProtocol) impl, its
//! `legal steps`, and (Plakoto) its commands in its own words. Nothing
//! imports this module: the session reaches the impls through the trait.

mod fevga;
mod plakoto;
mod portes;
