#!/usr/bin/env python3
"""Lists Rust functions longer than a limit (default 80 lines, signature to closing brace).

Usage: scripts/long-functions.py [--max N] [PATH ...]   (default PATH: src)
Prints `file:line name lines` for each, longest first, and exits 1 when there is any (0 otherwise), so
that the check can run in CI. Relies on rustfmt's layout: a function's body ends at the first line that
is its indentation followed by `}`. Generated tables (files whose first line says `@generated`) are
skipped.
"""
import argparse
import pathlib
import re
import sys

FN = re.compile(r"^(\s*)(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+\"[^\"]*\"\s+)?fn\s+(\w+)")


def functions(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    if lines and "@generated" in lines[0]:
        return
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        indent, name = m.group(1), m.group(2)
        # A declaration without a body (trait item) ends with `;` before any `{`.
        j = i
        while j < len(lines) and "{" not in lines[j] and not lines[j].rstrip().endswith(";"):
            j += 1
        if j == len(lines) or "{" not in lines[j]:
            continue
        if lines[j].rstrip().endswith("}") and j == i:
            continue  # a one-line body
        end = next((k for k in range(j + 1, len(lines)) if lines[k] == indent + "}"), None)
        if end is not None:
            yield name, i + 1, end - i + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max", type=int, default=80)
    ap.add_argument("paths", nargs="*", default=["src"])
    args = ap.parse_args()
    found = []
    for root in args.paths:
        root = pathlib.Path(root)
        files = [root] if root.is_file() else sorted(root.rglob("*.rs"))
        for f in files:
            found += [(n, f, line, name) for name, line, n in functions(f) if n > args.max]
    for n, f, line, name in sorted(found, key=lambda r: -r[0]):
        print(f"{f}:{line} {name} {n} lines")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
