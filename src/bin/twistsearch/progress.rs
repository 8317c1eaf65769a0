//! A progress line on stderr (indicatif) fed by the core's progress reports; hidden when stderr is not a
//! terminal or the output is JSON.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use twistsearch::control::{Control, Progress};

/// A spinner with the current phase, depth and work done.
pub struct Bar {
    bar: ProgressBar,
    callback: Box<dyn Fn(&Progress) + Sync>,
}

impl Bar {
    /// A bar drawn to stderr when `visible` (and stderr is a terminal).
    pub fn new(visible: bool) -> Bar {
        let bar = ProgressBar::with_draw_target(
            None,
            if visible { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() },
        );
        bar.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("valid template"));
        let b = bar.clone();
        let callback = Box::new(move |p: &Progress| {
            let what = match p.phase {
                "table" => "filling pruning table",
                "search" => "searching",
                "god" => "enumerating (rows of positions)",
                other => other,
            };
            b.set_message(format!("{what}: depth {}, {} done", p.depth, p.done));
            b.tick();
        });
        Bar { bar, callback }
    }

    /// The control to pass to the core.
    pub fn control(&self) -> Control<'_> {
        Control::none().with_progress(&*self.callback)
    }

    /// Removes the line (before printing results).
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }
}
