// A consumer of every export of twistsearch, twistsearch/worker, twistsearch/cubing and twistsearch/node, written the way a
// user would. It is never run: `tsc --strict` (module nodenext) checks it against the package's own .d.ts
// files, so a declaration that is missing, wrong or inconsistent with another fails the test suite.
import {
  build,
  indexedDBTableStore,
  init,
  loadPuzzle,
  puzzleIDs,
  randomScrambleForEvent,
  scrambleEvents,
  solveForEvent,
  tableCacheWrites,
  threads,
  type Build,
  type CountOptions,
  type EventScrambleOptions,
  type EventSolveOptions,
  type AlgGroup,
  type FindAlgsMode,
  type FindAlgsOptions,
  type FindAlgsResult,
  type SetChange,
  type ShortenAlgsOptions,
  type UniqueAlgsOptions,
  type IndexedDBTableStore,
  type LoadOptions,
  type TableCacheEvent,
  type TableCacheOptions,
  type TablesOptions,
  type TableStore,
  type GodsAlgorithmOptions,
  type GodsAlgorithmResult,
  type InitResult,
  type KPatternData,
  type KPuzzleDefinition,
  type PhaseBoundReport,
  type PositionCount,
  type Progress,
  type Puzzle,
  type PuzzleApi,
  type PuzzleID,
  type PuzzleInfo,
  type PuzzleLoaderLike,
  type ScrambleEvent,
  type ScrambleOptions,
  type SolveOptions,
  type SolveResult,
} from 'twistsearch';
import {
  createWorkerPuzzle,
  sharedFlagsAvailable,
  TwistsearchWorker,
  type WorkerOptions,
  type WorkerPuzzle,
} from 'twistsearch/worker';
import {
  cubingSolver,
  defaultGeneratorMoves,
  findAlgs as cubingFindAlgs,
  randomScramble as cubingRandomScramble,
  randomScrambleForEvent as cubingScrambleForEvent,
  solve as cubingSolve,
  solveAll as cubingSolveAll,
  solveForEvent as cubingSolveForEvent,
  type CubingSolver,
} from 'twistsearch/cubing';
import { fileTableStore, type FileTableStore } from 'twistsearch/node';
import { Alg } from 'cubing/alg';
import { cube3x3x3 } from 'cubing/puzzles';

const tws = 'Name tiny\nSet P 2 1\nSolved\nP\n1 2\nEnd\nMove X\nP\n2 1\nEnd\n';

/** Every method of the direct and the worker API, through the interface they share. */
async function usePuzzle(p: PuzzleApi, signal: AbortSignal): Promise<string[]> {
  const info: PuzzleInfo = p.info;
  const notationMoves: string[] = info.notationMoves;
  const name: string = p.name;
  const progress: Progress[] = [];
  const options: SolveOptions = {
    maxSolutions: 2,
    allOptimal: false,
    minDepth: 0,
    maxDepth: 20,
    slack: 1,
    generatorMoves: ['X'],
    qtm: false,
    memoryMB: 64,
    initialMemoryMB: 2,
    targetPattern: 'X',
    signal,
    onProgress: (pr) => progress.push(pr),
  };
  const solved: SolveResult = await p.solve('X', options);
  const fromPattern: SolveResult = await p.solve(await p.position('X'));
  const metric: 'HTM' | 'QTM' = solved.metric;
  const near: SolveResult = await p.solve('X', { phases: ['X'], targetLength: 20, maxNodes: 1e6, signal });
  const upTo: SolveResult = await p.solve('X', { ignorePuzzleOrientation: true, ignoreCenterOrientation: false });
  const bounded: SolveResult = await p.solve('X', { phaseBound: 'X', phaseBoundMemoryMB: 16 });
  const bound: PhaseBoundReport | null | undefined = bounded.phaseBound;
  const exact: boolean = bound?.exact ?? false;
  const cubeBounded: SolveResult = await p.solve('X', { cubeBound: 'phase1', cubeBoundMemoryMB: 128 });
  const cubeTable: 'phase1' | 'phase1-parity' | 'huge' | undefined = cubeBounded.phaseBound?.table;
  const parityBounded: SolveResult = await p.solve('X', { cubeBound: 'phase1-parity' });
  const searchedBy: 'states' | '3x3x3 coordinates' | undefined = cubeBounded.searchedBy;
  const phaseLengths: number[] | undefined = near.phaseLengths;
  const depth: number | undefined = near.tableDepth;
  const reducedBy: number | undefined = solved.symmetries;
  const inverseLookup: boolean | undefined = solved.inverseLookup;
  const scrambleOptions: ScrambleOptions = { seed: 1, generatorMoves: 'X', signal };
  const scramble: string = await p.randomScramble(scrambleOptions);
  const countOptions: CountOptions = { generatorMoves: 'X', qtm: true };
  const counts: bigint[] = await p.canonicalCounts(3, countOptions);
  const godOptions: GodsAlgorithmOptions = { antipodes: 1, symmetry: false, memoryMB: 16, reduce: 'auto', signal };
  const god: GodsAlgorithmResult = await p.godsAlgorithm(godOptions);
  const order: bigint = await p.order();
  const orderOf: bigint = await p.order({ generatorMoves: 'X' });
  const sizes: PositionCount = await p.positions('X');
  const upToOrientation: bigint = sizes.upToOrientation + sizes.positions + sizes.orientations + sizes.groupOrder;
  const note: string | null = sizes.note;
  const algOrder: bigint = await p.algOrder('X X');
  const inverse: string = await p.invert('X');
  const simple: string = await p.simplify('X X');
  const pattern: KPatternData = await p.position('X');
  const definition: KPuzzleDefinition = await p.definition();
  await p.releaseSolver();
  const tablesOptions: TablesOptions = { generatorMoves: 'X', memoryMB: 16, phases: ['X'], targetPattern: 'X', signal };
  const key: string = await p.tablesKey(tablesOptions);
  const boundKey: string = await p.tablesKey({ phaseBound: 'X', phaseBoundMemoryMB: 16, tables: 'phaseBound' });
  const boundTables: Uint8Array | undefined = await p.saveTables({ phaseBound: 'X', tables: 'phaseBound' });
  if (boundTables) await p.loadTables(boundTables, { phaseBound: 'X', tables: 'solver' });
  const cubeKey: string = await p.tablesKey({ cubeBound: 'huge', tables: 'cubeBound' });
  const saved: Uint8Array | undefined = await p.saveTables({ qtm: true });
  if (saved) await p.loadTables(saved, { onProgress: (pr) => progress.push(pr) });
  // The algorithm finder and the sequence tools.
  const mode: FindAlgsMode = 'commutator';
  const findOptions: FindAlgsOptions = {
    depth: 4,
    maxPieces: 3,
    mode,
    keep: 2,
    allRotations: false,
    generatorMoves: 'X',
    qtm: false,
    signal,
    onProgress: (pr) => progress.push(pr),
    timeLimit: 1000,
  };
  const found: FindAlgsResult = await p.findAlgs(findOptions);
  const strict: FindAlgsResult = await p.findAlgs({ depth: 2, strict: true });
  const group: AlgGroup | undefined = found.groups[0];
  const changes: SetChange[] = group?.sets ?? [];
  const foundAlgs: string[] = strict.groups.flatMap((g) => g.algs);
  const uniqueOptions: UniqueAlgsOptions = { symmetry: true, limit: 10 };
  const unique: string[] = await p.uniqueAlgs(['X', 'X X'], uniqueOptions);
  const shortenOptions: ShortenAlgsOptions = { maxDepth: 3, memoryMB: 16, signal, onProgress: (pr) => progress.push(pr) };
  const shortened: string = await p.shortenAlgs('X X', shortenOptions);
  const shortenedAll: string[] = await p.shortenAlgs(['X X', 'X'], { timeLimit: 1000 });
  const cancelled: string = await p.cancelMoves('X X');
  const unrotated: string = await p.unrotate('X');
  const block: string = await p.moveDefinition('X', 'XX');
  const noname: string = await p.moveDefinition('X');
  const conjugacy: string = await p.conjugacyClass('X');
  const symmetryOrder: number = await p.symmetryOrder('X');
  const wrong: number = (await p.wrongPieces('X')) + (await p.wrongPieces('X', { orientationGroup: 2 }));
  const seqs = [found.mode, found.metric, found.moves, String(found.sequences + found.depth + found.maxPieces)];
  const groupText = `${group?.signature}${group?.pieces}${group?.length}${group?.count}${changes.map((c) => `${c.set}${c.pieces}${c.permuted}`)}`;
  return [
    ...seqs,
    groupText,
    ...foundAlgs,
    ...unique,
    shortened,
    ...shortenedAll,
    cancelled + unrotated + block + noname + conjugacy,
    String(symmetryOrder + wrong),
    key,
    info.name + notationMoves.join(','),
    name,
    metric,
    String(phaseLengths?.length ?? depth),
    upTo.solutions[0] ?? '',
    String((reducedBy ?? 1) + Number(inverseLookup ?? false) + Number(exact) + (bound?.axes ?? 0)),
    boundKey,
    cubeKey + (cubeTable ?? '') + (searchedBy ?? '') + (parityBounded.searchedBy ?? ''),
    scramble,
    inverse,
    simple,
    definition.name,
    note ?? '',
    String(counts[0] + god.total + order + orderOf + algOrder + upToOrientation),
    String(Object.keys(pattern).length + fromPattern.nodes + progress.length),
    ...solved.solutions,
  ];
}

/** A table store of the caller's own (here in memory), and what the cache reports. */
function tableCache(events: TableCacheEvent[]): TableCacheOptions {
  const kept = new Map<string, Uint8Array>();
  const store: TableStore = {
    get: async (key) => kept.get(key),
    set: async (key, bytes) => {
      kept.set(key, bytes);
    },
    delete: async (key) => {
      kept.delete(key);
    },
  };
  return {
    tableCache: store,
    tableCacheWrite: 'always',
    onTableCache: (e) => events.push(e),
  };
}

async function tables(): Promise<void> {
  const events: TableCacheEvent[] = [];
  const loadOptions: LoadOptions = { build: 'single', ...tableCache(events) };
  const puzzle: Puzzle = await loadPuzzle(tws, loadOptions);
  await puzzle.solve('X');
  const browser: IndexedDBTableStore = indexedDBTableStore('my-tables');
  const keys: string[] = await browser.keys();
  await browser.clear();
  const onDisk: FileTableStore = fileTableStore(new URL('./tables/', import.meta.url));
  const fromDisk: Uint8Array | undefined = await onDisk.get(keys[0] ?? 'none');
  await onDisk.delete('none');
  const eventOptions: EventScrambleOptions = { seed: 1, tableCache: 'indexeddb', tableCacheWrite: 'never' };
  await randomScrambleForEvent('333', eventOptions);
  await randomScrambleForEvent('333', { tableCache: onDisk, onTableCache: (e) => events.push(e) });
  const solveOptions: EventSolveOptions = { tableCache: fileTableStore('/tmp/tables'), signal: AbortSignal.timeout(1000) };
  await solveForEvent('sq1', { WEDGES: { pieces: [], orientation: [] } }, solveOptions);
  await tableCacheWrites();
  const w = new TwistsearchWorker({ build: 'single' });
  const wp: WorkerPuzzle = await w.loadPuzzle(tws, { tableCache: 'indexeddb', onTableCache: (e) => events.push(e) });
  await wp.solve('X');
  await w.randomScrambleForEvent('333', { tableCache: onDisk, tableCacheWrite: 'auto' });
  await w.tableCacheWrites();
  const own: WorkerPuzzle = await createWorkerPuzzle(tws, { build: 'single', ...tableCache(events) });
  own.terminate();
  const solver: CubingSolver = cubingSolver({ worker: true, tableCache: 'indexeddb', tableCacheWrite: 'always' });
  solver.terminate();
  const types: ('loaded' | 'missing' | 'refused' | 'writing' | 'error')[] = events.map((e) => e.type);
  const sizes: (number | undefined)[] = events.map((e) => e.bytes ?? e.seconds);
  console.log(types, sizes, events.map((e) => `${e.key} ${e.message ?? ''}`), fromDisk?.length);
}

async function direct(): Promise<void> {
  const started: InitResult = await init({ build: 'auto', threads: 2 });
  const b: Build | null = build();
  const n: number = threads();
  const puzzle: Puzzle = await loadPuzzle(tws);
  const fromKPuzzle: Puzzle = await loadPuzzle(await cube3x3x3.kpuzzle());
  const loader: PuzzleLoaderLike = cube3x3x3;
  const fromLoader: Puzzle = await loadPuzzle(loader);
  const ids: PuzzleID[] = await puzzleIDs();
  const id: PuzzleID = '3x3x3';
  const fromID: Puzzle = await loadPuzzle(id);
  const fromIDText: Puzzle = await loadPuzzle('megaminx', { tableCache: 'indexeddb' });
  // Default moves (a cubing.js puzzle's face turns), set at load; time limits; KTransformations.
  const defaults: string | null = fromID.defaultMoves;
  const ownMoves: Puzzle = await loadPuzzle(id, { generatorMoves: ['R', 'U'] });
  const everyMove: Puzzle = await loadPuzzle(id, { generatorMoves: null });
  const kpuzzle = await cube3x3x3.kpuzzle();
  await fromID.solve(kpuzzle.algToTransformation('R U'), { timeLimit: 5000 });
  await fromID.solve('R U', { timeLimit: null });
  const viaAdapter: Alg = await cubingSolve(kpuzzle.algToTransformation('R U'));
  const eventAlg: string = await solveForEvent('333', kpuzzle.algToTransformation('R U'), { timeLimit: 2000 });
  const wpDefaults: string | null = (await createWorkerPuzzle(id, { generatorMoves: 'R,U' })).defaultMoves;
  const onThread: CubingSolver = cubingSolver({ worker: false });
  console.log(defaults, ownMoves, everyMove, viaAdapter, eventAlg, wpDefaults, onThread);
  await usePuzzle(puzzle, AbortSignal.timeout(1000));
  puzzle.free();
  fromKPuzzle.free();
  fromLoader.free();
  fromID.free();
  fromIDText.free();
  console.log(ids.length);
  const eventOptions: EventScrambleOptions = { seed: 1, signal: AbortSignal.timeout(5000), onProgress: (p) => p.depth };
  const scramble: string = await randomScrambleForEvent('222', eventOptions);
  const sq1: string = await solveForEvent('sq1', { WEDGES: { pieces: [], orientation: [] } }, { signal: AbortSignal.timeout(1000) });
  const events: ScrambleEvent[] = await scrambleEvents();
  const supported: string[] = events.filter((e) => e.supported).map((e) => `${e.id} ${e.name} ${e.puzzle}`);
  const reasons: (string | undefined)[] = events.map((e) => e.reason);
  console.log(started.build, started.fallbackReason ?? '', b, n, scramble, sq1, supported, reasons);
}

async function worker(): Promise<void> {
  const options: WorkerOptions = { build: 'single', abortGraceMs: 500, sharedFlag: sharedFlagsAvailable() };
  const w = new TwistsearchWorker(options);
  const started = await w.init();
  const p: WorkerPuzzle = await w.loadPuzzle(tws);
  const byID: WorkerPuzzle = await w.loadPuzzle('2x2x2');
  await byID.free();
  await usePuzzle(p, new AbortController().signal);
  const eventScramble: string = await w.randomScrambleForEvent('pyram', { seed: 2, signal: new AbortController().signal });
  const eventSolution: string = await w.solveForEvent('sq1', { patternData: { WEDGES: { pieces: [], orientation: [] } } });
  const workerEvents: ScrambleEvent[] = await w.scrambleEvents();
  const restarts: number = w.restarts;
  await p.free();
  w.terminate();
  const own: WorkerPuzzle = await createWorkerPuzzle(tws, { workerUrl: new URL('./worker.js', import.meta.url) });
  own.terminate();
  console.log(started.threads, restarts, own.worker.info?.build, eventScramble, eventSolution, workerEvents.length);
}

async function cubing(): Promise<void> {
  const kpuzzle = await cube3x3x3.kpuzzle();
  const pattern = kpuzzle.defaultPattern().applyAlg("R U R' U'");
  const moves: string | undefined = defaultGeneratorMoves['3x3x3'];
  const solver: CubingSolver = cubingSolver({ worker: true, build: 'single' });
  const viaSolver: Alg = await solver.solve(pattern, { maxDepth: 8 });
  const all: Alg[] = await solver.solveAll(pattern, { allOptimal: true });
  const scramble: Alg = await solver.randomScramble(kpuzzle, { seed: 3 });
  const eventAlg: Alg = await solver.randomScrambleForEvent('333', { seed: 4, onProgress: () => {} });
  const api: PuzzleApi = await solver.puzzleFor(kpuzzle);
  solver.terminate();
  const one: Alg = await cubingSolve(pattern);
  const oriented: Alg = await cubingSolve(pattern, { ignorePuzzleOrientation: true, ignoreCenterOrientation: true, signal: AbortSignal.timeout(2000) });
  const many: Alg[] = await cubingSolveAll(pattern);
  const random: Alg = await cubingRandomScramble(kpuzzle);
  const forEvent: Alg = await cubingScrambleForEvent('333');
  const sq1Alg: Alg = await cubingSolveForEvent('sq1', pattern, { onProgress: () => {} });
  const viaSolverSq1: Alg = await solver.solveForEvent('sq1', pattern);
  console.log(moves, viaSolver.toString(), all.length, scramble.experimentalNumChildAlgNodes(), api.name, one, oriented, many, random);
  const found: FindAlgsResult<Alg> = await cubingFindAlgs(kpuzzle, { depth: 4, mode: 'commutator', maxPieces: 3, signal: AbortSignal.timeout(5000) });
  const viaSolverFound: FindAlgsResult<Alg> = await solver.findAlgs(kpuzzle, { depth: 3 });
  const firstAlg: Alg | undefined = found.groups[0]?.algs[0];
  console.log(eventAlg.toString(), forEvent.experimentalNumChildAlgNodes(), sq1Alg, viaSolverSq1);
  console.log(firstAlg?.experimentalNumChildAlgNodes(), viaSolverFound.groups.length);
}

export const checks: Array<() => Promise<void>> = [direct, worker, cubing, tables];
