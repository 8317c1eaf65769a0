#!/usr/bin/env bash
# Before/after benchmark of two builds of the CLI, in one run: each case runs OLD and NEW in turn, REPEAT
# times, and prints each side's minimum and median wall time and NEW/OLD's ratio of medians. The cases'
# answers must agree: deterministic output (scrambles with a seed, God's counts, solutions) is compared
# between the two builds after dropping the lines and JSON fields that hold times.
#
# Usage: bench/compare/run.sh OLD_BINARY NEW_BINARY [--repeat N] [--only CASE,…] [--threads T]
#   e.g.  git worktree add /tmp/old REV && (cd /tmp/old && cargo build --release)
#         cargo build --release && bench/compare/run.sh /tmp/old/target/release/twistsearch target/release/twistsearch
#
# Cases (about 2 minutes a repetition on 2 cores, the first run builds the 3x3x3's phase-1 tables once per
# build into a scratch cache directory):
#   god-222        full 2x2x2 God's algorithm, all face turns, no rotations (88,179,840 positions)
#   coset-unit     one of 64 units of the 3x3x3 edges group's coset enumeration through distance 8
#   scramble-333   300 random-state 333 scrambles (seed 7)
#   scramble-444   10 random-state 444 scrambles (seed 1)
#   scramble-sq1   300 random-state Square-1 scrambles (seed 1)
#   deep-generic   the generic optimal solver (no cube bound) on a 13-move 3x3x3 position, 256 MB table
#   optimal-333    the cube's own optimal search with the phase1-parity bound on three 16-move positions
set -euo pipefail
cd "$(dirname "$0")/../.."

old=$(realpath "$1")
new=$(realpath "$2")
shift 2
repeat=3
only=""
threads=2
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/cache-old" "$work/cache-new"

P=tests/data/puzzles
# 13- and 16-move positions: fixed canonical walks (written by hand once; any position does).
deep13="R U2 F' L D2 B R' U F2 D' L2 B' R"
opt16=("U F2 R' D L2 B U' R2 F D' B2 L U R' F2 D" "R2 U' F L' D2 B' U R F2 L D' B2 U2 R' F D'"
  "F R' U2 L B' D R2 U' F2 L' D2 B U R F' D2")
for i in "${!opt16[@]}"; do printf 'ScrambleAlg P%d\n  %s\nEnd\n' "$i" "${opt16[$i]}"; done >"$work/opt16.scr"

case_cmd() {
  local name=$1 side=$2
  local cache="$work/cache-$side"
  case "$name" in
    god-222) echo "god $P/main/2x2x2.tws --threads $threads" ;;
    coset-unit) rm -f "$work/unit-$side.json"; echo "god $P/symm/3x3x3.tws --omit CORNERS --method cosets --max-depth 8 --units 64 --unit 0 --out $work/unit-$side.json --threads $threads" ;;
    scramble-333) echo "scramble --event 333 --count 300 --seed 7 --threads $threads" ;;
    scramble-444) echo "scramble --event 444 --count 10 --seed 1 --threads $threads" ;;
    scramble-sq1) echo "scramble --event sq1 --count 300 --seed 1 --threads $threads" ;;
    deep-generic) echo "solve $P/main/3x3x3.tws --scramble \"$deep13\" --memory 256 --threads $threads" ;;
    optimal-333) echo "solve $P/symm/3x3x3.tws $work/opt16.scr --cube-bound phase1-parity --cache-dir $cache --threads $threads" ;;
  esac
}

# Keeps what must agree: drops comment lines (`# …`: times, memory) and time figures (JSON fields, and
# numbers followed by "s" or "ms").
answer_of() {
  sed -E '/^#/d; s/"[A-Za-z_]*([Ss]econds|_ms|Ms|Time|time)[A-Za-z_]*": *[0-9.e+-]+,?//g; s/[0-9]+(\.[0-9]+)? ?(ms|s)\b/T/g; s/"(nodes|tableBytes|memory|peak)[A-Za-z]*": *[0-9]+,?//g'
}

median() { sort -n | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

cases="god-222 coset-unit scramble-333 scramble-444 scramble-sq1 deep-generic optimal-333"
[ -n "$only" ] && cases=${only//,/ }

printf '%-14s %10s %10s %10s %10s %8s %s\n' case old-min old-median new-min new-median new/old answers
for c in $cases; do
  : >"$work/t-old"
  : >"$work/t-new"
  # Warm-up run per side (tables cached, pages in): not timed.
  for side in old new; do
    bin=$old; [ $side = new ] && bin=$new
    eval "\"$bin\" $(case_cmd "$c" $side)" >"$work/out-$side" 2>/dev/null || { echo "$c: $side failed" >&2; exit 1; }
  done
  same=same
  if ! diff -q <(answer_of <"$work/out-old") <(answer_of <"$work/out-new") >/dev/null; then same=DIFFER; fi
  for _ in $(seq "$repeat"); do
    for side in old new; do
      bin=$old; [ $side = new ] && bin=$new
      s=$(date +%s.%N)
      eval "\"$bin\" $(case_cmd "$c" $side)" >/dev/null 2>&1 || { echo "$c: $side failed" >&2; exit 1; }
      e=$(date +%s.%N)
      echo "$e - $s" | bc >>"$work/t-$side"
    done
  done
  om=$(sort -n "$work/t-old" | head -1); od=$(median <"$work/t-old")
  nm=$(sort -n "$work/t-new" | head -1); nd=$(median <"$work/t-new")
  printf '%-14s %9.2fs %9.2fs %9.2fs %9.2fs %8.2f %s\n' "$c" "$om" "$od" "$nm" "$nd" "$(echo "$nd / $od" | bc -l)" "$same"
done
