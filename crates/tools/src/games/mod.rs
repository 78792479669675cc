//! Each game's [`ToolsGame`](crate::ToolsGame) impl, one file a game: what
//! the arena, the benches and the conformance checks need of it.

pub mod fevga;
pub mod plakoto;
pub mod portes;
