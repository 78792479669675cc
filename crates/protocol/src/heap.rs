//! The engine's heap between commands: a long session must not keep what
//! its largest command once needed.
//!
//! The C allocator (glibc's malloc, which Rust's default allocator calls
//! on Linux) gives each thread that allocates under contention a heap of
//! its own, up to eight per core, and keeps the memory a heap frees for
//! that heap's later use instead of returning it to the system. A search
//! on `set threads N` and a rollout's players allocate their caches on
//! their own threads, so a session held the freed caches of every arena
//! at once: measured, a 700-line fuzz of Plakoto peaked at 77.6 MB with the
//! default arenas and 55.0 MB with one. So the engine asks for few arenas,
//! and after each command hands every arena's free pages back.
//!
//! Large blocks (a Plakoto Express count's frontier, the search caches) are
//! mapped from the system on their own, above a fixed size. glibc would
//! otherwise raise that size each time such a block is freed, up to 32 MB,
//! after which the next large blocks come from the heap: growing one there
//! copies it into a new block while the old one is still held, and what is
//! freed stays in the heap's pages until the command ends. A mapped block
//! grows in place and is returned the moment it is freed. Elsewhere
//! (another C library, another system) all of this is a no-op.

/// Heaps (arenas) the allocator may make: two, so that the searching
/// threads contend little on the allocator (they allocate their buffers
/// and caches once a search, not in their inner loops).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ARENAS: libc::c_int = 2;

/// Blocks of this size or more are mapped on their own (see the module
/// comment): 256 KiB, well above the engine's many small allocations
/// (positions, plays, replies) and well below its large tables.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MAPPED_BLOCK_BYTES: libc::c_int = 256 * 1024;

/// Caps the allocator's heaps and fixes the size from which blocks are
/// mapped on their own (see the module comment). Called once, before the
/// engine's threads start.
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets allocator parameters. M_ARENA_MAX applies
    // to arenas made later, and M_MMAP_THRESHOLD to blocks allocated later;
    // both are safe to set at any time.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, ARENAS);
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAPPED_BLOCK_BYTES);
    }
}

/// Returns the free pages of every heap to the system: after a command,
/// what its searches freed no longer counts in the engine's memory.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` takes the allocator's own locks; it is safe to
    // call from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}
