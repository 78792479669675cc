//! Each game's [`LabGame`](crate::LabGame) impl: which trainer trains it,
//! how its refine and its benchmark run. One file a game.

pub mod fevga;
mod plakoto;
pub mod portes;
