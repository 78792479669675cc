//! The tests of `plakoto_tools::progress_bar`.

use plakoto_engine::progress::Progress;
use plakoto_tools::progress_bar::{BUILD_BAR_AFTER, TerminalProgress};

#[test]
fn work_not_shown_draws_nothing_and_keeps_nothing() {
    // Not shown (`--quiet`): whatever the terminal, no bar is made.
    let progress = TerminalProgress::for_command(false);
    progress.start("analysis", 10, "turns");
    progress.advance(3);
    assert!(progress.state().is_none());
    progress.finish();
    assert!(progress.state().is_none());
}

#[test]
fn a_build_bar_counts_the_steps_made_before_it_is_drawn() {
    let progress = TerminalProgress::for_engine_builds_shown();
    progress.start("pin endgame database", 917, "pinner states");
    progress.advance(2);
    // Under a second in: counted, not drawn.
    assert_eq!(progress.state(), Some((2, None)));
    // As if the build had started a second ago.
    progress.backdate(BUILD_BAR_AFTER);
    progress.advance(1);
    assert_eq!(progress.state(), Some((3, Some((3, Some(917))))));
    progress.finish();
    assert!(progress.state().is_none());
}
