//! Progress on stderr, fed by the core's progress reports: a live line (indicatif) when stderr is a
//! terminal, plain lines at most once a second when asked for with `--progress` and stderr is a file or a
//! pipe, nothing otherwise. Also the clock the core times its work with.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use twistsearch::control::{Control, Progress};

/// How often the live line redraws (its elapsed time moves on between reports).
const TICK: Duration = Duration::from_millis(200);
/// Seconds between two plain lines of the same phase and depth.
const LINE_EVERY: f64 = 1.0;

/// Where progress goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Hidden,
    Live,
    Lines,
}

/// The last plain line: when, what it was about, and the work done then.
#[derive(Default)]
struct Last {
    at: f64,
    key: Option<(&'static str, u32)>,
    done: u64,
}

/// A progress display for one command.
pub struct Bar {
    bar: ProgressBar,
    callback: Box<dyn Fn(&Progress) + Sync>,
    clock: Box<dyn Fn() -> f64 + Sync>,
}

impl Bar {
    /// A live line on stderr when `visible` and stderr is a terminal.
    pub fn new(visible: bool) -> Bar {
        Bar::with_flag(visible, false)
    }

    /// For commands with `--progress` (`forced`): a live line when stderr is a terminal and the command
    /// shows progress by default (`visible`: not `--json`) or `forced`; plain lines when `forced` and
    /// stderr is not a terminal.
    pub fn with_flag(visible: bool, forced: bool) -> Bar {
        let terminal = std::io::stderr().is_terminal();
        let mode = match (terminal, visible || forced, forced) {
            (true, true, _) => Mode::Live,
            (false, _, true) => Mode::Lines,
            _ => Mode::Hidden,
        };
        Bar::in_mode(mode)
    }

    fn in_mode(mode: Mode) -> Bar {
        let target = if mode == Mode::Live { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() };
        let bar = ProgressBar::with_draw_target(None, target);
        bar.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("valid template"));
        if mode == Mode::Live {
            bar.enable_steady_tick(TICK);
        }
        let start = Instant::now();
        let clock = Box::new(move || start.elapsed().as_secs_f64());
        let last = Mutex::new(Last::default());
        let b = bar.clone();
        let callback = Box::new(move |p: &Progress| match mode {
            Mode::Hidden => {}
            Mode::Live => b.set_message(describe(p, None)),
            Mode::Lines => {
                let now = start.elapsed().as_secs_f64();
                let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                let key = Some((p.phase, p.depth));
                if last.key == key && now - last.at < LINE_EVERY {
                    return;
                }
                let rate = (last.key.map(|k| k.0) == Some(p.phase) && now > last.at && p.done >= last.done)
                    .then(|| (p.done - last.done) as f64 / (now - last.at));
                *last = Last { at: now, key, done: p.done };
                eprintln!("[{now:7.1} s] {}", describe(p, rate));
            }
        });
        Bar { bar, callback, clock }
    }

    /// The control to pass to the core: progress reports and the clock.
    pub fn control(&self) -> Control<'_> {
        Control::none().with_progress(&*self.callback).with_clock(&*self.clock)
    }

    /// Removes the line (before printing results).
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }
}

/// A report in words, with a rate per second when known.
fn describe(p: &Progress, rate: Option<f64>) -> String {
    let (what, unit) = match p.phase {
        "table" => ("filling pruning table", "sequences"),
        "search" => ("searching", "nodes"),
        "god" => ("enumerating", "positions"),
        "find-algs" => ("finding algs", "sequences"),
        "order-tree" => ("order tree", "sequences"),
        other => (other, "done"),
    };
    let mut s = format!("{what}: depth {}, {} {unit}", p.depth, p.done);
    if let Some(total) = p.total {
        s += &format!(" of {total}");
    }
    if let Some(r) = rate {
        s += &format!(" ({:.1} M/s)", r / 1e6);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_in_words() {
        let p = Progress { phase: "search", depth: 13, done: 2_000_000, total: None };
        assert_eq!(describe(&p, Some(3.5e6)), "searching: depth 13, 2000000 nodes (3.5 M/s)");
        let p = Progress { phase: "table", depth: 7, done: 10, total: Some(20) };
        assert_eq!(describe(&p, None), "filling pruning table: depth 7, 10 sequences of 20");
    }

    #[test]
    fn the_clock_runs() {
        let bar = Bar::in_mode(Mode::Hidden);
        let c = bar.control();
        let a = c.now().expect("a clock");
        std::thread::sleep(Duration::from_millis(5));
        assert!(c.seconds_since(Some(a)) >= 0.004);
    }
}
