//! Each game's [`LabGame`](crate::LabGame) impl: what the trainer needs
//! of it, how its refine and its benchmark run. One file a game.

pub mod fevga;
mod plakoto;
pub mod portes;
