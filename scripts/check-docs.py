#!/usr/bin/env python3
"""Checks the documents' shape and links (run by .ci/run).

Usage: scripts/check-docs.py [ROOT]   (ROOT: the repository, default: this script's parent's parent)

Fails (exit 1, one line per problem) when
  - README.md has more than 200 lines, or a line longer than 200 characters;
  - BENCHMARKS.md has more than 400 lines;
  - a relative Markdown link in README.md, BENCHMARKS.md or docs/*.md points to a file or folder that does
    not exist, or its #fragment names no heading of the Markdown file it points to (GitHub's anchors).
Links inside fenced code blocks and inline code are not links; http(s) and mailto links are not checked.
"""
import pathlib
import re
import sys

README_MAX_LINES = 200
README_MAX_WIDTH = 200
BENCHMARKS_MAX_LINES = 400

LINK = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^ {0,3}(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


def prose_lines(text):
    """(line number, line) of the lines outside fenced code blocks, inline code blanked."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    """Every heading anchor of a Markdown file (repeated headings get -1, -2, … as on GitHub)."""
    seen = {}
    out = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


def check_links(root, path, problems):
    text = path.read_text(encoding="utf-8")
    for number, line in prose_lines(text):
        for m in LINK.finditer(line):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # http:, https:, mailto:
            file_part, _, fragment = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            where = f"{path.relative_to(root)}:{number}"
            if not dest.exists():
                problems.append(f"{where}: link to a missing file: {target}")
                continue
            if fragment and dest.is_file() and dest.suffix == ".md" and fragment not in anchors(dest):
                problems.append(f"{where}: link to a missing heading: {target}")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    root = root.resolve()
    problems = []

    readme = root / "README.md"
    lines = readme.read_text(encoding="utf-8").splitlines()
    if len(lines) > README_MAX_LINES:
        problems.append(f"README.md: {len(lines)} lines, more than {README_MAX_LINES}")
    for number, line in enumerate(lines, 1):
        if len(line) > README_MAX_WIDTH:
            problems.append(f"README.md:{number}: {len(line)} characters, more than {README_MAX_WIDTH}")

    benchmarks = root / "BENCHMARKS.md"
    count = len(benchmarks.read_text(encoding="utf-8").splitlines())
    if count > BENCHMARKS_MAX_LINES:
        problems.append(f"BENCHMARKS.md: {count} lines, more than {BENCHMARKS_MAX_LINES}")

    for path in [readme, benchmarks, *sorted((root / "docs").glob("*.md"))]:
        check_links(root, path, problems)

    for p in problems:
        print(p)
    if problems:
        print(f"check-docs: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("check-docs: README.md, BENCHMARKS.md and docs/ are within their limits; every relative link resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
