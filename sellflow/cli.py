"""`sellflow` command line: run the local stack, or one part of it.

sellflow run        the whole local stack with demo data (what `make run` calls)
sellflow migrate    apply database migrations
sellflow seed       create the demo seller, products, buyer and manager (idempotent)
sellflow api        serve the API (and the built web app)
sellflow worker     run the Temporal worker
sellflow openapi    print the OpenAPI document
sellflow permissions  print docs/PERMISSIONS.md: who may call what
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path


def _run_stack(args: argparse.Namespace) -> int:
    from core.settings import get_settings
    from deploy.stack import Ports, Stack

    def _terminate(signum, frame):  # Ctrl-C and SIGTERM stop everything the stack started
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGINT, _terminate)  # also when started from a shell that ignores SIGINT
    data_dir = Path(args.data_dir or get_settings().data_dir).resolve()
    stack = Stack(data_dir=data_dir, ports=Ports(api=args.port), persistent=True, temporal_ui=True)
    print(f"Starting the Sellflow stack (data under {data_dir}) ...", flush=True)
    try:
        stack.start_all(seed=True)
        from deploy.seed import DEMO

        print("\nSellflow is up:\n")
        for name, url in stack.urls().items():
            print(f"  {name:<26} {url}")
        print("\nDemo accounts (password for all: " + DEMO.password + "):")
        for role, email in DEMO.accounts().items():
            print(f"  {role:<26} {email}")
        print(
            f"\n  Demo shop page             http://127.0.0.1:{args.port}/s/{DEMO.seller_username}/{DEMO.product_slug}"
        )
        print(
            "  Test cards: 4242 4242 4242 4242 (paid), 4000 0000 0000 0002 (declined), "
            "4000 0027 6000 3184 (3-D Secure)"
        )
        print("\nLogs are in the data folder. Press Ctrl-C to stop.", flush=True)
        while True:
            for name, proc in list(stack.procs.items()):
                if proc.poll() is not None:
                    print(
                        f"{name} exited with {proc.returncode}; see {data_dir / (name + '.log')}", flush=True
                    )
                    return 1
            time.sleep(1)
    except KeyboardInterrupt:
        print("\nStopping ...", flush=True)
        return 0
    finally:
        stack.stop()


def _migrate(args: argparse.Namespace) -> int:
    from store.migrate import upgrade

    upgrade()
    return 0


def _seed(args: argparse.Namespace) -> int:
    from deploy.seed import legitimate_demo, seed

    if args.legitimate:
        print(f"demo seller: {asyncio.run(legitimate_demo())}", flush=True)
        return 0
    asyncio.run(seed())
    return 0


def _api(args: argparse.Namespace) -> int:
    import uvicorn

    from core.settings import get_settings

    s = get_settings()
    uvicorn.run(
        # the API app; a benchmark may put its floor in front of it (bench/floor.py)
        os.environ.get("SELLFLOW_API_APP", "api.app:create_app"),
        factory=True,
        host=s.api_host,
        port=s.api_port,
        log_level="warning",
        access_log=False,
        # Forwarded headers only from configured proxies: otherwise any caller could rotate
        # X-Forwarded-For to escape the sign-in throttle.
        proxy_headers=bool(s.trusted_proxies),
        forwarded_allow_ips=s.trusted_proxies or None,
    )
    return 0


def _worker(args: argparse.Namespace) -> int:
    from worker.main import run

    asyncio.run(run())
    return 0


def _openapi(args: argparse.Namespace) -> int:
    from api.app import create_app

    print(json.dumps(create_app().openapi(), indent=2, sort_keys=True))
    return 0


def _permissions(args: argparse.Namespace) -> int:
    from api.app import create_app
    from api.permissions import matrix, operations_of

    print(matrix(operations_of(create_app().openapi())), end="")
    return 0


def _rollout(args: argparse.Namespace) -> int:
    """Makes a worker build the deployment's current version (its workers must be polling), then lists the
    versions: an older one may be stopped once it reads `drained`."""
    from core.settings import get_settings
    from core.temporal import connect
    from core.versioning import current_version_set, versions_of

    async def go() -> int:
        client = await connect()
        deployment = get_settings().worker_deployment
        if args.build_id:
            await current_version_set(client, deployment, args.build_id, wait_s=args.wait)
            print(f"{deployment}: {args.build_id} is the current version")
        for v in await versions_of(client, deployment):
            print(f"{v.build_id}\t{v.status}{chr(9) + 'drained' if v.drained else ''}")
        return 0

    return asyncio.run(go())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="sellflow", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="the whole local stack with demo data")
    run.add_argument("--data-dir", default="")
    run.add_argument("--port", type=int, default=8000)
    run.set_defaults(fn=_run_stack)
    for name, fn in (
        ("migrate", _migrate),
        ("seed", _seed),
        ("api", _api),
        ("worker", _worker),
        ("openapi", _openapi),
        ("permissions", _permissions),
    ):
        p = sub.add_parser(name)
        p.set_defaults(fn=fn)
        if name == "seed":
            p.add_argument("--legitimate", action="store_true", help="legitimate the demo seller (stack up)")
    rollout = sub.add_parser("rollout", help="make a worker build the current version; list the versions")
    rollout.add_argument(
        "build_id", nargs="?", default="", help="the build to make current (none: only list)"
    )
    rollout.add_argument("--wait", type=float, default=120.0, help="seconds to wait for its workers to poll")
    rollout.set_defaults(fn=_rollout)
    args = ap.parse_args(argv)
    status = args.fn(args)
    sys.stdout.flush()
    sys.stderr.flush()
    # A process that used a Temporal client can abort while Python shuts down (sdk-python #300):
    # leave without running interpreter teardown once output is flushed.
    os._exit(status)


if __name__ == "__main__":
    main()
