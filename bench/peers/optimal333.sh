#!/usr/bin/env bash
# Optimal 3x3x3 solves side by side: twistsearch's `solve --cube-bound KIND` against nissy-core's H48
# solver (and, where given, cubeopt-wasm's cube48opt in Node), on the same positions (the first states
# of cube_solver_test's public dataset/random_state.txt, so the figures compare with its published
# table; its random_state_depthNN.txt files hold random states of one optimal length), with the same
# thread count, one after the other in one run. Per position: seconds of search (each program's own
# timer around the solve, table already in memory), the solution's length and the nodes each program
# reports. Then per solver, over the positions every solver finished: the table file's size in GB (10^9
# bytes, as cube_solver_test counts), median and mean seconds, GB·s (seconds × table GB, on the median
# and on the mean; cube_solver_test's published GB*sec is on the mean) and ours/peer.
#
# Every solution is checked: ours by our CLI (it applies the alg), every solver's (ours too) again by
# applying it with nissy's own move code, and the optimal lengths must agree; a failed check exits 1.
#
# Nothing of the peers is in this repository: clone them yourself, outside it, and pass the folders.
#   git clone https://github.com/sebastianotronto/nissy-core /path/peers/nissy-core
#   git clone https://github.com/cs0x7f/cube_solver_test /path/peers/cube_solver_test
#   git clone https://github.com/cs0x7f/cubeopt-wasm /path/peers/cubeopt-wasm     # optional
#   bench/peers/optimal333.sh --nissy /path/peers/nissy-core \
#       --states /path/peers/cube_solver_test/dataset/random_state.txt --cache /path/peers/cache
#
# Options (environment variables in brackets):
#   --nissy DIR        nissy-core checkout [NISSY_DIR]; built here with `./build.sh python` (needs the
#                      Python headers) if its python/nissy.so is missing
#   --states FILE      cube_solver_test's dataset/random_state.txt [STATES]: one position a line as a
#                      scramble with quarter turns written R1 / R3 and half turns R2
#   --cache DIR        where the tables are kept between runs [PEERS_CACHE; default ~/.cache/twistsearch-peers]:
#                      DIR/twistsearch (our --cache-dir), DIR/nissy/tables (H48's), DIR/results-*.jsonl
#   --ours BIN         our CLI [TWISTSEARCH; default target/release/twistsearch, which must exist:
#                      `cargo build --release --bin twistsearch`]
#   --cube-bound KIND  our table [CUBE_BOUND; default phase1-parity]; see docs/cli.md#--cube-bound
#   --h48 SOLVER       H48's table [H48; default h48h2]: h48h0 .. h48h11, 31.7 MB × about 2^X (h48h2 121 MB,
#                      h48h7 3.79 GB), written by nissy's `./run gendata` (the shell is built if missing)
#   -n N               positions [N; default 3], from --first K [FIRST; default 1], 1-based lines
#   --threads T        threads for every solver [THREADS; default 2]
#   --timeout S        cap on one solve, in seconds, table load included [TIMEOUT; default 600]: a position
#                      that any solver does not finish is reported and left out of the summary
#   --cubeopt-wasm DIR a cubeopt-wasm checkout [CUBEOPT_WASM_DIR; optional]: its prebuilt WebAssembly
#                      cube48opt solvers, run in Node (>= 20) by cubeopt_wasm_solve.mjs; their README puts
#                      them at about half the native cubeopt's speed
#   --cubeopt VARIANT  cube48opt1 .. cube48opt7 [CUBEOPT; default cube48opt2]: 30.4 MB × 2^(N-1)
#                      (cube48opt2 122 MB, cube48opt7 3.89 GB)
#   --only LIST        only these solvers, comma-separated from ours,h48,cubeopt [ONLY; default all given]
#
# Each solve is its own process (so a timeout ends it cleanly) under `nice`; the table is loaded from the
# cache in every process and that load is not in the seconds (ours: the JSON's `seconds`; H48: a timer
# around nissy.solve in h48_solve.py). A missing table is generated once first, under /usr/bin/time -v
# (wall time and peak RSS printed). With small tables a 17–18-move position can take minutes: start with
# -n 3 and a timeout.
#
# The native cubeopt (github:cs0x7f/cubeopt) is not run: its source could not be had where this script
# was written, so its command line could not be tried (cube_solver_test's runtest.sh shows how that
# harness feeds it the same dataset lines, `./cube48optN -t T -g 1 -m 21 -`); its WebAssembly build is.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

nissy=${NISSY_DIR:-}
states=${STATES:-}
cache=${PEERS_CACHE:-$HOME/.cache/twistsearch-peers}
ours=${TWISTSEARCH:-$root/target/release/twistsearch}
kind=${CUBE_BOUND:-phase1-parity}
h48=${H48:-h48h2}
n=${N:-3}
first=${FIRST:-1}
threads=${THREADS:-2}
timeout_s=${TIMEOUT:-600}
cubeopt_dir=${CUBEOPT_WASM_DIR:-}
cubeopt=${CUBEOPT:-cube48opt2}
only=${ONLY:-ours,h48,cubeopt}
while [ $# -gt 0 ]; do
  case "$1" in
    --nissy) nissy=$2; shift 2 ;;
    --states) states=$2; shift 2 ;;
    --cache) cache=$2; shift 2 ;;
    --ours) ours=$2; shift 2 ;;
    --cube-bound) kind=$2; shift 2 ;;
    --h48) h48=$2; shift 2 ;;
    -n) n=$2; shift 2 ;;
    --first) first=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --cubeopt-wasm) cubeopt_dir=$2; shift 2 ;;
    --cubeopt) cubeopt=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$nissy" ] && [ -d "$nissy" ] || { echo "--nissy DIR (a nissy-core checkout) is needed, also to check solutions" >&2; exit 2; }
[ -n "$states" ] && [ -f "$states" ] || { echo "--states FILE (cube_solver_test's dataset/random_state.txt) is needed" >&2; exit 2; }
nissy=$(cd "$nissy" && pwd)
want() { case ",$only," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
[ -n "$cubeopt_dir" ] || only=$(echo ",$only," | sed 's/,cubeopt,/,/; s/^,//; s/,$//')
puzzle=$root/tests/data/puzzles/symm/3x3x3.tws
mkdir -p "$cache/twistsearch" "$cache/nissy/tables" "$cache/cubeopt"
cache=$(cd "$cache" && pwd)
results=$cache/results-$(date -u +%Y%m%dT%H%M%S).jsonl
: >"$results"

# timed LABEL CMD...: runs CMD under /usr/bin/time -v (output to the terminal) and prints wall and peak RSS.
timed() {
  local label=$1 log
  shift
  log=$(mktemp)
  if ! /usr/bin/time -v "$@" 2>"$log" >/dev/null; then cat "$log" >&2; rm -f "$log"; return 1; fi
  echo "  $label: $(grep -F 'Elapsed (wall clock)' "$log" | sed 's/.*: //') wall," \
    "$(grep -F 'Maximum resident set size' "$log" | sed 's/.*: //') KiB peak RSS"
  rm -f "$log"
}

echo "== setup ($(date -u +%FT%TZ), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg))"
if [ ! -f "$nissy/python/nissy.so" ] && ! ls "$nissy"/python/nissy*.so >/dev/null 2>&1; then
  echo "building nissy-core's Python module"
  (cd "$nissy" && nice ./build.sh python >/dev/null)
fi
echo "nissy-core $(git -C "$nissy" rev-parse --short HEAD 2>/dev/null || echo '(not a git checkout)')," \
  "this checkout $(git -C "$root" rev-parse --short HEAD), our CLI $ours (built $(date -u -r "$ours" +%FT%TZ 2>/dev/null))"

# Tables, each generated once into the cache.
h48_table=$cache/nissy/tables/$h48
if want h48 && [ ! -s "$h48_table" ]; then
  [ -x "$nissy/run" ] || (cd "$nissy" && nice ./build.sh shell >/dev/null)
  echo "generating H48's $h48 table (once) into $h48_table"
  rm -f "$h48_table"
  (cd "$cache/nissy" && timed "$h48 generated" nice "$nissy/run" gendata -solver "$h48")
fi
# Our CLI names the file PUZZLE-3x3x3-KIND.cubebound (phase1 apart from phase1-parity, huge from huge-exact).
ours_table() { find "$cache/twistsearch" -maxdepth 1 -type f -name "*-$kind.cubebound" -printf '%s %p\n' | sort -n | tail -1; }
if want ours && [ -z "$(ours_table)" ]; then
  [ -x "$ours" ] || { echo "$ours is missing: cargo build --release --bin twistsearch" >&2; exit 2; }
  echo "building our $kind table (once) into $cache/twistsearch"
  timed "$kind built" nice "$ours" solve "$puzzle" --scramble "R U" --cube-bound "$kind" \
    --cube-bound-memory 8192 --cache-dir "$cache/twistsearch" --threads "$threads"
fi
cubeopt_table=$cache/cubeopt/$cubeopt.dat
if want cubeopt && [ ! -s "$cubeopt_table" ]; then
  echo "generating cubeopt-wasm's $cubeopt table (once) into $cubeopt_table"
  timed "$cubeopt generated" nice node "$here/cubeopt_wasm_solve.mjs" "$cubeopt_dir" "$cubeopt" "$cubeopt_table" \
    "$threads" --generate
fi
h48_bytes=0
ours_bytes=0
cubeopt_bytes=0
want h48 && h48_bytes=$(stat -c %s "$h48_table")
want ours && ours_bytes=$(ours_table | cut -d' ' -f1)
want cubeopt && cubeopt_bytes=$(stat -c %s "$cubeopt_table")
echo "tables: ours $kind $ours_bytes bytes; H48 $h48 $h48_bytes bytes; cubeopt-wasm $cubeopt $cubeopt_bytes bytes"

# The positions, in the dataset's notation (R1 R2 R3) and in the usual one (R R2 R').
mapfile -t lines < <(sed -n "${first},$((first + n - 1))p" "$states")
[ "${#lines[@]}" -gt 0 ] || { echo "no positions at lines $first.. of $states" >&2; exit 2; }

# ours_json: our CLI's --json on stdin, as one result row (seconds, length, solution, nodes).
ours_json() {
  python3 -c 'import json,sys
r = json.load(sys.stdin)["results"][0]
s = r["solutions"][0]
print(json.dumps({"seconds": r["seconds"], "length": s["length"], "solution": s["alg"], "nodes": r["nodes"],
                  "searchedBy": r["searchedBy"]}))'
}

# solve SOLVER LABEL INDEX ALG CMD...: runs CMD (under nice and the timeout), which prints one JSON line
# (seconds, length, solution, nodes; ours: the CLI's --json, turned into that), adds a row to the results
# file and prints it.
solve() {
  local solver=$1 label=$2 index=$3 alg=$4 out rc status
  shift 4
  set +e
  out=$(nice timeout "$timeout_s" "$@" 2>"$cache/last-stderr")
  rc=$?
  set -e
  status=ok
  [ $rc -eq 0 ] || status=$([ $rc -eq 124 ] && echo timeout || echo "failed rc=$rc")
  if [ "$status" != ok ]; then out="{}"; [ $rc -eq 124 ] || tail -5 "$cache/last-stderr" >&2
  elif [ "$solver" = ours ]; then out=$(ours_json <<<"$out"); fi
  python3 -c 'import json,sys
solver, label, index, alg, status = sys.argv[1:6]
row = {"solver": solver, "index": int(index), "scramble": alg, "status": status}
row.update(json.loads(sys.stdin.read() or "{}"))
print(json.dumps(row))
print("%-4d %-11s %10s %4s %15s  %s" % (row["index"], label, "%.3f" % row["seconds"] if status == "ok" else status,
      row.get("length", "-"), row.get("nodes", "-"), row.get("solution", "")), file=sys.stderr)' \
    "$solver" "$label" "$index" "$alg" "$status" <<<"$out" >>"$results"
}

echo "== solves ($threads threads, timeout ${timeout_s} s, load $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-4s %-11s %10s %4s %15s  %s\n' pos solver seconds len nodes solution
for i in "${!lines[@]}"; do
  index=$((first + i))
  alg=$(echo "${lines[$i]}" | tr -d '\r' | sed -E "s/([URFDLB])1/\1/g; s/([URFDLB])3/\1'/g; s/ +/ /g; s/^ | $//g")
  if want ours; then
    solve ours "$kind" "$index" "$alg" "$ours" solve "$puzzle" --scramble "$alg" --cube-bound "$kind" \
      --cube-bound-memory 8192 --cache-dir "$cache/twistsearch" --write-tables never --threads "$threads" --json 2>&1
  fi
  if want h48; then
    solve h48 "$h48" "$index" "$alg" python3 "$here/h48_solve.py" "$nissy" "$h48" "$h48_table" "$threads" "$alg" 2>&1
  fi
  if want cubeopt; then
    solve cubeopt "$cubeopt" "$index" "$alg" \
      node "$here/cubeopt_wasm_solve.mjs" "$cubeopt_dir" "$cubeopt" "$cubeopt_table" "$threads" "$alg" 2>&1
  fi
done

echo "== summary (load $(cut -d' ' -f1-3 /proc/loadavg); rows in $results)"
python3 "$here/optimal333_summary.py" "$results" "$nissy" "ours=$kind:$ours_bytes" "h48=$h48:$h48_bytes" \
  "cubeopt=$cubeopt:$cubeopt_bytes"
