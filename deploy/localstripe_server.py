"""Runs localstripe with its store where we want it.

localstripe pickles its whole store to /tmp/localstripe.pickle after every write. That path is shared by
every stack on the machine and the dump grows with the data, so this runner either keeps the store in a
file of the stack's own (``--store``, for `make run`) or in memory only (tests and benchmarks).
"""

from __future__ import annotations

import argparse
import pickle
import sys

from localstripe import resources, server


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8420)
    ap.add_argument("--store", default="")
    args = ap.parse_args()
    store_cls = type(resources.store)

    def try_load(self) -> None:
        if not args.store:
            return
        try:
            with open(args.store, "rb") as f:
                self.update(pickle.load(f))
        except FileNotFoundError:
            pass

    def dump(self) -> None:
        if args.store:
            with open(args.store, "wb") as f:
                pickle.dump(dict(self), f, protocol=pickle.HIGHEST_PROTOCOL)

    store_cls.try_load_from_disk = try_load
    store_cls.dump_to_disk = dump
    sys.argv = [sys.argv[0], "--port", str(args.port)]
    server.start()


if __name__ == "__main__":
    main()
