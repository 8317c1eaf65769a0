#!/usr/bin/env python3
"""Prints one wasm build's settings from wasm-pack.toml as shell assignments, for scripts/build-wasm.sh.

Usage: scripts/wasm-config.py BUILD   (a [build.BUILD] table: single, threaded)
Prints `toolchain=`, `target=`, `profile=`, `target_dir=`, `out_dir=`, `bindgen_target=`, `lib_name=`,
`opt_level=`, `rustflags=` (one string), and the arrays `modules=(…)` (each `OUT_NAME:FEATURES`, the
features comma-separated), `cargo_args=(…)` and `opt_features=(…)` (common features, then the build's
own), every value shell-quoted.
"""
import pathlib
import shlex
import sys
import tomllib


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2])
    path = pathlib.Path(__file__).resolve().parent.parent / "wasm-pack.toml"
    config = tomllib.loads(path.read_text(encoding="utf-8"))
    common, builds = config["common"], config["build"]
    name = sys.argv[1]
    if name not in builds:
        sys.exit(f"wasm-pack.toml: no [build.{name}] table (builds: {', '.join(builds)})")
    b = builds[name]
    q = shlex.quote
    values = {
        "toolchain": b["toolchain"],
        "target": common["target"],
        "profile": common["profile"],
        "target_dir": b["target-dir"],
        "out_dir": b["out-dir"],
        "bindgen_target": common["bindgen-target"],
        "lib_name": common["lib-name"],
        "opt_level": common["wasm-opt-level"],
        "rustflags": " ".join(b["rustflags"]),
    }
    for key, value in values.items():
        print(f"{key}={q(value)}")
    print("modules=(" + " ".join(q(m["out-name"] + ":" + ",".join(m["features"])) for m in b["modules"]) + ")")
    print("cargo_args=(" + " ".join(q(a) for a in b["cargo-args"]) + ")")
    print("opt_features=(" + " ".join(q(a) for a in common["wasm-opt-features"] + b["wasm-opt-features"]) + ")")


if __name__ == "__main__":
    main()
