import type {
  Build,
  EventScrambleOptions,
  EventSolveOptions,
  PatternLike,
  InitOptions,
  PuzzleApi,
  PuzzleDefinition,
  PuzzleInfo,
  PuzzleOptions,
  ScrambleEvent,
  TableCacheOptions,
} from './index.js';

export interface WorkerOptions extends InitOptions {
  /** Where worker.js is served (default: next to this module). */
  workerUrl?: string | URL;
  /** How long aborted work may take to stop through the shared flag before the worker is terminated (ms, default 1000). */
  abortGraceMs?: number;
  /** Cancel through a SharedArrayBuffer flag (default: where available); false: always terminate the worker. */
  sharedFlag?: boolean;
}

/** Whether SharedArrayBuffer flags can be used here (Node.js, cross-origin isolated pages). */
export function sharedFlagsAvailable(): boolean;

/** One worker and the puzzles in it. */
export declare class TwistsearchWorker {
  constructor(options?: WorkerOptions);
  /** Starts the worker: its build and thread count. */
  init(): Promise<{ build: Build; threads: number; fallbackReason?: string }>;
  readonly info: { build: Build; threads: number } | null;
  /** How many times the worker was terminated and restarted to stop aborted work. */
  readonly restarts: number;
  /**
   * Loads a puzzle in the worker, with the table cache of its solvers (`tableCache: 'indexeddb'` is
   * opened in the worker; a store object stays on this side and the worker asks it through messages).
   */
  loadPuzzle(definition: PuzzleDefinition, options?: TableCacheOptions & PuzzleOptions): Promise<WorkerPuzzle>;
  /** A scramble for a cubing.js event ID, made in the worker (its tables kept there across calls). */
  randomScrambleForEvent(eventID: string, options?: EventScrambleOptions): Promise<string>;
  /** `solveForEvent` of `twistsearch`, in the worker. */
  solveForEvent(eventID: string, pattern: PatternLike, options?: EventSolveOptions): Promise<string>;
  /** Every cubing.js event, and whether twistsearch scrambles it. */
  scrambleEvents(): Promise<ScrambleEvent[]>;
  /** Resolves once every table write the worker has started so far has finished. */
  tableCacheWrites(): Promise<void>;
  terminate(): void;
}

/** A puzzle in a worker: the same methods as `Puzzle`. */
export declare class WorkerPuzzle implements PuzzleApi {
  private constructor();
  readonly worker: TwistsearchWorker;
  readonly name: string;
  readonly info: PuzzleInfo;
  readonly defaultMoves: string | null;
  solve: PuzzleApi['solve'];
  randomScramble: PuzzleApi['randomScramble'];
  canonicalCounts: PuzzleApi['canonicalCounts'];
  godsAlgorithm: PuzzleApi['godsAlgorithm'];
  order: PuzzleApi['order'];
  positions: PuzzleApi['positions'];
  algOrder: PuzzleApi['algOrder'];
  invert: PuzzleApi['invert'];
  simplify: PuzzleApi['simplify'];
  position: PuzzleApi['position'];
  definition: PuzzleApi['definition'];
  releaseSolver: PuzzleApi['releaseSolver'];
  tablesKey: PuzzleApi['tablesKey'];
  saveTables: PuzzleApi['saveTables'];
  loadTables: PuzzleApi['loadTables'];
  findAlgs: PuzzleApi['findAlgs'];
  uniqueAlgs: PuzzleApi['uniqueAlgs'];
  shortenAlgs: PuzzleApi['shortenAlgs'];
  cancelMoves: PuzzleApi['cancelMoves'];
  unrotate: PuzzleApi['unrotate'];
  moveDefinition: PuzzleApi['moveDefinition'];
  conjugacyClass: PuzzleApi['conjugacyClass'];
  symmetryOrder: PuzzleApi['symmetryOrder'];
  wrongPieces: PuzzleApi['wrongPieces'];
  /** Frees the puzzle in the worker. */
  free(): Promise<void>;
  /** Terminates its worker. */
  terminate(): void;
}

/** A puzzle in a worker of its own. */
export function createWorkerPuzzle(
  definition: PuzzleDefinition,
  options?: WorkerOptions & TableCacheOptions & PuzzleOptions,
): Promise<WorkerPuzzle>;
