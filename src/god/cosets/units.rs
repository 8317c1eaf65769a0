//! Work units: one unit's counts ([`UnitCounts`], serialisable as JSON by the shells), the fingerprint
//! that ties the units of one run together, and [`merge_units`], which checks that every unit is there
//! exactly once and adds them up.

use serde::{Deserialize, Serialize};

use super::CosetOptions;
use crate::error::{Error, Result};
use crate::hash::Hasher;
use crate::model::puzzle::Puzzle;

/// The `format` tag of a unit's counts.
pub(crate) const FORMAT: &str = "twistsearch-god-unit/1";

/// The counts of one work unit of a coset enumeration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitCounts {
    /// Always `twistsearch-god-unit/1`.
    pub format: String,
    /// The puzzle's name.
    pub puzzle: String,
    /// The sets enumerated (those left out are not listed).
    pub sets: Vec<String>,
    /// `HTM` or `QTM`.
    pub metric: String,
    /// A hash of everything the counts depend on (puzzle, moves, options, coset split); units of one run
    /// share it.
    pub fingerprint: String,
    /// Units of the run.
    pub units: u64,
    /// This unit, in `0..units`.
    pub unit: u64,
    /// Letters that name a coset.
    pub letters: usize,
    /// Cosets this unit completed.
    pub cosets: u64,
    /// Reachable cosets of the whole run.
    pub cosets_total: u64,
    /// The order of the move group (positions of the whole run).
    pub group_order: u64,
    /// Distances stored in full before the cosets.
    pub stored_depth: u32,
    /// Distances counted through, when limited.
    pub max_depth: Option<u32>,
    /// Whether every coset of the unit was completed (false when `max_depth` stopped it).
    pub complete: bool,
    /// Bytes of stored levels and bitmaps.
    pub memory_bytes: u64,
    /// `counts[d]`: this unit's positions at distance `d`.
    pub counts: Vec<u64>,
    /// Milliseconds spent storing the levels (every unit repeats this; 0 when the run had no clock, see
    /// [`Control::with_clock`](crate::control::Control::with_clock)).
    #[serde(default)]
    pub store_ms: u64,
    /// Milliseconds spent completing this unit's cosets (0 without a clock).
    #[serde(default)]
    pub cosets_ms: u64,
    /// `distance_ms[d]`: milliseconds the threads spent forming the products of distance `d` in this
    /// unit's cosets, added over threads (0 through the stored depth; as long as `counts`, or longer
    /// when a farther distance was searched in vain; empty when the run had no clock).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub distance_ms: Vec<u64>,
    /// When reduced by symmetry and timed: milliseconds of the symmetry pre-calculation, added over
    /// threads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetry_ms: Option<u64>,
    /// When reduced by symmetry: the number of symmetries (the identity included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetries: Option<u64>,
    /// When reduced by symmetry: the cosets of the whole run that hold representatives (the units split
    /// these; the others are not enumerated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cosets_enumerated: Option<u64>,
    /// When reduced by symmetry: this unit's classes up to symmetry at each distance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes: Option<Vec<u64>>,
    /// When reduced by symmetry: this unit's classes up to symmetry and inverse at each distance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inverse_classes: Option<Vec<u64>>,
}

/// The sum of every unit of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergedCounts {
    /// `counts[d]`: positions at distance `d`.
    pub counts: Vec<u64>,
    /// Their sum.
    pub total: u64,
    /// Whether every position of the group was counted.
    pub complete: bool,
    /// The units merged.
    pub units: u64,
    /// The run's fingerprint.
    pub fingerprint: String,
    /// The order of the move group.
    pub group_order: u64,
    /// When reduced by symmetry: the number of symmetries.
    pub symmetries: Option<u64>,
    /// When reduced by symmetry: classes up to symmetry at each distance.
    pub classes: Option<Vec<u64>>,
    /// When reduced by symmetry: classes up to symmetry and inverse at each distance.
    pub inverse_classes: Option<Vec<u64>>,
}

/// The fingerprint of a run: puzzle name and sets, the moves (as words), the depth limit, the coset
/// letters, the number of units and the symmetries it is reduced by (the crate's one [`Hasher`]).
pub(crate) fn fingerprint(
    puzzle: &Puzzle,
    move_words: &[Vec<u8>],
    options: &CosetOptions,
    letters: usize,
    symmetries: Option<u64>,
) -> String {
    let mut h = Hasher::new();
    h.bytes(puzzle.name().as_bytes());
    for o in puzzle.layout().orbits() {
        h.bytes(o.name.as_bytes()).number(o.size as u64).number(u64::from(o.orientations));
    }
    h.number(move_words.len() as u64);
    for w in move_words {
        h.bytes(w);
    }
    h.number(options.max_depth.map_or(u64::MAX, u64::from)).number(letters as u64).number(options.cosets.units);
    if let Some(n) = symmetries {
        // Since anti-symmetry, a reduced unit counts the classes its cosets represent up to symmetry and
        // inverse: never merged with a unit counted the earlier way.
        h.bytes(b"symmetry, inverse pairs").number(n);
    }
    format!("{:016x}", h.finish())
}

/// Checks that `units` are every unit of one run exactly once (same fingerprint) and adds them up.
pub fn merge_units(units: &[UnitCounts]) -> Result<MergedCounts> {
    let first = units.first().ok_or_else(|| Error::new("no unit results to merge"))?;
    let mut seen = vec![false; usize::try_from(first.units).unwrap_or(usize::MAX).min(1 << 24)];
    if seen.len() as u64 != first.units {
        return Err(Error::new(format!("{} units are too many to merge", first.units)));
    }
    let mut counts: Vec<u64> = Vec::new();
    let (mut classes, mut inverse): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
    let mut complete = true;
    for (i, u) in units.iter().enumerate() {
        if u.format != FORMAT {
            return Err(Error::new(format!("result {}: format {:?} is not {FORMAT}", i + 1, u.format)));
        }
        if u.fingerprint != first.fingerprint
            || u.units != first.units
            || u.group_order != first.group_order
            || u.symmetries != first.symmetries
        {
            return Err(Error::new(format!(
                "result {} (unit {}) belongs to another run: fingerprint {} with {} units, not {} with {}",
                i + 1,
                u.unit,
                u.fingerprint,
                u.units,
                first.fingerprint,
                first.units
            )));
        }
        let Some(slot) = seen.get_mut(u.unit as usize) else {
            return Err(Error::new(format!("result {}: unit {} is not one of 0..{}", i + 1, u.unit, u.units)));
        };
        if *slot {
            return Err(Error::new(format!("unit {} is given twice", u.unit)));
        }
        *slot = true;
        complete &= u.complete;
        add(&mut counts, &u.counts)?;
        if first.symmetries.is_some() {
            let missing = || Error::new(format!("result {}: unit {} has no class counts", i + 1, u.unit));
            add(&mut classes, u.classes.as_ref().ok_or_else(missing)?)?;
            add(&mut inverse, u.inverse_classes.as_ref().ok_or_else(missing)?)?;
        }
    }
    let missing: Vec<String> = seen.iter().enumerate().filter(|(_, &s)| !s).map(|(u, _)| u.to_string()).collect();
    if !missing.is_empty() {
        let shown = missing.iter().take(20).cloned().collect::<Vec<_>>().join(", ");
        return Err(Error::new(format!("{} of {} units are missing: {shown}", missing.len(), first.units)));
    }
    let total: u64 = counts.iter().sum();
    Ok(MergedCounts {
        complete: complete && total == first.group_order,
        counts,
        total,
        units: first.units,
        fingerprint: first.fingerprint.clone(),
        group_order: first.group_order,
        symmetries: first.symmetries,
        classes: first.symmetries.map(|_| classes),
        inverse_classes: first.symmetries.map(|_| inverse),
    })
}

/// Adds `b` to `a` entry by entry (`a` grows to `b`'s length).
fn add(a: &mut Vec<u64>, b: &[u64]) -> Result<()> {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, &y) in a.iter_mut().zip(b) {
        *x = x.checked_add(y).ok_or_else(|| Error::new("the counts overflow 64 bits"))?;
    }
    Ok(())
}
