//! The bound on GUI sessions running at once (`plakoto gui
//! --max-sessions`): a session holds a slot from its socket's start until
//! its socket closed and its engines ended, so the bound holds for engines
//! as well as sockets. Its own file so that the relay, which takes slots,
//! and the engine worker, which holds one, both use it without naming each
//! other.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's bound on sessions running at once.
#[derive(Debug)]
pub(crate) struct SessionSlots {
    slots: Arc<Semaphore>,
    pub(crate) limit: usize,
}

/// One session's place among the [`SessionSlots`]: held by the session and
/// by each of its engines' workers, so that it is free again only once
/// the socket closed and the engines ended.
pub(crate) type Slot = Arc<OwnedSemaphorePermit>;

impl SessionSlots {
    /// At most `limit` sessions.
    pub(crate) fn new(limit: usize) -> SessionSlots {
        SessionSlots {
            slots: Arc::new(Semaphore::new(limit)),
            limit,
        }
    }

    /// A free slot, if any.
    pub(crate) fn take(&self) -> Option<Slot> {
        Arc::clone(&self.slots)
            .try_acquire_owned()
            .ok()
            .map(Arc::new)
    }
}
