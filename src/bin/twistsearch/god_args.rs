//! The options of `god PUZZLE` ([`GodArgs`]), those of its coset method among them ([`CosetArgs`]): what
//! both `god` and its coset route (`cosets`) read.

use clap::ValueEnum;

use crate::shell::PositionFormat;
use twistsearch::god::Reduce;

/// `--method`.
#[derive(Clone, Copy, ValueEnum)]
pub enum MethodArg {
    Auto,
    Dense,
    Hash,
    /// Coset by coset, beyond memory; splits into work units (`--units`, `--unit`, `--out`).
    Cosets,
}

/// `--direction`.
#[derive(Clone, Copy, ValueEnum)]
pub enum DirectionArg {
    Auto,
    Forward,
    Backward,
}

/// Values of `god --reduce`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ReduceArg {
    Auto,
    Always,
    Never,
}

/// Options of `god`.
#[derive(clap::Args)]
pub struct GodArgs {
    /// Moves to use, e.g. `U,F,R` (default: every move that is not a rotation).
    #[arg(long)]
    pub moves: Option<String>,
    /// Quarter-turn metric.
    #[arg(long)]
    pub qtm: bool,
    /// How many antipodes (positions at the greatest distance) to print, with an alg for each.
    #[arg(long, default_value_t = 1)]
    pub antipodes: usize,
    /// Also count positions up to symmetry (the definition's rotations that keep the move set).
    #[arg(long)]
    pub symmetry: bool,
    /// Memory budget for the tables, in MiB.
    #[arg(long, default_value_t = twistsearch::god::DEFAULT_MEMORY >> 20)]
    pub memory: u64,
    /// How positions are stored: a dense 2-bit table, a hash map, or whichever fits.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Sweep direction of the dense search (for measurements).
    #[arg(long, value_enum, default_value_t = DirectionArg::Auto, hide = true)]
    pub direction: DirectionArg,
    /// Reduce the search by the definition's rotations that keep the move set: when it pays, whenever
    /// possible, or never (the counts are the same either way). With `--method cosets`, `auto` and
    /// `always` reduce wherever there are such rotations and count the classes up to symmetry and up to
    /// symmetry and inverse too.
    #[arg(long, value_enum, default_value_t = ReduceArg::Auto)]
    pub reduce: ReduceArg,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Format of the antipodes' positions.
    #[arg(long, value_enum, default_value_t = PositionFormat::Startstate)]
    pub format: PositionFormat,
    #[arg(long)]
    pub json: bool,
    /// Count positions through this distance only, then stop.
    #[arg(long)]
    pub max_depth: Option<u32>,
    #[command(flatten)]
    pub cosets: CosetArgs,
}

/// Options of the coset method.
#[derive(clap::Args)]
pub struct CosetArgs {
    /// Work units the cosets split into (`--method cosets`).
    #[arg(long, default_value_t = 1)]
    pub units: u64,
    /// The unit to run (default: `SLURM_ARRAY_TASK_ID` or `JOB_COMPLETION_INDEX`, else 0).
    #[arg(long)]
    pub unit: Option<u64>,
    /// Write the unit's counts as JSON to this file (written to a temporary file, then renamed: a
    /// killed unit leaves no result).
    #[arg(long)]
    pub out: Option<String>,
    /// Letters (slots of the largest block) that name a coset (default: the fewest that fit memory).
    #[arg(long)]
    pub letters: Option<usize>,
    /// Store positions through this distance at most (for measurements).
    #[arg(long, hide = true)]
    pub store_depth: Option<u32>,
    /// Sub-cosets of at most this many positions are left undecided by the symmetry pre-calculation
    /// (for measurements; default: chosen from the depth).
    #[arg(long, hide = true)]
    pub mark_cutoff: Option<u64>,
}

/// `--reduce` for the core.
pub fn reduce(arg: ReduceArg) -> Reduce {
    match arg {
        ReduceArg::Auto => Reduce::Auto,
        ReduceArg::Always => Reduce::Always,
        ReduceArg::Never => Reduce::Never,
    }
}
