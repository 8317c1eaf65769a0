#!/usr/bin/env python3
"""One optimal 3x3x3 solve by nissy-core's H48 solver, for `bench/peers/optimal333.sh`.

Usage: h48_solve.py NISSY_DIR SOLVER TABLE THREADS ALG

NISSY_DIR is a nissy-core checkout where `./build.sh python` has been run (its `python/nissy.so`),
SOLVER an H48 solver name (`h48h0` .. `h48h11`), TABLE the file `./run gendata -solver SOLVER` wrote,
ALG the scramble in nissy's notation (`R U2 F'`). Loads the table, then times only the call to
`nissy.solve` (one optimal solution, HTM, normal NISS flag, up to 20 moves), checks that the solution
solves the position, and prints one JSON line: seconds, solution, length, nodes (the solver's own
"Nodes visited" log line, which it writes to stderr; captured here through a temporary file).
"""

import json
import os
import re
import sys
import tempfile
import time


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    nissy_dir, solver, table, threads, alg = sys.argv[1:]
    sys.path.insert(0, os.path.join(nissy_dir, "python"))
    import nissy  # noqa: E402 (the checkout's module, found only once the path is known)

    with open(table, "rb") as f:
        data = bytearray(f.read())
    cube = nissy.applymoves(nissy.solved_cube, alg)

    # nissy logs through stderr from C; keep it in a file for the node count.
    log = tempfile.TemporaryFile(mode="w+b")
    saved = os.dup(2)
    sys.stderr.flush()
    os.dup2(log.fileno(), 2)
    try:
        start = time.perf_counter()
        solutions = nissy.solve(cube, solver, nissy.nissflag_normal, 0, 20, 1, 0, int(threads), data)
        seconds = time.perf_counter() - start
    finally:
        os.dup2(saved, 2)
        os.close(saved)
    log.seek(0)
    text = log.read().decode(errors="replace")
    nodes = [int(n) for n in re.findall(r"Nodes visited: (\d+)", text)]

    if not solutions:
        print(json.dumps({"seconds": seconds, "error": "no solution", "log": text[-500:]}))
        return 1
    solution = solutions[0].strip()
    checked = nissy.applymoves(cube, solution) == nissy.solved_cube
    print(json.dumps({
        "seconds": seconds,
        "solution": solution,
        "length": nissy.countmoves(solution),
        "nodes": nodes[-1] if nodes else None,
        "checked": checked,
    }))
    return 0 if checked else 1


if __name__ == "__main__":
    sys.exit(main())
