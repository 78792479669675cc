//! Each game's protocol knowledge beyond the table's hooks: Plakoto's
//! [`TableProtocol`](crate::table::TableProtocol) impl and its commands in
//! its own words. Nothing imports this module: the session reaches the
//! impl through the trait.

mod plakoto;
