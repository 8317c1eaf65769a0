// Types of twistsearch's JS API (js/index.js); the worker API (twistsearch/worker) has the same methods.

/** KPattern data: per orbit, the piece in each slot and its orientation (`orientationMod` 1: unknown). */
export type KPatternData = Record<
  string,
  { pieces: number[]; orientation: number[]; orientationMod?: number[] }
>;

/** A KPuzzle definition object (cubing.js format). */
export interface KPuzzleDefinition {
  name: string;
  orbits: { orbitName: string; numPieces: number; numOrientations: number }[];
  defaultPattern: KPatternData;
  moves: Record<string, Record<string, { permutation: number[]; orientationDelta: number[] }>>;
  derivedMoves?: Record<string, string>;
}

/** Anything with a KPuzzle definition: a cubing.js `KPuzzle`. */
export interface KPuzzleLike {
  definition: KPuzzleDefinition;
}

/**
 * The cubing.js puzzle IDs whose cubing.js KPuzzle definitions twistsearch embeds (`puzzleIDs()` lists
 * them at run time): `loadPuzzle("3x3x3")` loads cubing.js's 3x3x3 without cubing.js.
 */
export type PuzzleID =
  | '2x2x2'
  | '3x3x3'
  | '4x4x4'
  | '5x5x5'
  | '6x6x6'
  | '7x7x7'
  | 'clock'
  | 'megaminx'
  | 'pyraminx'
  | 'skewb'
  | 'square1'
  | 'fto'
  | 'master_tetraminx'
  | 'kilominx'
  | 'redi_cube'
  | 'baby_fto';

/** A cubing.js puzzle loader (`puzzles["3x3x3"]` of `cubing/puzzles`): its `kpuzzle()` is awaited. */
export interface PuzzleLoaderLike {
  kpuzzle(): Promise<KPuzzleLike | KPuzzleDefinition>;
}

/**
 * A puzzle definition: a cubing.js puzzle ID, `.tws` (ksolve/twsearch) text, a KPuzzle definition (object
 * or JSON text), a cubing.js `KPuzzle`, or a cubing.js puzzle loader.
 */
export type PuzzleDefinition = PuzzleID | (string & {}) | KPuzzleDefinition | KPuzzleLike | PuzzleLoaderLike;

/**
 * A pattern: a cubing.js `KPattern` (or anything with `patternData`), KPattern data, or a cubing.js
 * `KTransformation` (the pattern it gives the solved state).
 */
export type PatternLike =
  | { patternData: KPatternData }
  | KPatternData
  | { transformationData: unknown; kpuzzle: unknown; toKPattern(): { patternData: KPatternData } };

/** A position: an alg (applied to the solved state) or a pattern. */
export type PositionLike = string | PatternLike;

/** Generator moves: `"U,R,F"` / `"R2 U2"` or `["U", "R", "F"]` (default: every move but rotations). */
export type GeneratorMoves = string | string[];

/** A progress report of long work. */
export interface Progress {
  /** `"table"` (filling the pruning table), `"search"`, later `"god"`. */
  phase: string;
  depth: number;
  /** Units of work done at this depth (positions, nodes). */
  done: number;
  /** Units expected, when known. */
  total: number | null;
}

/** What every long call takes: cancellation and progress. */
export interface CallOptions {
  /** Aborting rejects the call with an `AbortError` `DOMException` and stops the work. */
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /**
   * Direct API only: an `Int32Array` (on a SharedArrayBuffer) whose element 0 another thread sets to a
   * non-zero value to cancel the call.
   */
  cancelFlag?: Int32Array;
  /**
   * The most the call may take, in milliseconds: past it the work stops and the call rejects with a
   * `DOMException` named `TimeoutError`. Honoured on the calling thread too, where a `signal` cannot fire
   * while the work holds the thread (the direct API warns once about a `signal` given without it).
   * `null`: no limit (a `solve` or `randomScramble` of a cubing.js puzzle with its own event solver, the
   * Square-1, megaminx, FTO, kilominx, master tetraminx and 4x4x4, on its default moves, otherwise stops
   * after 800 ms with an error naming `solveForEvent` / `randomScrambleForEvent`).
   */
  timeLimit?: number | null;
}

/** What a solver is built for; a puzzle keeps its solver while these stay the same. */
export interface SearchOptions {
  generatorMoves?: GeneratorMoves;
  /** Quarter-turn metric. */
  qtm?: boolean;
  /** Memory budget of the pruning table in MiB (default 256): the most it grows to. */
  memoryMB?: number;
  /**
   * The size the pruning table starts at, in MiB (default 2, or `memoryMB` when smaller; small puzzles
   * take less). Searches grow it (8 times at a step, up to `memoryMB`) only when they need a deeper table.
   */
  initialMemoryMB?: number;
}

export interface SolveOptions extends SearchOptions, CallOptions {
  /** How many solutions (default 1; with `allOptimal` or `slack`, all up to 100000). */
  maxSolutions?: number;
  /** Every solution of the optimal length. */
  allOptimal?: boolean;
  minDepth?: number;
  maxDepth?: number;
  /** Also solutions up to this many moves longer than the shortest. */
  slack?: number;
  /** The pattern to reach instead of the solved state (an alg from solved, or a pattern). */
  targetPattern?: PositionLike;
  /**
   * Near-optimal solving by multi-phase (Kociemba-style) search instead of the optimal one: the moves of
   * each phase's subgroup, e.g. `["U,D,F2,B2,R2,L2"]` for the 3x3x3. Its tables are kept for later calls.
   */
  phases?: string[];
  /** With `phases`: stop at the first solution this short (without it: the best through the phases). */
  targetLength?: number;
  /** With `phases`: give up past this many search nodes (the best so far, or an error). */
  maxNodes?: number;
  /**
   * Optimal solves: also bound the search by the distance to this subgroup along every axis the
   * definition's rotations give, e.g. `"U,D,F2,B2,R2,L2"` on the 3x3x3 (Kociemba's phase-1 table as the
   * heuristic of an optimal solver). Its tables are built by the first solve (kept with the solver: a
   * different `phaseBound` or `phaseBoundMemoryMB` makes a new solver) and cached with `tableCache`.
   */
  phaseBound?: string;
  /**
   * With `phaseBound`: the memory for its tables in MiB (default 64): the exact (full) table where it
   * fits (the 3x3x3's needs 529 MiB: 600), projection tables otherwise. With `memoryMB` it must stay
   * below the 4096 MiB WebAssembly addresses (a `RangeError` otherwise, before anything is allocated).
   */
  phaseBoundMemoryMB?: number;
  /**
   * Optimal solves of a 3x3x3 (orbits CORNERS and EDGES, face turns and the rotations `x y z`, such as
   * cubing.js's), to solved: also bound the search by the cube's own table of the distance to
   * Kociemba's phase-1 subgroup along the three axes, as Kociemba's optimal solver does: `'phase1'`
   * (85 MiB, seconds to build), or `'phase1-parity'` (the corners' permutation even too, reduced by the
   * mirrors as well: 81 MiB, as fast to build, about 1.8 times fewer nodes). `'huge'` (the E slice's edges in order too: 2,020 MiB, about seven times
   * fewer nodes on deep positions) is for the native library and CLI: its 6.66 billion entries cannot
   * be indexed in wasm32, which refuses it with a `RangeError`. A request of the face turns to solved (either
   * metric, any number of solutions, depth limits or slack; no orientation options) is answered by the
   * cube's own search on the table's coordinates (`searchedBy`), with the generic solver's solutions in
   * its order, several times faster than the generic solver with a `phaseBound`. Its
   * table is kept with the solver and cached with `tableCache`. Not with `phaseBound`.
   */
  cubeBound?: 'phase1' | 'phase1-parity' | 'huge';
  /**
   * With `cubeBound`: the memory its table may take in MiB (default 256; `'phase1'` needs 76). A table
   * that needs more, or a budget that does not fit the 4096 MiB WebAssembly addresses beside `memoryMB`,
   * is a `RangeError` before anything is allocated.
   */
  cubeBoundMemoryMB?: number;
  /**
   * Solved in any orientation of the whole puzzle, as cubing.js's `experimentalIsSolved` option: a
   * position reached with rotations or slices (3x3x3 `x`, `M`) is solved by the moves up to a rotation
   * (the solution is in the position's current orientation, without rotations where the rotations permute
   * the moves). Over several orientations the moves can reach (a 2x2x2), the shortest solution.
   */
  ignorePuzzleOrientation?: boolean;
  /**
   * The orientation of the center orbits (named `CENTER…`) is not asked for, as cubing.js's
   * `experimentalIsSolved` option (cubing.js's own solved 3x3x3 already leaves it open).
   */
  ignoreCenterOrientation?: boolean;
}

/** `positions()`: sizes of what a move set reaches. */
export interface PositionCount {
  /** Positions up to the orientation of the whole puzzle (the 3x3x3: 43,252,003,274,489,856,000). */
  upToOrientation: bigint;
  /** Positions, orientations of the whole puzzle counted apart; orientations the solved state leaves open not counted. */
  positions: bigint;
  /** Orientations of the whole puzzle the moves reach (1 with face turns only; 24 for the 2x2x2's turns). */
  orientations: bigint;
  /** The group order (`order()`): transformations, also counting what the solved state does not show. */
  groupOrder: bigint;
  /**
   * `null`, or on a definition that declares `Illegal` placements why these counts are not what the puzzle
   * reaches: they count the group the moves generate, positions holding those placements included.
   */
  note: string | null;
}

export interface SolveResult {
  /** Solutions, shortest first (each verified). */
  solutions: string[];
  /** Their lengths in the metric. */
  lengths: number[];
  /** Search nodes looked up. */
  nodes: number;
  /** The pruning table's depth (optimal solves). */
  tableDepth?: number;
  tableBytes: number;
  /**
   * Optimal solves: the rotations of the definition the pruning table is reduced by (1: none; a
   * definition with rotations that keep the moves, such as a PuzzleGeometry one with `--rotations`).
   */
  symmetries?: number;
  /** Optimal solves: whether the search also looked up each position's inverse. */
  inverseLookup?: boolean;
  metric: 'HTM' | 'QTM';
  /** With `phases`: the length of each phase's part. */
  phaseLengths?: number[];
  /** Optimal solves: the bound the search used (`phaseBound` or `cubeBound`), or null without one. */
  phaseBound?: PhaseBoundReport | null;
  /**
   * Optimal solves: `'3x3x3 coordinates'` where the cube's own search answered (`cubeBound`), else
   * `'states'`.
   */
  searchedBy?: 'states' | '3x3x3 coordinates';
}

/** The bound of an optimal solve (as the CLI's `solve --json` reports it). */
export interface PhaseBoundReport {
  /** With `phaseBound`: the subgroup's moves, as given. */
  moves?: string;
  /** With `cubeBound`: its table (`'phase1'`, `'phase1-parity'` or `'huge'`). */
  table?: 'phase1' | 'phase1-parity' | 'huge';
  /** The axes it looks along (the 3x3x3: 3). */
  axes: number;
  /** Whether its table holds exact distances (the full table), else projections (a weaker bound). */
  exact: boolean;
  /** Bytes of its tables. */
  tableBytes: number;
  /** Seconds making it took (building its tables, or loading them from the table cache). */
  buildSeconds: number;
  /** Whether its tables came from saved bytes (the table cache, `loadTables`). */
  tablesLoaded: boolean;
}

export interface ScrambleOptions extends SearchOptions, CallOptions {
  /** A seed for a reproducible scramble (a safe integer). */
  seed?: number;
}

export interface CountOptions {
  generatorMoves?: GeneratorMoves;
  qtm?: boolean;
}

export interface PuzzleInfo {
  name: string;
  orbits: { orbitName: string; numPieces: number; numOrientations: number }[];
  /** The definition's base moves (no rotations): the default moves. */
  moves: string[];
  /**
   * Moves twistsearch adds to a cubing.js puzzle for its users' notation, where the definition lacks them
   * (the pyraminx's `U`, `L`, `R`, `B`; the cubes' wide turns `Uw`…): accepted in algs and `generatorMoves`,
   * not among the default moves.
   */
  notationMoves: string[];
  rotations: string[];
  stateSize: number;
}

/** Options of God's algorithm (breadth-first enumeration of every position), for `godsAlgorithm`. */
export interface GodsAlgorithmOptions extends CallOptions {
  generatorMoves?: GeneratorMoves;
  qtm?: boolean;
  /** How many antipodes (positions at the last depth) to return: at most 10000 (more is refused). */
  antipodes?: number;
  /** Also count positions up to the definition's rotations that keep the move set. */
  symmetry?: boolean;
  /** Memory budget of the tables in MiB (default 1024); a puzzle that does not fit is refused. */
  memoryMB?: number;
  /**
   * Reducing the search by the definition's rotations (the counts are the same either way): 'auto'
   * (default: where building its tables pays), 'always' (wherever the rotations allow it) or 'never'.
   * Only the threaded build has it; the single-threaded build always runs the plain search.
   */
  reduce?: 'auto' | 'always' | 'never';
}

/** The result of God's algorithm. */
export interface GodsAlgorithmResult {
  /** Positions at each distance 0, 1, 2, ... */
  counts: bigint[];
  total: bigint;
  /** The greatest distance. */
  depth: number;
  antipodes: { alg: string; pattern: KPatternData }[];
  /** Counts of positions up to symmetry, where computed. */
  symmetryCounts?: bigint[];
  /** How many symmetries were used, where computed. */
  symmetries?: number;
  /** 'dense' (2 bits per position of a dense index) or 'hash'. */
  method: 'dense' | 'hash';
  /** Positions the dense index numbers (reachable or not). */
  indexed?: bigint;
  /**
   * When the definition's rotations reduced the search (same counts, less work): how many symmetries,
   * and how many positions were stored.
   */
  reducedBy?: { symmetries: number; storedPositions: bigint };
  memoryBytes: number;
  metric: 'HTM' | 'QTM';
}

/**
 * A place to keep tables in (`tableCache`): any object with these methods, e.g. `indexedDBTableStore()`
 * in a browser or `fileTableStore(dir)` of `twistsearch/node`. Keys are strings, values the core's bytes.
 */
export interface TableStore {
  /** The bytes kept under `key`, or `undefined` / `null` when there are none. */
  get(key: string): Promise<Uint8Array | ArrayBuffer | undefined | null>;
  /** Keeps `bytes` under `key`, replacing what was there. */
  set(key: string, bytes: Uint8Array): Promise<void>;
  /** Removes the entry of `key` (called for bytes the core refused; without it they stay until replaced). */
  delete?(key: string): Promise<void>;
}

/** The IndexedDB store of `indexedDBTableStore()`: a `TableStore` that also lists and clears. */
export interface IndexedDBTableStore extends TableStore {
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
  /** Every key kept. */
  keys(): Promise<string[]>;
  /** Removes every entry. */
  clear(): Promise<void>;
}

/** What the table cache did, for `onTableCache`. */
export interface TableCacheEvent {
  /**
   * `'loaded'`: the tables came from the store (`bytes`, `seconds` to read and load them); `'missing'`:
   * the store has none, they are built; `'refused'`: the core refused the store's bytes (damaged, another
   * format version, made for other tables: `message`), the entry is deleted and the tables built;
   * `'writing'`: built tables are being written to the store, in the background after the answer
   * (`bytes`; `seconds`: the building they save); `'error'`: the store failed (`message`; the call goes on
   * without it, or had already answered).
   */
  type: 'loaded' | 'missing' | 'refused' | 'writing' | 'error';
  /** The key in the store: `twistsearch-<version>/<puzzle>/<the core's key>`. */
  key: string;
  bytes?: number;
  seconds?: number;
  message?: string;
}

/** The opt-in table cache: tables kept across visits (and processes) instead of built each time. */
export interface TableCacheOptions {
  /**
   * Where tables are kept: `'indexeddb'` (browsers and their workers: the IndexedDB database
   * "twistsearch-tables") or any `TableStore`. Before building tables the key is looked up; tables
   * found are loaded, refused ones deleted (with one `console.warn`) and built.
   */
  tableCache?: 'indexeddb' | TableStore;
  /**
   * When built tables are written, in the background (the answer does not wait): `'auto'` (default) when
   * building them took 1 s or more, as the CLI's `--write-tables auto`; `'always'`; `'never'` (read only).
   */
  tableCacheWrite?: 'auto' | 'always' | 'never';
  /** Told what the cache did (loaded, missing, refused, writing, error). */
  onTableCache?: (event: TableCacheEvent) => void;
}

/** The options of the tables methods: those of `solve` (or `randomScramble`) that choose its solver. */
export interface TablesOptions extends SearchOptions, CallOptions {
  /** As for `solve`. */
  targetPattern?: PositionLike;
  /** As for `solve`: the multi-phase solver's tables. */
  phases?: string[];
  /** As for `solve`: the optimal solver with this phase bound (and `tables: 'phaseBound'`: its tables). */
  phaseBound?: string;
  phaseBoundMemoryMB?: number;
  /** As for `solve`: the optimal solver with the cube's own bound (and `tables: 'cubeBound'`: its table). */
  cubeBound?: 'phase1' | 'phase1-parity' | 'huge';
  cubeBoundMemoryMB?: number;
  /**
   * Which of the solver's tables: its own (`'solver'`, the default: the optimal solver's pruning table,
   * the multi-phase solver's tables) or its bound's (`'phaseBound'` with `phaseBound`, `'cubeBound'` with
   * `cubeBound`: the same part).
   */
  tables?: 'solver' | 'phaseBound' | 'cubeBound';
  ignorePuzzleOrientation?: boolean;
  ignoreCenterOrientation?: boolean;
}

/** The modes of `findAlgs`: plain sequences, a sequence repeated a part of its order, commutators. */
export type FindAlgsMode = 'basic' | 'repeated' | 'commutator';

/** Options of `findAlgs` (the CLI's `find-algs` flags). */
export interface FindAlgsOptions extends CallOptions {
  /**
   * The longest sequence searched: the alg (`'basic'`), the repeated sequence (`'repeated'`), X and Y
   * together (`'commutator'`, whose algs have twice as many moves). 1 to 40 (2 to 40 for commutators; more is
   * a `RangeError`).
   */
  depth: number;
  /** The most pieces an alg may leave wrong (default 4). */
  maxPieces?: number;
  /** Default `'basic'` (twsearch `-A1`); `'repeated'` (`-A2`), `'commutator'` (`-A3`). */
  mode?: FindAlgsMode;
  /** One alg per signature (twsearch's strict `s`); not with `keep`. */
  strict?: boolean;
  /** Algs kept per signature (default 20); `count` covers them all. */
  keep?: number;
  /** Keep every rotation of a sequence (each is a conjugate), not only the first (basic and repeated modes). */
  allRotations?: boolean;
  /** The moves algs are made of (default: the puzzle's default moves, `defaultMoves`). */
  generatorMoves?: GeneratorMoves;
  /** Quarter-turn metric (single turns only). */
  qtm?: boolean;
}

/** How the algs of a group change one set of pieces. */
export interface SetChange {
  /** The set's (orbit's) name. */
  set: string;
  /** How many of its pieces end up wrong. */
  pieces: number;
  /** Whether some piece changes place (false: the wrong pieces are only twisted). */
  permuted: boolean;
}

/** The algs of one signature (`A`: strings, or cubing.js `Alg`s from `twistsearch/cubing`). */
export interface AlgGroup<A = string> {
  /** In words: `CORNER 3 moved`, `EDGE 2 twisted, CORNER 2 moved`. */
  signature: string;
  /** The changed sets, in definition order. */
  sets: SetChange[];
  /** The wrong pieces in all sets together. */
  pieces: number;
  /** The shortest length found (moves as written: a commutator `[X, Y]` counts 2(|X| + |Y|)). */
  length: number;
  /** How many algs of that length were found (rotations of a sequence counted once unless `allRotations`). */
  count: number;
  /** The first `keep` of them, in cubing.js notation: `R U R' U'`, `(R U)35`, `[R U R', D]`. */
  algs: A[];
}

/** What `findAlgs` found. */
export interface FindAlgsResult<A = string> {
  mode: FindAlgsMode;
  depth: number;
  maxPieces: number;
  metric: 'HTM' | 'QTM';
  /** The moves searched, as a comma list. */
  moves: string;
  /** Sequences walked. */
  sequences: number;
  /** By fewest pieces, then set by set. */
  groups: AlgGroup<A>[];
}

/** Options of `uniqueAlgs`. */
export interface UniqueAlgsOptions {
  /** Compare positions up to the definition's rotations (twsearch's `-U`). */
  symmetry?: boolean;
  /** Stop after this many unique algs. */
  limit?: number;
}

/** Options of `shortenAlgs`. */
export interface ShortenAlgsOptions extends CallOptions {
  /** Solve windows within this many moves at most (default: up to each alg's length). */
  maxDepth?: number;
  /** Memory budget of the pruning table in MiB (default 256). */
  memoryMB?: number;
}

/** The methods a puzzle has, here and in a worker. */
export interface PuzzleApi {
  readonly name: string;
  readonly info: PuzzleInfo;
  /** The moves `solve` and `randomScramble` use where a call names none (a comma list), or null: every move but the rotations. */
  readonly defaultMoves: string | null;
  solve(position: PositionLike, options?: SolveOptions): Promise<SolveResult>;
  /** A random-state scramble: an alg reaching a uniformly random position, optimal in length. */
  randomScramble(options?: ScrambleOptions): Promise<string>;
  /** Canonical move sequences of each length 0..depth. */
  canonicalCounts(depth: number, options?: CountOptions): Promise<bigint[]>;
  /** God's algorithm: positions at each distance from solved, antipodes, counts up to symmetry. */
  godsAlgorithm(options?: GodsAlgorithmOptions): Promise<GodsAlgorithmResult>;
  /**
   * The order of the group the moves generate: transformations, so it counts what the solved state does
   * not show (the 3x3x3 KPuzzle's center orientations) and every orientation of the whole puzzle the moves
   * reach. For the number of positions as users count them, see `positions`. `Illegal` placements of the
   * definition are not taken into account (`positions().note` says so).
   */
  order(moves?: GeneratorMoves | { generatorMoves?: GeneratorMoves }): Promise<bigint>;
  /** How many positions the moves reach, as users count them. */
  positions(moves?: GeneratorMoves | { generatorMoves?: GeneratorMoves }): Promise<PositionCount>;
  /** How many times an alg must be repeated to give the identity. */
  algOrder(alg: string): Promise<bigint>;
  invert(alg: string): Promise<string>;
  simplify(alg: string): Promise<string>;
  /** The position an alg reaches from the solved state. */
  position(alg: string): Promise<KPatternData>;
  /** The puzzle as a KPuzzle definition. */
  definition(): Promise<KPuzzleDefinition>;
  /** Drops the tables kept for the next solve (the optimal solver's pruning table, the multi-phase solver's tables). */
  releaseSolver(): Promise<void>;
  /**
   * The key a table cache keeps the tables of the solver `solve` (or `randomScramble`) uses with these
   * options under (the optimal solver is made now, as the call would make it).
   */
  tablesKey(options?: TablesOptions): Promise<string>;
  /** The tables of the solver kept for these options, as the core's bytes; `undefined` where none is kept. */
  saveTables(options?: TablesOptions): Promise<Uint8Array | undefined>;
  /**
   * Gives the solver for these options the tables of `bytes` (of `saveTables`) instead of building them.
   * Bytes made for other tables, or damaged, reject with an `Error` and the puzzle keeps what it had;
   * anything but a `Uint8Array` rejects with a `TypeError`.
   */
  loadTables(bytes: Uint8Array, options?: TablesOptions): Promise<void>;
  /**
   * The algorithm finder (twsearch's `-A`): short algs that leave between 1 and `maxPieces` pieces wrong,
   * grouped by signature, the shortest of each. Progress phase `'find-algs'`; `signal` / `timeLimit`
   * stop it. An unknown option is a `TypeError`.
   */
  findAlgs(options: FindAlgsOptions): Promise<FindAlgsResult>;
  /** The algs whose position no earlier one reached (`-u`; `symmetry`: up to the rotations, `-U`). */
  uniqueAlgs(algs: string[], options?: UniqueAlgsOptions): Promise<string[]>;
  /** An alg (or each alg of a list) shortened by optimal solves of its windows (`--shortenseqs`): never longer, same effect. */
  shortenAlgs(alg: string, options?: ShortenAlgsOptions): Promise<string>;
  shortenAlgs(algs: string[], options?: ShortenAlgsOptions): Promise<string[]>;
  /** Moves of the same grip merged across commuting moves, the order otherwise kept (`--cancelseqs`). */
  cancelMoves(alg: string): Promise<string>;
  /** Rotations moved to the end (`--unrotateseqs`). */
  unrotate(alg: string): Promise<string>;
  /** The alg's effect as a `.tws` move definition (`--showmoves`), named `name` (default `noname`). */
  moveDefinition(alg: string, name?: string): Promise<string>;
  /** Per set, the cycles with their twists: `[2],[2]` for the T-perm (`--showconjugacy`). */
  conjugacyClass(alg: string): Promise<string>;
  /** How many of the definition's symmetries keep the position (`--showsymmetry`; 1 without any). */
  symmetryOrder(alg: string): Promise<number>;
  /** How many pieces the position leaves wrong (`--maxwrong`; `orientationGroup`: `--orientationgroup`). */
  wrongPieces(alg: string, options?: { orientationGroup?: number }): Promise<number>;
}

export declare class Puzzle implements PuzzleApi {
  private constructor();
  readonly name: string;
  readonly info: PuzzleInfo;
  readonly defaultMoves: string | null;
  solve(position: PositionLike, options?: SolveOptions): Promise<SolveResult>;
  randomScramble(options?: ScrambleOptions): Promise<string>;
  canonicalCounts(depth: number, options?: CountOptions): Promise<bigint[]>;
  godsAlgorithm(options?: GodsAlgorithmOptions): Promise<GodsAlgorithmResult>;
  order(moves?: GeneratorMoves | { generatorMoves?: GeneratorMoves }): Promise<bigint>;
  positions(moves?: GeneratorMoves | { generatorMoves?: GeneratorMoves }): Promise<PositionCount>;
  algOrder(alg: string): Promise<bigint>;
  invert(alg: string): Promise<string>;
  simplify(alg: string): Promise<string>;
  position(alg: string): Promise<KPatternData>;
  definition(): Promise<KPuzzleDefinition>;
  releaseSolver(): Promise<void>;
  tablesKey(options?: TablesOptions): Promise<string>;
  saveTables(options?: TablesOptions): Promise<Uint8Array | undefined>;
  loadTables(bytes: Uint8Array, options?: TablesOptions): Promise<void>;
  findAlgs(options: FindAlgsOptions): Promise<FindAlgsResult>;
  uniqueAlgs(algs: string[], options?: UniqueAlgsOptions): Promise<string[]>;
  shortenAlgs(alg: string, options?: ShortenAlgsOptions): Promise<string>;
  shortenAlgs(algs: string[], options?: ShortenAlgsOptions): Promise<string[]>;
  cancelMoves(alg: string): Promise<string>;
  unrotate(alg: string): Promise<string>;
  moveDefinition(alg: string, name?: string): Promise<string>;
  conjugacyClass(alg: string): Promise<string>;
  symmetryOrder(alg: string): Promise<number>;
  wrongPieces(alg: string, options?: { orientationGroup?: number }): Promise<number>;
  /** Frees the puzzle's WebAssembly memory; later calls reject with an `Error` saying so. */
  free(): void;
}

export type Build = 'single' | 'threaded';

export interface InitOptions {
  /** 'auto' (default): threaded where `crossOriginIsolated`, else single-threaded (always in Node.js). */
  build?: 'auto' | Build;
  /** The threaded build's pool size (default `navigator.hardwareConcurrency`). */
  threads?: number;
}

export interface InitResult {
  build: Build;
  threads: number;
  /** Why 'auto' fell back to the single-threaded build. */
  fallbackReason?: string;
}

/**
 * Chooses the WebAssembly build (the first call decides) and loads it where it is one module (threaded);
 * the single-threaded build's two modules load on first use: the puzzle part by `loadPuzzle`/`puzzleIDs`,
 * the events part by `randomScrambleForEvent`/`solveForEvent`/`scrambleEvents`.
 */
export function init(options?: InitOptions): Promise<InitResult>;
/** The build in use, null before it is chosen. */
export function build(): Build | null;
/** Threads the work uses (1 single-threaded; 0 before the build is chosen). */
export function threads(): number;
/** The options of a puzzle's own: the moves its searches use where a call names none. */
export interface PuzzleOptions {
  /**
   * The moves `solve`, `randomScramble` and the tables methods use where a call gives no
   * `generatorMoves` (null: every move but the rotations). Default: every move but the rotations; for a
   * cubing.js puzzle (an ID, a puzzle loader or a `KPuzzle`) its face turns (`U,L,F,R,B,D` on the 3x3x3,
   * not its slices, wide and inner turns) where they reach every position (see `Puzzle.defaultMoves`).
   */
  generatorMoves?: GeneratorMoves | null;
}

/**
 * Options of `loadPuzzle`: the module's (first load only), the table cache of the puzzle's solvers and
 * its default moves.
 */
export interface LoadOptions extends InitOptions, TableCacheOptions, PuzzleOptions {}

/**
 * Loads a puzzle (and the WebAssembly module on first use, with `options`). A string that is neither a
 * known puzzle ID nor a definition rejects with the parse error (naming the known IDs when it looks like
 * an ID); an unknown option is a `TypeError`.
 */
export function loadPuzzle(definition: PuzzleDefinition, options?: LoadOptions): Promise<Puzzle>;

/** The cubing.js puzzle IDs `loadPuzzle` takes (loads the puzzle part's WebAssembly module if needed). */
export function puzzleIDs(): Promise<PuzzleID[]>;

/** A table store in an IndexedDB database (default "twistsearch-tables", what `tableCache: 'indexeddb'` uses). */
export function indexedDBTableStore(name?: string): IndexedDBTableStore;

/** Resolves once every table write (and delete of a refused entry) started so far has finished. */
export function tableCacheWrites(): Promise<void>;

/** Options of `randomScrambleForEvent`. */
export interface EventScrambleOptions extends CallOptions, TableCacheOptions {
  /** A seed for a reproducible scramble (a safe integer). */
  seed?: number;
}

/** Options of `solveForEvent`. */
export interface EventSolveOptions extends CallOptions, TableCacheOptions {}

/** A cubing.js event, as `scrambleEvents` lists it. */
export interface ScrambleEvent {
  /** The cubing.js event ID (`"333"`, `"pyram"`). */
  id: string;
  /** The event's name (`"3x3x3 Cube"`). */
  name: string;
  /** The cubing.js puzzle ID of its puzzle (`"3x3x3"`). */
  puzzle: string;
  /** Whether twistsearch scrambles it. */
  supported: boolean;
  /** Why an unsupported event is not scrambled yet. */
  reason?: string;
}

/** Every cubing.js event, and whether twistsearch scrambles it (loads the events part's WebAssembly module if needed). */
export function scrambleEvents(): Promise<ScrambleEvent[]>;
/**
 * A scramble for a cubing.js event ID in the event's notation (megaminx lines separated by newlines), as
 * cubing.js's `randomScrambleForEvent` but a string; the event's tables are built once and kept. Rejects
 * with a `TypeError` for a non-string ID, a `RangeError` for an ID cubing.js does not have, an `Error`
 * for an event not scrambled yet.
 */
export function randomScrambleForEvent(eventID: string, options?: EventScrambleOptions): Promise<string>;

/**
 * Solves a position of an event's puzzle (cubing.js's KPuzzle for the event) with the event's own solver,
 * as a string in the event's notation: the 3x3x3 events (`333`, `333oh`, …: the cube's own two-phase
 * search, the shortest solution it finds within about a tenth of a second), `sq1` (the Square-1's two-phase
 * search, which knows a slash is blocked while a corner straddles the cut), `444`/`444bf` (the 4x4x4
 * reduction, about 52 moves), `minx` (the megaminx's staged search: any position, about 140 face turns
 * such as `BR2'`, in tens of milliseconds natively; solved up to the puzzle's orientation, which a WCA
 * scramble's `R++` changes, and the centers' orientations), and the other random-state events (`222`,
 * `pyram`, `skewb`, `fto`, `kilominx`, …: the multi-phase solver their scrambles use, to the same target,
 * so the FTO's center triangles are solved up to their colour; a kilominx pattern is read without
 * cubing.js's EDGES, EDGES2 and CENTERS orbits, which follow its corners). The other random-move events
 * and the clock reject with an `Error` (use a puzzle's `solve`); so does a position the event's moves
 * cannot reach.
 */
export function solveForEvent(eventID: string, pattern: PatternLike, options?: EventSolveOptions): Promise<string>;
