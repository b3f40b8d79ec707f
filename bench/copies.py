"""Copies: pairs of places that share six or more lines of the same shape (issue 48's measure: production Python at
most 150 pairs, hand-written web at most 60).

    .venv/bin/python -m bench.copies [--show N]

A line's shape is its tokens with every name, string and number replaced by a placeholder (keywords, operators and
brackets kept), so a copy with other names is still a copy. Lines that carry no shape of their own are skipped
before comparing: blank lines, comments, imports, docstrings, and lines of brackets alone; consecutive lines of one
shape count once (an enum's members, a table's columns). Two places are a pair
when their runs of such lines match for at least `MIN_LINES` lines; a longer match is one pair, not several. The
production Python is every package the image ships, migrations aside; the hand-written web is `web/src` without the
generated client and the words (`web/src/api/`, `web/src/i18n/`) and without tests."""

from __future__ import annotations

import argparse
import io
import keyword
import re
import tokenize
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIN_LINES = 6
PYTHON = (
    "activities",
    "api",
    "core",
    "domain",
    "handles",
    "providers",
    "services",
    "sellflow",
    "store",
    "worker",
    "workflows",
    "deploy",
)
TARGETS = {"python": 150, "web": 60}  # issue 48


@dataclass(frozen=True)
class Line:
    path: str
    number: int  # 1-based, in the file
    shape: str


def _python_lines(path: Path) -> list[Line]:
    rel = str(path.relative_to(ROOT))
    shapes: dict[int, list[str]] = defaultdict(list)
    skip: set[int] = set()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text()).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    first_on_line = True
    for tok in tokens:
        kind, text, (row, _), (end, _), _ = tok
        if kind in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT):
            if kind in (tokenize.NL, tokenize.NEWLINE):
                first_on_line = True
            continue
        if first_on_line and kind == tokenize.NAME and text in ("import", "from"):
            skip.add(row)
        if first_on_line and kind == tokenize.STRING:  # a docstring or a string standing alone
            skip.update(range(row, end + 1))
        first_on_line = False
        if kind == tokenize.NAME:
            shapes[row].append(text if keyword.iskeyword(text) else "N")
        elif kind == tokenize.STRING or kind == getattr(tokenize, "FSTRING_START", -1):
            shapes[row].append("S")
        elif kind == tokenize.NUMBER:
            shapes[row].append("0")
        elif kind == tokenize.OP:
            shapes[row].append(text)
    return [
        Line(rel, row, " ".join(parts))
        for row, parts in sorted(shapes.items())
        if row not in skip and any(p not in "()[]{},:;" for p in parts)
    ]


_TS_TOKEN = re.compile(
    r"""//[^\n]*|/\*.*?\*/|`(?:\\.|[^`\\])*`|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\d[\d_.]*|[A-Za-z_$][\w$]*|[^\s\w]""",
    re.S,
)
_TS_KEYWORDS = frozenset(
    "if else for while return const let var function async await new import export from default type interface "
    "extends class switch case break continue try catch finally throw typeof instanceof in of as null undefined "
    "true false this void".split()
)


def _web_lines(path: Path) -> list[Line]:
    rel = str(path.relative_to(ROOT))
    text = path.read_text()
    out: list[Line] = []
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith(("import ", "//", "/*", "*", "} from ")):
            continue
        parts = []
        for tok in _TS_TOKEN.findall(stripped):
            if tok.startswith(("//", "/*")):
                continue
            if tok[0] in "`\"'":
                parts.append("S")
            elif tok[0].isdigit():
                parts.append("0")
            elif tok[0].isalpha() or tok[0] in "_$":
                parts.append(tok if tok in _TS_KEYWORDS else "N")
            else:
                parts.append(tok)
        if any(p not in "()[]{},;:<>/=" for p in parts):
            out.append(Line(rel, number, " ".join(parts)))
    return out


@dataclass(frozen=True)
class Pair:
    a: Line
    b: Line
    length: int  # matching lines


def _collapsed(lines: list[Line]) -> list[Line]:
    """Consecutive lines of one shape (an enum's members, a model's columns, a list of routes) count as one."""
    out: list[Line] = []
    for line in lines:
        if not out or out[-1].shape != line.shape:
            out.append(line)
    return out


def pairs(files: Iterable[list[Line]]) -> list[Pair]:
    """Maximal runs of at least MIN_LINES matching shapes between two places (two files, or two places of one)."""
    seqs = [c for c in (_collapsed(f) for f in files) if len(c) >= MIN_LINES]
    windows: dict[tuple[str, ...], list[tuple[int, int]]] = defaultdict(list)
    for fi, seq in enumerate(seqs):
        for i in range(len(seq) - MIN_LINES + 1):
            windows[tuple(x.shape for x in seq[i : i + MIN_LINES])].append((fi, i))
    found: list[Pair] = []
    seen: set[tuple[int, int, int, int]] = set()
    for places in windows.values():
        if len(places) < 2 or len(places) > 50:  # a shape in fifty places is a vocabulary, not a copy
            continue
        for x in range(len(places)):
            for y in range(x + 1, len(places)):
                (fa, ia), (fb, ib) = places[x], places[y]
                if fa == fb and abs(ia - ib) < MIN_LINES:
                    continue  # a run that matches itself shifted (a list of same-shape lines)
                sa, sb = seqs[fa], seqs[fb]
                # start of the maximal run: step back while the lines before match too
                while ia > 0 and ib > 0 and sa[ia - 1].shape == sb[ib - 1].shape and (fa, ia - 1) != (fb, ib):
                    ia, ib = ia - 1, ib - 1
                key = (fa, ia, fb, ib)
                if key in seen:
                    continue
                seen.add(key)
                n = 0
                while ia + n < len(sa) and ib + n < len(sb) and sa[ia + n].shape == sb[ib + n].shape:
                    n += 1
                found.append(Pair(sa[ia], sb[ib], n))
    return found


def python_files() -> list[list[Line]]:
    return [
        _python_lines(p)
        for pkg in PYTHON
        for p in sorted((ROOT / pkg).rglob("*.py"))
        if "migrations" not in p.parts and "node_modules" not in p.parts
    ]


def web_files() -> list[list[Line]]:
    src = ROOT / "web" / "src"
    return [
        _web_lines(p)
        for p in sorted([*src.rglob("*.ts"), *src.rglob("*.tsx")])
        if not {"api", "i18n"} & set(p.relative_to(src).parts[:1])
        and ".test." not in p.name
        and "__tests__" not in p.parts
    ]


def measure() -> dict[str, list[Pair]]:
    return {"python": pairs(python_files()), "web": pairs(web_files())}


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.copies", description=__doc__.split("\n\n")[0])
    ap.add_argument("--show", type=int, default=0, help="print the N longest pairs of each side")
    args = ap.parse_args()
    for side, found in measure().items():
        target = TARGETS[side]
        verdict = "met" if len(found) <= target else "missed"
        print(
            f"{side}: {len(found)} pairs of places sharing {MIN_LINES}+ lines of one shape (target <= {target}: {verdict})"
        )
        for p in sorted(found, key=lambda p: -p.length)[: args.show]:
            print(f"  {p.length:3} lines  {p.a.path}:{p.a.number}  ~  {p.b.path}:{p.b.number}")


if __name__ == "__main__":
    main()
