"""The JavaScript a buyer's product page ships before its Buy button works: the app's entry, the product page's
own chunk and every chunk they import statically, gzipped (what the browser downloads), read from the build's
manifest, and the language catalogue the page waits for (the larger of the two). Payment provider scripts (Stripe.js)
are not counted, as the target says.

    .venv/bin/python -m bench.bundle [--dist web/dist] [--route src/areas/shop/ShopProductPage.tsx]

Prints the figure beside its target (issue 21: at most 100 KB) and the largest chunks; writes
bench/results/bundle-<timestamp>.json. A missed target does not fail the run: this is a measurement.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from pathlib import Path

TARGET_KB = 100.0
ROOT = Path(__file__).resolve().parent.parent


def shipped(dist: Path, route: str) -> dict[str, int]:
    """Each JS file the page loads before it is interactive, with its gzipped size in bytes."""
    manifest = json.loads((dist / ".vite" / "manifest.json").read_text())
    seen: set[str] = set()

    def walk(key: str) -> None:
        if key in seen or key not in manifest:
            return
        seen.add(key)
        for dep in manifest[key].get("imports", []):
            walk(dep)

    for key, chunk in manifest.items():
        if chunk.get("isEntry"):
            walk(key)
    if route not in manifest:
        raise SystemExit(f"{route} is not a chunk of this build")
    walk(route)
    # the page renders once its language's catalogue is loaded (a chunk of its own): the larger one counts
    catalogues = [k for k in manifest if k.startswith("src/i18n/") and k.endswith(".json")]
    if catalogues:
        walk(max(catalogues, key=lambda k: (dist / manifest[k]["file"]).stat().st_size))
    out = {}
    for key in seen:
        file = manifest[key]["file"]
        if file.endswith(".js"):
            out[file] = len(gzip.compress((dist / file).read_bytes(), 9))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", default=str(ROOT / "web" / "dist"))
    ap.add_argument("--route", default="src/areas/shop/ShopProductPage.tsx")
    a = ap.parse_args()
    files = shipped(Path(a.dist), a.route)
    total_kb = sum(files.values()) / 1024
    print(f"buyer's product page: {len(files)} JS files before Buy works")
    for name, size in sorted(files.items(), key=lambda kv: -kv[1])[:8]:
        print(f"  {size / 1024:7.1f} KB  {name}")
    mark = "ok" if total_kb <= TARGET_KB else "MISSED"
    print(f"{'gzipped JS before Buy (KB)':<56} {total_kb:6.1f} (target <= {TARGET_KB:.0f}) {mark}")
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    out = {"route": a.route, "total_kb": round(total_kb, 1), "target_kb": TARGET_KB, "files": files}
    (results / f"bundle-{time.strftime('%Y%m%d-%H%M%S')}.json").write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
