"""The JavaScript a buyer's product page ships before its Buy button works: the entry, what its page preloads (the
shop's pages, loaded lazily by the entry), the product page's own chunk and every chunk they import statically, gzipped (what the browser downloads), read from the build's manifest, and the
language catalogue the page waits for (in the shop's build, the page's first words in its language; the largest of
these counts). Payment provider scripts (Stripe.js) are not counted, as the target says.

The server sends a buyer's address (`/s/…`, a seller's domain) the shop's own build (`shop.html`, its manifest
`.vite/shop-manifest.json`); the platform app's figure for the same page is printed beside it.

    .venv/bin/python -m bench.bundle [--dist web/dist] [--route src/areas/shop/ShopProductPage.tsx]

Prints the figure beside its target (issue 21: at most 100 KB) and the largest chunks; writes
bench/results/bundle-<timestamp>.json. A missed target does not fail the run: this is a measurement.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import time
from pathlib import Path

TARGET_KB = 100.0
ROOT = Path(__file__).resolve().parent.parent


SHOP_MANIFEST = "shop-manifest.json"
APP_MANIFEST = "manifest.json"


def _catalogues(manifest: dict[str, dict]) -> list[list[str]]:
    """Each language's catalogue chunks: in the shop's build the first words of each buyer language (the product page's
    and its checkout's, English filled in); otherwise en's and de's own, a buyer language's with English's beside
    it."""
    first = [k for k in manifest if k.startswith("virtual:shop-words-first/")]
    if first:
        return [[k] for k in first]
    own: dict[str, str] = {}
    for lang in ("en", "de"):
        keys = (f"virtual:shop-words/{lang}", f"src/i18n/{lang}.json")
        found = next((k for k in keys if k in manifest), None)
        if found is not None:
            own[lang] = found
    buyer = [k for k in manifest if k.startswith("src/i18n/buyer/") and k.endswith(".json")]
    english = [own["en"]] if "en" in own else []
    return [[k] for k in own.values()] + [[k, *english] for k in buyer]


def shipped(dist: Path, route: str, manifest_name: str = SHOP_MANIFEST) -> dict[str, int]:
    """Each JS file the page loads before it is interactive, with its gzipped size in bytes."""
    manifest = json.loads((dist / ".vite" / manifest_name).read_text())
    seen: set[str] = set()

    def walk(key: str, into: set[str]) -> None:
        if key in into or key not in manifest:
            return
        into.add(key)
        for dep in manifest[key].get("imports", []):
            walk(dep, into)

    for key, chunk in manifest.items():
        if chunk.get("isEntry"):
            walk(key, seen)
    # and what the entry loads lazily but its page preloads (the shop's pages, src/shopApp.tsx)
    html = dist / ("shop.html" if manifest_name == SHOP_MANIFEST else "index.html")
    preloaded = (
        set(re.findall(r'rel="modulepreload"[^>]*href="/([^"]+)"', html.read_text()))
        if html.is_file()
        else set()
    )
    for key, chunk in manifest.items():
        if chunk.get("file") in preloaded:
            walk(key, seen)
    if route not in manifest:
        raise SystemExit(f"{route} is not a chunk of this build")
    walk(route, seen)

    def gz(key: str) -> int:
        return len(gzip.compress((dist / manifest[key]["file"]).read_bytes(), 9))

    # the page renders once its language's words are loaded (chunks of their own): the largest set counts
    sets = [set(keys) - seen for keys in _catalogues(manifest)]
    if sets:
        seen |= max(sets, key=lambda keys: sum(gz(k) for k in keys))
    return {manifest[k]["file"]: gz(k) for k in seen if manifest[k]["file"].endswith(".js")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", default=str(ROOT / "web" / "dist"))
    ap.add_argument("--route", default="src/areas/shop/ShopProductPage.tsx")
    a = ap.parse_args()
    dist = Path(a.dist)
    files = shipped(dist, a.route)
    total_kb = sum(files.values()) / 1024
    whole = shipped(dist, a.route, APP_MANIFEST) if (dist / ".vite" / APP_MANIFEST).is_file() else {}
    whole_kb = sum(whole.values()) / 1024
    print(f"buyer's product page (the shop's build): {len(files)} JS files before Buy works")
    for name, size in sorted(files.items(), key=lambda kv: -kv[1])[:8]:
        print(f"  {size / 1024:7.1f} KB  {name}")
    if whole:
        print(f"{'the same page in the platform app (KB, for comparison)':<56} {whole_kb:6.1f}")
    mark = "ok" if total_kb <= TARGET_KB else "MISSED"
    print(f"{'gzipped JS before Buy (KB)':<56} {total_kb:6.1f} (target <= {TARGET_KB:.0f}) {mark}")
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    out = {
        "route": a.route,
        "total_kb": round(total_kb, 1),
        "target_kb": TARGET_KB,
        "platform_app_kb": round(whole_kb, 1),
        "files": files,
    }
    (results / f"bundle-{time.strftime('%Y%m%d-%H%M%S')}.json").write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
