//! What a run used, for the benchmark records: the process's resident set size now (`VmRSS`) and at its
//! peak (`VmHWM`) from `/proc/self/status`, its processor time (user + system, all threads) from
//! `/proc/self/stat`, and the whole machine's busy processor time from `/proc/stat` (to tell how much other
//! processes took meanwhile), on Linux; `None` elsewhere.
//!
//! `VmHWM` is process-wide and only grows. Before each run the benchmark asks Linux to reset it to the
//! current resident size (writing `5` to `/proc/self/clear_refs`, Linux ≥ 4.0), so that the peak belongs to
//! that run; where the reset is refused the peak may be an earlier run's, and the record says so.

use serde::Serialize;

/// Memory figures of one run, in bytes.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Memory {
    /// `VmHWM` after the run: the process's peak resident size (since the reset, when it worked).
    pub peak_rss_bytes: Option<u64>,
    /// Whether the peak was reset before the run (otherwise it is the peak of the whole process so far).
    pub peak_reset: bool,
    /// `VmRSS` before the run.
    pub rss_start_bytes: Option<u64>,
    /// `VmRSS` after the run (what it built has been freed by then).
    pub rss_end_bytes: Option<u64>,
    /// How far the peak rose above the resident size at the start: what the run itself needed at its
    /// peak (only when the peak was reset).
    pub peak_above_start_bytes: Option<u64>,
}

/// What was read before a run.
pub struct Start {
    reset: bool,
    rss: Option<u64>,
}

/// Resets the peak (where the system allows) and reads the resident size: call just before a run.
pub fn start() -> Start {
    let reset = reset_peak();
    Start { reset, rss: status_bytes("VmRSS") }
}

/// The figures after a run.
pub fn finish(start: Start) -> Memory {
    let peak = status_bytes("VmHWM");
    let peak_above_start = match (start.reset, peak, start.rss) {
        (true, Some(p), Some(s)) => Some(p.saturating_sub(s)),
        _ => None,
    };
    Memory {
        peak_rss_bytes: peak,
        peak_reset: start.reset,
        rss_start_bytes: start.rss,
        rss_end_bytes: status_bytes("VmRSS"),
        peak_above_start_bytes: peak_above_start,
    }
}

/// The processor time of the process so far (user + system, every thread), in seconds, to the
/// kernel's clock tick (1/100 s: `USER_HZ`, which Linux fixes at 100 for `/proc` on every common
/// architecture).
#[cfg(target_os = "linux")]
pub fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    parse_stat_ticks(&text).map(|t| t as f64 / 100.0)
}

#[cfg(not(target_os = "linux"))]
pub fn cpu_seconds() -> Option<f64> {
    None
}

/// The busy processor time of the whole machine so far (every core; all but idle and I/O wait), in
/// seconds (`USER_HZ` ticks as above).
#[cfg(target_os = "linux")]
pub fn machine_busy_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    parse_machine_busy_ticks(&text).map(|t| t as f64 / 100.0)
}

#[cfg(not(target_os = "linux"))]
pub fn machine_busy_seconds() -> Option<f64> {
    None
}

/// From the `cpu` line of `/proc/stat` (`user nice system idle iowait irq softirq steal …`): user, nice,
/// system, irq and softirq ticks (not idle, I/O wait, or steal — time the hypervisor gave to other
/// machines; guest time is already within user time).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn parse_machine_busy_ticks(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.split_whitespace().next() == Some("cpu"))?;
    let ticks: Vec<u64> = line.split_whitespace().skip(1).take(7).map(|w| w.parse().ok()).collect::<Option<_>>()?;
    if ticks.len() < 7 {
        return None;
    }
    Some(ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6])
}

/// `utime + stime` (fields 14 and 15) of a `/proc/<pid>/stat` line. The command name (field 2) is in
/// parentheses and may hold spaces and parentheses itself, so fields are counted after the last `)`.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn parse_stat_ticks(text: &str) -> Option<u64> {
    let rest = &text[text.rfind(')')? + 1..];
    // After the name: field 3 (state) is the first word, so utime (14) is the 12th and stime the 13th.
    let mut words = rest.split_whitespace().skip(11);
    let utime: u64 = words.next()?.parse().ok()?;
    let stime: u64 = words.next()?.parse().ok()?;
    Some(utime + stime)
}

/// A `kB` line of `/proc/self/status`, in bytes.
#[cfg(target_os = "linux")]
fn status_bytes(field: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_status(&text, field)
}

#[cfg(not(target_os = "linux"))]
fn status_bytes(_field: &str) -> Option<u64> {
    None
}

/// The value of `field` (`VmHWM:    1968 kB`) in bytes.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn parse_status(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.split(':').next() == Some(field))?;
    let mut words = line.split(':').nth(1)?.split_whitespace();
    let n: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => Some(n * 1024),
        _ => None,
    }
}

/// Resets `VmHWM` to the current resident size; whether that worked.
#[cfg(target_os = "linux")]
fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

#[cfg(not(target_os = "linux"))]
fn reset_peak() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines_parse() {
        let text = "Name:\tx\nVmPeak:\t  10 kB\nVmHWM:\t    1968 kB\nVmRSS:\t  1900 kB\n";
        assert_eq!(parse_status(text, "VmHWM"), Some(1968 * 1024));
        assert_eq!(parse_status(text, "VmRSS"), Some(1900 * 1024));
        assert_eq!(parse_status(text, "VmSwap"), None);
        assert_eq!(parse_status("VmHWM: 12 MB\n", "VmHWM"), None);
    }

    #[test]
    fn stat_lines_parse() {
        let line = "4242 (a) b (c)) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 31 0 0 20 0 3 0 100 0 0\n";
        assert_eq!(parse_stat_ticks(line), Some(281));
        assert_eq!(parse_stat_ticks("4242 (x) S 1"), None);
    }

    #[test]
    fn machine_lines_parse() {
        let text = "cpu  100 5 20 1000 7 1 2 3 50 0\ncpu0 50 2 10 500 3 0 1 1 25 0\nintr 1\n";
        assert_eq!(parse_machine_busy_ticks(text), Some(128));
        assert_eq!(parse_machine_busy_ticks("cpu 1 2 3 4 5\n"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn linux_reports_memory() {
        assert!(cpu_seconds().is_some() && machine_busy_seconds().is_some());
        let s = start();
        let m = finish(s);
        assert!(m.peak_rss_bytes.unwrap() > 0 && m.rss_end_bytes.unwrap() > 0);
    }
}
