//! Saved pruning tables for `solve` and `scramble`: `--cache-dir DIR` reads a solver's table from DIR
//! when a file for the same puzzle, moves, metric, target and memory budget is there (for `--phases`
//! and `--phase-bound`, the phase tables of the same chain and table plan), and
//! `--write-tables never|auto|always` (as twsearch's option of that name) says when to write it back.
//! Files are written whole to a temporary name and renamed, so a reader never sees half a file. A file
//! the core refuses (damaged, truncated, another format version or made for something else) is reported
//! on stderr and the table rebuilt; `auto` and `always` then replace it.
//!
//! Shared by both binaries (`#[path]`-included): `twistsearch-bench`'s `3x3x3-random --cache-dir` keeps
//! its cube bound here as `solve --cube-bound --cache-dir` does.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::ValueEnum;
use twistsearch::control::Control;
use twistsearch::phase::{PhaseSolver, PhaseSolverOptions};
use twistsearch::search::Solver;
use twistsearch::solvers::bounds::{BoundRequest, MadeBound, SavedTables};
use twistsearch::solvers::cube3::{CubeBound, CubeTable};
use twistsearch::Puzzle;

use crate::failure::{fail, Failure};

/// When to write a solver's table to the cache directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WriteTables {
    /// Only read tables.
    Never,
    /// Write a table that is not in its file yet once its fills took at least [`AUTO_SECONDS`] (since it
    /// was loaded, for a table from the file).
    Auto,
    /// Write a table whenever it is not in its file yet: built here, or changed since it was loaded.
    Always,
}

/// `auto` writes a table whose fills took at least this many seconds (cheaper tables are rebuilt faster
/// than they are written and read back).
pub const AUTO_SECONDS: f64 = 1.0;

/// Where tables are kept and when they are written.
pub struct TableCache {
    dir: PathBuf,
    write: WriteTables,
}

/// The table of one solver as the cache knows it: its file; the solver's table changes when the file
/// last matched the table (loaded or written; `None`: never), and its fill seconds then (0 before).
pub struct Entry {
    path: PathBuf,
    synced: Option<u64>,
    seconds: f64,
    /// Seconds the load took, when the table came from the file.
    pub loaded_seconds: Option<f64>,
}

impl TableCache {
    /// The cache of `--cache-dir` and `--write-tables` (default `auto`), or `None` without a directory.
    pub fn new(dir: Option<&str>, write: Option<WriteTables>) -> Result<Option<TableCache>, Failure> {
        match (dir, write) {
            (Some(dir), write) => {
                Ok(Some(TableCache { dir: PathBuf::from(dir), write: write.unwrap_or(WriteTables::Auto) }))
            }
            (None, Some(_)) => Err(fail("--write-tables", "needs --cache-dir DIR (where tables are kept)")),
            (None, None) => Ok(None),
        }
    }

    /// The path of a file named `name` in the cache directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The bytes of a file of the cache directory; `None` when it is not there (one that cannot be read
    /// is reported on stderr).
    pub fn read(&self, path: &Path) -> Option<Vec<u8>> {
        match std::fs::read(path) {
            Ok(b) => Some(b),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => {
                warn(path, &format!("{e}; the table is rebuilt"));
                None
            }
        }
    }

    /// Reports on stderr that a file was refused (and is rebuilt).
    pub fn refused(&self, path: &Path, why: &dyn std::fmt::Display) {
        warn(path, &format!("{why}; the table is rebuilt"));
    }

    /// Whether the policy asks for a table built in `seconds` to be written (`auto`: when it took
    /// [`AUTO_SECONDS`] or more).
    fn worth_writing(&self, seconds: f64) -> bool {
        match self.write {
            WriteTables::Never => false,
            WriteTables::Always => true,
            WriteTables::Auto => seconds >= AUTO_SECONDS,
        }
    }

    /// Writes a table built in `seconds` to `path` when the policy asks for it (`auto`: when it took
    /// [`AUTO_SECONDS`] or more); returns whether it wrote. Failing to write is reported, not an error.
    pub fn write(&self, path: &Path, seconds: f64, bytes: impl FnOnce() -> Vec<u8>) -> bool {
        if !self.worth_writing(seconds) {
            return false;
        }
        match write_atomically(&self.dir, path, &bytes()) {
            Ok(()) => true,
            Err(e) => {
                warn(path, &format!("cannot write the table: {e}"));
                false
            }
        }
    }

    /// As [`TableCache::write`], for a writer that hands its bytes over in pieces at their offsets
    /// (`save(write)`), through a temporary file in the same directory and a rename (`what`: `table` or
    /// `tables`, for the warning when it cannot be written).
    pub fn write_in_order(
        &self,
        path: &Path,
        seconds: f64,
        what: &str,
        save: impl FnOnce(&mut dyn FnMut(u64, &[u8]) -> twistsearch::Result<()>) -> twistsearch::Result<()>,
    ) -> bool {
        if !self.worth_writing(seconds) {
            return false;
        }
        let result = atomically(&self.dir, path, |file| {
            use std::io::{Seek, SeekFrom, Write};
            let mut write = |at: u64, bytes: &[u8]| {
                file.seek(SeekFrom::Start(at))
                    .and_then(|_| file.write_all(bytes))
                    .map_err(|e| twistsearch::Error::new(e.to_string()))
            };
            save(&mut write).map_err(|e| std::io::Error::other(e.to_string()))
        });
        match result {
            Ok(()) => true,
            Err(e) => {
                warn(path, &format!("cannot write the {what}: {e}"));
                false
            }
        }
    }

    /// Loads the file of `solver`'s table into it when there is one (`name`: the puzzle's name, for the
    /// file name; `budget_mib`: the memory budget, part of the key). A file that cannot be read or is
    /// refused is reported on stderr and left for `auto`/`always` to replace.
    pub fn open(&self, solver: &mut Solver, name: &str, budget_mib: usize, control: Control) -> Entry {
        let key = solver.table().fingerprint().combined();
        let path = self.dir.join(format!("{}-{key:016x}-{budget_mib}MiB.prune", file_stem(name)));
        let mut entry = Entry { path, synced: None, seconds: 0.0, loaded_seconds: None };
        let t = Instant::now();
        let bytes = match std::fs::read(&entry.path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return entry,
            Err(e) => {
                warn(&entry.path, &format!("{e}; the table is rebuilt"));
                return entry;
            }
        };
        match solver.load_table(&bytes, control) {
            Ok(()) => {
                entry.loaded_seconds = Some(t.elapsed().as_secs_f64());
                entry.synced = Some(solver.table_changes());
                entry.seconds = solver.table_seconds();
            }
            Err(e) => warn(&entry.path, &format!("{e}; the table is rebuilt")),
        }
        entry
    }

    /// Writes `solver`'s table to its file when the policy asks for it; returns whether it wrote.
    /// Failing to write is reported on stderr, not an error: the results stand.
    pub fn save(&self, solver: &Solver, entry: &mut Entry) -> bool {
        let changed = entry.synced != Some(solver.table_changes());
        let worth = match self.write {
            WriteTables::Never => false,
            WriteTables::Always => changed,
            WriteTables::Auto => changed && solver.table_seconds() - entry.seconds >= AUTO_SECONDS,
        };
        if !worth {
            return false;
        }
        match write_atomically(&self.dir, &entry.path, &solver.save_table()) {
            Ok(()) => {
                entry.synced = Some(solver.table_changes());
                entry.seconds = solver.table_seconds();
                true
            }
            Err(e) => {
                warn(&entry.path, &format!("cannot write the table: {e}"));
                false
            }
        }
    }
}

/// How a phase solver's tables were had: the seconds it took, whether they came from the cache
/// directory, and whether they were written to it.
#[derive(Debug, Clone, Copy)]
pub struct PhaseTables {
    pub seconds: f64,
    pub loaded: bool,
    pub written: bool,
}

/// A phase solver for `options`: its tables read from the cache directory when a file of the same
/// puzzle, chain, metric, target and table plan is there (one that is refused is reported on stderr and
/// the tables rebuilt), else built, then written when the policy asks for it (`auto`: when building
/// took [`AUTO_SECONDS`] or more).
pub fn phase_solver(
    cache: Option<&TableCache>,
    puzzle: &Arc<Puzzle>,
    options: PhaseSolverOptions,
    control: Control,
) -> twistsearch::Result<(PhaseSolver, PhaseTables)> {
    let t = Instant::now();
    let Some(cache) = cache else {
        let solver = PhaseSolver::new(Arc::clone(puzzle), options, control)?;
        return Ok((solver, PhaseTables { seconds: t.elapsed().as_secs_f64(), loaded: false, written: false }));
    };
    let key = PhaseSolver::tables_key(puzzle, &options)?;
    let path = cache.dir.join(format!("{}-{key}.phase", file_stem(puzzle.name())));
    match std::fs::read(&path) {
        Ok(bytes) => match PhaseSolver::with_saved_tables(Arc::clone(puzzle), options.clone(), &bytes, control) {
            Ok(solver) => {
                return Ok((solver, PhaseTables { seconds: t.elapsed().as_secs_f64(), loaded: true, written: false }))
            }
            Err(e) if e.is_cancelled() => return Err(e),
            Err(e) => warn(&path, &format!("{e}; the tables are rebuilt")),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => warn(&path, &format!("{e}; the tables are rebuilt")),
    }
    let t = Instant::now();
    let solver = PhaseSolver::new(Arc::clone(puzzle), options, control)?;
    let seconds = t.elapsed().as_secs_f64();
    let worth = match cache.write {
        WriteTables::Never => false,
        WriteTables::Always => true,
        WriteTables::Auto => seconds >= AUTO_SECONDS,
    };
    let written = worth
        && match write_atomically(&cache.dir, &path, &solver.save_tables()) {
            Ok(()) => true,
            Err(e) => {
                warn(&path, &format!("cannot write the tables: {e}"));
                false
            }
        };
    Ok((solver, PhaseTables { seconds, loaded: false, written }))
}

/// The bound of `--phase-bound` or `--cube-bound` for `solver` ([`BoundRequest::make`]): checked before
/// any file is read, its tables read from the cache directory when a file for them is there (a file that
/// is refused is reported on stderr and the tables rebuilt), else built, then written as
/// [`TableCache::write_in_order`] decides. Returns the bound and whether its tables were written.
/// A phase bound's file is the one `--phases` keeps the same tables in; the cube's is named by the
/// definition and the table (its key would cost the class map, seconds for the huge table: the
/// container's own key check refuses a file made for another definition).
pub fn bound(
    cache: Option<&TableCache>,
    puzzle: &Arc<Puzzle>,
    request: &BoundRequest,
    solver: &Solver,
    control: Control,
) -> twistsearch::Result<(MadeBound, bool)> {
    // Refused (over the budget, not a 3x3x3, …) before a file is read.
    request.check(puzzle, solver)?;
    let (what, rebuilt) = if request.cube_table().is_some() {
        ("table", "the table is rebuilt")
    } else {
        ("tables", "the tables are rebuilt")
    };
    let path = match (cache, request.cube_table()) {
        (None, _) => None,
        (Some(c), Some(kind)) => Some(c.path(&format!("{}-3x3x3-{}.cubebound", file_stem(puzzle.name()), kind.name()))),
        (Some(c), None) => Some(c.path(&format!("{}-{}.phase", file_stem(puzzle.name()), request.tables_key(puzzle)?))),
    };
    if let (Some(_), Some(path)) = (cache, &path) {
        // Read in pieces: the file's bytes (1.7 or 3.3 GB for the cube's huge tables) are never held
        // whole beside the table.
        match std::fs::File::open(path) {
            Ok(mut file) => match read_bound(&mut file, puzzle, request, solver, control) {
                Ok(b) => return Ok((b, false)),
                Err(e) if e.is_cancelled() => return Err(e),
                Err(e) => warn(path, &format!("{e}; {rebuilt}")),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => warn(path, &format!("{e}; {rebuilt}")),
        }
    }
    let made = request.make(puzzle, solver, None, control)?;
    let written = match (cache, &path) {
        (Some(cache), Some(path)) => cache.write_in_order(path, made.seconds(), what, |w| made.save_in_order(w)),
        _ => false,
    };
    Ok((made, written))
}

/// A bound made from its saved tables, read from `file` in pieces ([`SavedTables::InPieces`]).
fn read_bound(
    file: &mut std::fs::File,
    puzzle: &Arc<Puzzle>,
    request: &BoundRequest,
    solver: &Solver,
    control: Control,
) -> twistsearch::Result<MadeBound> {
    in_pieces(file, |head, total, read| {
        request.make(puzzle, solver, Some(SavedTables::InPieces { head, total, read }), control)
    })
}

/// The 3x3x3 bound of `--cube-bound` alone, for no solver (the bench's): its table read from the cache directory when there (a file that
/// is refused is reported on stderr and the table rebuilt), else built, then written as
/// [`TableCache::write`] decides.
// Used by the bench harness only (`twistsearch-bench` includes this file too); the CLI's solver gets its
// bound through `bound`.
#[allow(dead_code)]
pub fn cube_bound(
    cache: Option<&TableCache>,
    puzzle: &Puzzle,
    kind: CubeTable,
    memory_bytes: usize,
    control: Control,
) -> twistsearch::Result<(CubeBound, PhaseTables)> {
    // Over the budget: refused before a file is read.
    kind.check_budget(memory_bytes)?;
    let t = Instant::now();
    // The key depends on the definition only: an empty bound's would cost the class map (seconds for
    // the huge table), so the file is named by the definition's fingerprint and the table's name, and
    // the container's own key check refuses a file made for another definition.
    let path = cache.map(|c| c.path(&format!("{}-3x3x3-{}.cubebound", file_stem(puzzle.name()), kind.name())));
    if let (Some(cache), Some(path)) = (cache, &path) {
        // Read in pieces: the file's bytes (1.7 or 3.3 GB for the huge tables) are never held whole
        // beside the table.
        match std::fs::File::open(path) {
            Ok(mut file) => match read_cube_bound(&mut file, puzzle, kind, memory_bytes) {
                Ok(b) => {
                    return Ok((b, PhaseTables { seconds: t.elapsed().as_secs_f64(), loaded: true, written: false }))
                }
                Err(e) => cache.refused(path, &e),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => warn(path, &format!("{e}; the table is rebuilt")),
        }
    }
    let bound = CubeBound::new(puzzle, kind, memory_bytes, control)?;
    let seconds = t.elapsed().as_secs_f64();
    let written = match (cache, &path) {
        (Some(cache), Some(path)) => cache.write_in_order(path, seconds, "table", |w| bound.save_in_order(w)),
        _ => false,
    };
    Ok((bound, PhaseTables { seconds, loaded: false, written }))
}

/// A saved cube bound read from `file` in pieces ([`CubeBound::load_in_order`]).
#[allow(dead_code)]
fn read_cube_bound(
    file: &mut std::fs::File,
    puzzle: &Puzzle,
    kind: CubeTable,
    memory_bytes: usize,
) -> twistsearch::Result<CubeBound> {
    in_pieces(file, |head, total, read| CubeBound::load_in_order(puzzle, kind, head, total, read, memory_bytes))
}

/// Hands a saved file to `load(head, total, read)` in pieces: its first bytes (enough for any header), its
/// length, and a reader of the bytes at an offset, so a table loads without the file held beside it.
fn in_pieces<T>(
    file: &mut std::fs::File,
    load: impl FnOnce(&[u8], u64, &mut dyn FnMut(u64, &mut [u8]) -> twistsearch::Result<()>) -> twistsearch::Result<T>,
) -> twistsearch::Result<T> {
    use std::io::{Read, Seek, SeekFrom};
    let io = |e: std::io::Error| twistsearch::Error::new(format!("cannot read the file: {e}"));
    let total = file.metadata().map_err(io)?.len();
    let mut head = vec![0u8; usize::try_from(total).unwrap_or(usize::MAX).min(CubeBound::HEAD_BYTES)];
    file.read_exact(&mut head).map_err(io)?;
    let mut read =
        |at: u64, buf: &mut [u8]| file.seek(SeekFrom::Start(at)).and_then(|_| file.read_exact(buf)).map_err(io);
    load(&head, total, &mut read)
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename.
fn write_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    atomically(dir, path, |file| file.write_all(bytes))
}

/// Writes `path` by `fill` on a temporary file in the same directory, then a rename.
fn atomically(
    dir: &Path,
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let result = std::fs::File::create(&tmp).and_then(|mut f| fill(&mut f)).and_then(|_| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// A puzzle name as a file name: letters, digits, `-` and `_` kept, anything else `_`.
fn file_stem(name: &str) -> String {
    let s: String =
        name.chars().take(40).map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    if s.is_empty() {
        "puzzle".to_string()
    } else {
        s
    }
}

fn warn(path: &Path, message: &str) {
    eprintln!("warning: {}: {message}", path.display());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_safe_file_names() {
        assert_eq!(file_stem("3x3x3"), "3x3x3");
        assert_eq!(file_stem("My Cube/../x"), "My_Cube____x");
        assert_eq!(file_stem(""), "puzzle");
    }

    #[test]
    fn write_tables_needs_a_directory() {
        assert!(TableCache::new(None, None).ok().unwrap().is_none());
        let e = TableCache::new(None, Some(WriteTables::Always)).err().unwrap();
        assert_eq!(e.input, "--write-tables");
        let c = TableCache::new(Some("d"), None).ok().unwrap().unwrap();
        assert_eq!(c.write, WriteTables::Auto);
    }

    #[test]
    fn files_are_replaced_whole() {
        let dir = std::env::temp_dir().join(format!("twistsearch-tables-{}", std::process::id()));
        let path = dir.join("t.prune");
        write_atomically(&dir, &path, b"one").unwrap();
        write_atomically(&dir, &path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
