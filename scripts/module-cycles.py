#!/usr/bin/env python3
"""Lists import cycles among the library's modules (src/, shells left out: src/bin, src/wasm).

Usage: scripts/module-cycles.py [--depth N]   (default 2: `group::chain` and `group::random` are apart)
A module's edges are the `crate::…` and `super::…` paths its file names outside comments and its tests
module, cut to N segments (re-exports through a parent `mod.rs` count for the parent). Prints each
strongly connected group of two or more modules and exits 1 when there is any.
"""
import argparse
import pathlib
import re
import sys

PATH = re.compile(r"\b(crate|super)((?:::\w+)*)(?:::\{([^}]*)\})?")
REEXPORT = re.compile(r"^pub(?:\(crate\))?\s+use\s+(\w+)::(?:\{([^}]*)\}|(\w+))")


def module_of(path, src):
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return parts


def reexports(files, src):
    """Per parent module: the names its `mod.rs` re-exports from a child (`pub use child::Name`)."""
    out = {}
    for p in files:
        if p.name not in ("mod.rs", "lib.rs"):
            continue
        me = tuple(module_of(p, src))
        for line in p.read_text(encoding="utf-8").splitlines():
            m = REEXPORT.match(line)
            if m:
                names = (m.group(2) or m.group(3) or "").replace("\n", " ")
                for name in re.split(r"[,\s]+", names):
                    name = name.split(" as ")[0].strip()
                    if name and name != "self":
                        out.setdefault(me, {})[name] = me + (m.group(1), name)
    return out


def resolve(target, known, exports):
    """The module a path names: a re-exported name resolves to the child it comes from; else the longest
    prefix that is a module."""
    for n in range(len(target), -1, -1):
        prefix = tuple(target[:n])
        if prefix in known:
            rest = target[n:]
            if rest and rest[0] in exports.get(prefix, {}):
                # A re-exported module, or a name from a child module.
                via = exports[prefix][rest[0]]
                return via if via in known else via[:-1]
            return prefix
    return None


def edges(path, src, known, exports):
    me = tuple(module_of(path, src))
    text = path.read_text(encoding="utf-8")
    text = text.split("#[cfg(test)]\nmod tests")[0]
    text = "\n".join(line.split("//")[0] for line in text.splitlines())
    out = set()
    for root, rest, braced in PATH.findall(text):
        segs = [x for x in rest.split("::") if x]
        base = segs if root == "crate" else list(me[:-1]) + segs
        names = [n.strip().split("::")[0] for n in braced.split(",")] if braced else [""]
        for name in names:
            target = resolve(base + ([name] if name and name != "self" else []), known, exports)
            if target is not None and target != me:
                out.add(target)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, default=2)
    args = ap.parse_args()
    src = pathlib.Path("src")
    files = [p for p in src.rglob("*.rs") if p.parts[1] not in ("bin", "wasm")]
    known = {tuple(module_of(p, src)) for p in files}
    exports = reexports(files, src)
    cut = lambda m: "::".join(m[: args.depth])
    graph = {}
    for p in files:
        me = tuple(module_of(p, src))
        if not me:
            continue
        # A child using its parent is not an edge of the parent's own code: the parent only declares it.
        targets = {t for t in edges(p, src, known, exports) if t and me[: len(t)] != t}
        graph.setdefault(cut(me), set()).update(cut(t) for t in targets if cut(t) != cut(me))
    # Tarjan's strongly connected components.
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
    for c in comps:
        print("cycle: " + " <-> ".join(c))
    return 1 if comps else 0


if __name__ == "__main__":
    sys.exit(main())
