#!/usr/bin/env python3
"""Summary of a `bench/peers/optimal333.sh` run.

Usage: optimal333_summary.py RESULTS.jsonl NISSY_DIR NAME=TABLE:BYTES...

RESULTS.jsonl holds one row a solve: solver, index, scramble, status ("ok", "timeout", "failed …"),
and for "ok" rows seconds, length, solution, nodes. Every solution is applied to its scramble's
position with nissy-core's move code (NISSY_DIR/python) and must solve it; on each position every
solver that finished must give the same (optimal) length. Then, over the positions every solver
finished: per solver the table's GB (10^9 bytes), median and mean seconds, GB·s on each, node counts,
and ours/peer. Exits 1 when a check fails.
"""

import json
import os
import statistics
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    path, nissy_dir = sys.argv[1:3]
    tables = {}
    for spec in sys.argv[3:]:
        name, rest = spec.split("=", 1)
        table, size = rest.rsplit(":", 1)
        tables[name] = (table, int(size))
    sys.path.insert(0, os.path.join(nissy_dir, "python"))
    import nissy  # noqa: E402

    with open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    solvers = [s for s in tables if any(r["solver"] == s for r in rows)]
    failures = []
    by_index = {}
    for r in rows:
        by_index.setdefault(r["index"], {})[r["solver"]] = r
        if r["status"] != "ok":
            continue
        cube = nissy.applymoves(nissy.solved_cube, r["scramble"])
        if nissy.applymoves(cube, r["solution"]) != nissy.solved_cube:
            failures.append(f"{r['solver']} position {r['index']}: {r['solution']} does not solve it")
    common = []
    for index, per in sorted(by_index.items()):
        done = [r for r in per.values() if r["status"] == "ok"]
        lengths = {r["length"] for r in done}
        if len(lengths) > 1:
            failures.append(f"position {index}: lengths differ {[(r['solver'], r['length']) for r in done]}")
        if len(done) == len(solvers):
            common.append(index)
    skipped = sorted(set(by_index) - set(common))
    print(f"positions finished by every solver: {len(common)} of {len(by_index)}"
          + (f" (left out: {skipped})" if skipped else ""))
    if common:
        lengths = [by_index[i][solvers[0]]["length"] for i in common]
        print(f"optimal lengths: {lengths}")
    figures = {}
    for s in solvers:
        table, size = tables[s]
        gb = size / 1e9
        if not common:
            break
        secs = [by_index[i][s]["seconds"] for i in common]
        nodes = [by_index[i][s].get("nodes") for i in common]
        med, mean = statistics.median(secs), statistics.mean(secs)
        figures[s] = (gb, med, mean)
        node_text = ", ".join("-" if n is None else f"{n:,}" for n in nodes)
        print(f"{s:5} {table:14} {gb:7.4f} GB  median {med:9.3f} s  mean {mean:9.3f} s  "
              f"GB·s {gb * med:9.3f} (median) {gb * mean:9.3f} (mean)")
        print(f"      seconds: {', '.join(f'{x:.3f}' for x in secs)}")
        print(f"      nodes:   {node_text}")
    if "ours" in figures:
        ogb, omed, omean = figures["ours"]
        for s, (gb, med, mean) in figures.items():
            if s == "ours":
                continue
            print(f"ours/{s}: seconds {omed / med:.3f} (median) {omean / mean:.3f} (mean); "
                  f"GB·s {ogb * omed / (gb * med):.3f} (median) {ogb * omean / (gb * mean):.3f} (mean)")
    for f in failures:
        print("CHECK FAILED:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
