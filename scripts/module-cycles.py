#!/usr/bin/env python3
"""Checks the module structure: no import cycle, and no import from a lower layer to a higher one.

Usage: scripts/module-cycles.py [--depth N] [--graph]
  --depth N  cut module paths to N segments for the cycle check (default: none, every file is a node;
             2 looks for cycles between `group::chain`-sized modules only)
  --graph    also print each top-level module's imports, by layer

What it reads: the `crate::…` and `super::…` paths each file names outside comments and its test module
(a `#[cfg(test)]` module, or a file named `tests.rs`); re-exports through a parent `mod.rs` count for the
child they come from. Crates checked: the library (`src/`, the wasm shell `src/wasm/` included) and each
binary (`src/bin/NAME/`, `bench/harness/`), each binary on its own: its `twistsearch::…` paths name the library,
which is below every binary.

Layers of the library, lowest first (docs/architecture.md explains them); a module may use modules of its
own layer or of lower ones, and cycles are refused at every depth:
"""
import argparse
import pathlib
import re
import sys

LAYERS = [
    ("cross-cutting", ["error", "control", "text", "bytes", "hash", "saved", "memory", "sort"]),
    ("syntax", ["alg"]),
    ("model", ["model"]),
    ("formats", ["tws", "kpuzzle", ""]),  # "": the crate root (`load_puzzle`)
    ("structure", ["canon", "group", "coord", "ida"]),
    ("engine", ["prune", "search", "god", "phase"]),
    ("solvers", ["solvers", "seq"]),
    ("events", ["events"]),
    ("shells", ["wasm"]),
    ("test fixtures", ["test_puzzles"]),  # unit tests only
]
__doc__ += "".join(f"  {i}. {name}: {', '.join(m or 'the crate root' for m in mods)}\n" for i, (name, mods) in enumerate(LAYERS))

PATH = re.compile(r"\b(crate|super)((?:::\w+)*)(?:::\{([^}]*)\})?")
REEXPORT = re.compile(r"^pub(?:\(crate\))?\s+use\s+(\w+)::(?:\{([^}]*)\}|(\w+))", re.M)
TESTS = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{")


def module_of(path, root):
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def code_of(path):
    """The file's text without its test module and comments."""
    text = path.read_text(encoding="utf-8")
    m = TESTS.search(text)
    if m:
        text = text[: m.start()]
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def reexports(files, root):
    """Per parent module: the names its `mod.rs` re-exports from a child (`pub use child::Name`)."""
    out = {}
    for p in files:
        if p.name not in ("mod.rs", "lib.rs", "main.rs"):
            continue
        me = tuple(module_of(p, root))
        for m in REEXPORT.finditer(code_of(p)):
            names = (m.group(2) or m.group(3) or "").replace("\n", " ")
            for name in re.split(r"[,\s]+", names):
                name = name.split(" as ")[0].strip()
                if name and name != "self":
                    out.setdefault(me, {})[name] = me + (m.group(1), name)
    return out


def resolve(target, known, exports):
    """The module a path names: a re-exported name resolves to the child it comes from (through chains of
    re-exports); else the longest prefix that is a module."""
    for _ in range(8):
        for n in range(len(target), -1, -1):
            prefix = tuple(target[:n])
            if prefix in known:
                rest = target[n:]
                if rest and rest[0] in exports.get(prefix, {}):
                    via = exports[prefix][rest[0]]
                    target = list(via) + list(rest[1:])
                    break
                return prefix
        else:
            return None
    return tuple(target)


def edges(path, root, known, exports):
    me = tuple(module_of(path, root))
    out = set()
    for base_kind, rest, braced in PATH.findall(code_of(path)):
        segs = [x for x in rest.split("::") if x]
        if base_kind == "crate":
            base = segs
        else:
            up = list(me) if path.name in ("mod.rs",) else list(me[:-1])
            while segs and segs[0] == "super":
                segs = segs[1:]
                up = up[:-1]
            base = up + segs
        names = [n.strip().split("::")[0] for n in braced.split(",")] if braced else [""]
        for name in names:
            target = resolve(base + ([name] if name and name != "self" else []), known, exports)
            if target is not None and tuple(target) != me:
                out.add(tuple(target))
    return out


def cycles(graph):
    """Tarjan's strongly connected components of two or more nodes."""
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return comps


def crate_graph(root, files, depth):
    """The crate's module graph: full edges, and edges cut to `depth` segments."""
    known = {tuple(module_of(p, root)) for p in files}
    exports = reexports(files, root)
    full, cut_graph = {}, {}
    cut = lambda m: "::".join(m[:depth])
    for p in files:
        me = tuple(module_of(p, root))
        # A child using its parent is not an edge of the parent's own code: the parent only declares it.
        targets = {t for t in edges(p, root, known, exports) if me[: len(t)] != t}
        full.setdefault(me, set()).update(targets)
        if me:
            cut_graph.setdefault(cut(me), set()).update(cut(t) for t in targets if t and cut(t) != cut(me))
    return full, cut_graph


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=int, default=99)
    ap.add_argument("--graph", action="store_true")
    args = ap.parse_args()
    problems = []

    # The library, the wasm shell included.
    src = pathlib.Path("src")
    lib_files = [p for p in src.rglob("*.rs") if p.parts[1] != "bin" and p.name != "tests.rs"]
    full, cut_graph = crate_graph(src, lib_files, args.depth)
    layer_of = {m: i for i, (_, mods) in enumerate(LAYERS) for m in mods}
    top = lambda m: m[0] if m else ""
    by_top = {}
    for me, targets in full.items():
        for t in targets:
            by_top.setdefault(top(me), set()).add(top(t))
            a, b = layer_of.get(top(me)), layer_of.get(top(t))
            if a is None or b is None:
                problems.append(f"unlayered module: {top(me) if a is None else top(t)} (add it to LAYERS)")
            elif b > a:
                problems.append(
                    f"upward import: {'::'.join(me) or 'crate root'} ({LAYERS[a][0]}) uses "
                    f"{'::'.join(t)} ({LAYERS[b][0]})"
                )
    for c in cycles(cut_graph):
        problems.append("cycle: " + " <-> ".join(c))
    if args.graph:
        for m in sorted(by_top, key=lambda m: (layer_of.get(m, 99), m)):
            uses = sorted((t for t in by_top[m] if t != m), key=lambda t: (layer_of.get(t, 99), t))
            print(f"{LAYERS[layer_of[m]][0] if m in layer_of else '?'}: {m or 'crate root'} -> {', '.join(uses)}")

    # Each binary: cycles among its own modules.
    bins = [p.parent for p in src.glob("bin/*/main.rs")] + [p.parent for p in pathlib.Path("bench").glob("*/main.rs")]
    for root in bins:
        files = list(root.rglob("*.rs"))
        _, graph = crate_graph(root, files, args.depth)
        for c in cycles(graph):
            problems.append(f"cycle in {root}: " + " <-> ".join(c))

    for p in sorted(set(problems)):
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
