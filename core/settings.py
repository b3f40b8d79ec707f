"""The one settings object. Nothing else in Sellflow reads the environment.

Every value comes from an environment variable with the prefix ``SELLFLOW_`` (for example
``SELLFLOW_DATABASE_URL``). The defaults describe the local stack that ``make run`` starts; production
sets the URLs of an external PostgreSQL, a Temporal cluster and real Stripe.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SELLFLOW_", extra="ignore")

    env: str = "local"  # local | test | production
    data_dir: Path = ROOT / ".data"

    # PostgreSQL. Empty means: the embedded server under data_dir (started by `sellflow run`).
    database_url: str = ""

    # Temporal
    temporal_address: str = "127.0.0.1:7233"
    temporal_namespace: str = "default"
    temporal_task_queue: str = "sellflow"
    # TLS to a Temporal cluster (Helm chart with TLS on): the server's CA, and for mTLS the client's certificate and
    # key (PEM file paths); Temporal Cloud: its namespace endpoint (`<ns>.<acct>.tmprl.cloud:7233`) with mTLS, or
    # an API key (`temporal_api_key`, TLS on by itself). Empty: plain gRPC (the local stack)
    temporal_tls: bool = False
    temporal_tls_ca: str = ""
    temporal_tls_cert: str = ""
    temporal_tls_key: str = ""
    temporal_tls_server_name: str = ""
    temporal_api_key: str = ""
    # Worker versioning (Temporal worker deployments): a worker started with a build id (the image's, e.g. the git
    # commit) polls as that version of `worker_deployment`; `sellflow rollout <build id>` makes it the current
    # version, which takes new workflows while each older version finishes its pinned ones (ARCHITECTURE.md,
    # "Rolling out"). Empty: unversioned (the local stack and the tests)
    worker_build_id: str = Field(default="", max_length=200, pattern=r"^[\w.+-]*$")
    worker_deployment: str = Field(default="sellflow", min_length=1, max_length=200, pattern=r"^[\w.-]+$")
    # the worker's health endpoints (`/healthz`, `/readyz`) for the orchestrator's probes; 0: none
    worker_health_port: int = Field(default=0, ge=0, le=65535)
    # workflows the worker keeps in memory between their steps; one evicted is replayed from its history in a fresh
    # sandbox at its next step (10,000 renewals due in one minute thrashed the default 1,000)
    worker_max_cached_workflows: int = 10_000
    # how long a cached workflow's next task (or query) waits for this worker before any worker takes it with
    # the full history (a replay from scratch). Temporal's 10 s by default: a worker that died holds its
    # workflows' queries that long. Under a billing storm a busy worker replayed the very workflows it had cached
    # after 10 s, which made it busier (py-spy); the storm bench runs with 60 s, a setting for such deployments
    worker_sticky_timeout_s: float = 10.0
    # what this worker process runs: `all` (workflows, their local activities and the activities), `workflows`
    # (workflows and their local activities: the buyer's pay step) or `activities` (the activities: fulfilment,
    # mails, the provider's queue). One Python process has one interpreter lock: a pay step waited behind other
    # orders' fulfilment in it; SELLFLOW_STACK_WORKER_PROCESSES=2 runs the two side by side in the local stack
    worker_role: Literal["all", "workflows", "activities"] = "all"
    temporal_ui_url: str = "http://127.0.0.1:8233"

    # Stripe (localstripe locally)
    stripe_api_base: str = "http://127.0.0.1:8420"
    stripe_secret_key: str = "sk_test_sellflow_local"
    stripe_publishable_key: str = "pk_test_sellflow_local"
    stripe_js_url: str = "http://127.0.0.1:8420/js.stripe.com/v3/"
    stripe_webhook_secret: str = "whsec_sellflow_local"
    stripe_webhook_tolerance_s: int = 300
    # localstripe refuses `off_session` on confirm: the stack sets false
    stripe_confirm_off_session: bool = True
    # localstripe takes no `mandate_data` when a SEPA Direct Debit is confirmed: the stack sets false
    stripe_mandate_data: bool = True
    stripe_max_rps: float = 0.0  # each process's provider requests per second (0: no limit; live Stripe ~100)
    # renewals' charges run on their own task queue (`{task queue}-stripe`) at most this many per second across
    # every worker of the deployment (Temporal's task-queue activity rate limit; live Stripe allows about 100)
    stripe_queue_rps: float = Field(default=100.0, gt=0, le=10_000)

    # KYC (the local stand-in service, deploy/kyc_provider.py; production: a payment institution's KYC API)
    kyc_api_base: str = "http://127.0.0.1:8430"
    kyc_api_key: str = "kyc_sellflow_local"
    kyc_webhook_secret: str = "kycsec_sellflow_local"
    kyc_webhook_tolerance_s: int = 300
    # Legitimation: a seller asked for changes is reminded by mail after this many days, once.
    legitimation_reminder_days: int = 7
    legitimation_day_s: float = 86400.0

    # Bank (the local stand-in, deploy/bank_provider.py; production: the bank's EBICS or API gateway)
    bank_api_base: str = "http://127.0.0.1:8440"
    bank_api_key: str = "bank_sellflow_local"
    bank_webhook_secret: str = "banksec_sellflow_local"
    bank_webhook_tolerance_s: int = 300
    # the platform's collection account a buyer pays a bank wire to (production: the payment institution's)
    wire_holder: str = "Sellflow GmbH"
    wire_iban: str = "DE89370400440532013000"
    wire_bic: str = "COBADEFFXXX"
    # PayPal (the local stand-in, deploy/paypal_provider.py; production: https://api-m.paypal.com through PayPal's
    # official server SDK). `paypal_webhook_id` is the id PayPal gave the webhook Sellflow registered.
    paypal_api_base: str = "http://127.0.0.1:8460"
    paypal_client_id: str = "paypal_client_local"
    paypal_client_secret: str = "paypal_secret_local"
    paypal_webhook_id: str = "WH-LOCAL-SELLFLOW"
    # Collection agency (the local stand-in, deploy/agency_provider.py; production: the agency's API)
    agency_api_base: str = "http://127.0.0.1:8450"
    agency_api_key: str = "agency_sellflow_local"
    agency_webhook_secret: str = "agencysec_sellflow_local"
    agency_webhook_tolerance_s: int = 300
    # Sellflow's own account the payouts are sent from
    payout_debtor_name: str = "Sellflow GmbH"
    payout_debtor_iban: str = "DE02120300000000202051"
    payout_debtor_bic: str = "BYLADEM1001"
    payout_day_s: float = 86400.0  # the payout calendar's day (compressed in tests)
    billing_day_s: float = 86400.0  # the subscriptions' and claims' calendar day (compressed in tests)
    # the checkout's calendar day: how long a checkout stays open, and the days a bank transfer, a direct debit or
    # an invoice paid later is waited for, reminded and claimed (compressed in tests)
    checkout_day_s: int = Field(default=86400, ge=1, le=86400)

    # Domains (core §3, §9): DNS checks with dnspython against this resolver (host:port); the platform's own
    # records (subdomains, ACME DNS-01 challenges) go to the zone's admin API (locally deploy/dns_server.py).
    domain_platform_suffix: str = "sellflow.site"  # a seller's subdomain is {name}.{suffix}
    # Where a seller's custom domain points so that its visitors reach the shop (the routing record the Domains
    # page shows): a CNAME to this host below a domain's apex (empty: shops.{suffix}), A/AAAA to these addresses
    # at the apex (empty IPv6: no AAAA record). Production sets the load balancer's host and addresses.
    domain_routing_host: str = ""
    domain_routing_ipv4: str = "127.0.0.1"
    domain_routing_ipv6: str = ""
    dns_resolver: str = "127.0.0.1:8053"
    dns_admin_url: str = "http://127.0.0.1:8054"
    dns_api_key: str = ""
    # The TLS edge that serves custom domains over HTTPS (Caddy: providers/edge/caddy.py): its admin API, and the
    # address its HTTPS listener answers on (the Domain workflow asks it for each new certificate)
    edge_admin_url: str = "http://127.0.0.1:2019"
    edge_https_address: str = "127.0.0.1:8443"
    # ACME: Let's Encrypt in production (https://acme-v02.api.letsencrypt.org/directory); locally pebble
    acme_directory_url: str = "https://127.0.0.1:14000/dir"
    acme_ca_bundle: str = ""  # the CA that signs the ACME server's HTTPS certificate (pebble's, locally)
    acme_email: str = "ops@sellflow.local"
    acme_account_key: str = ""  # path of the ACME account key; empty: {data_dir}/acme/account.pem
    # Fernet keys that seal secrets at rest (certificate private keys), comma-separated, newest first: the first
    # seals, every one opens, so a key is rotated by putting a new one in front. Empty (never in production): one
    # key generated once into {data_dir}/secrets.key
    secrets_keys: str = ""
    domain_day_s: float = 86400.0  # the certificate calendar's day (compressed in tests)
    domain_check_first_s: float = 30.0  # DNS checks back off from this …
    domain_check_max_s: float = 1800.0  # … to at most this, between checks
    domain_check_attempts: int = 12  # checks before a missing record ends in error (about 3.5 hours)
    domain_renew_margin_days: int = 30  # a certificate is renewed this many days before it expires

    # Seller webhooks (domain/seller_webhooks.py): a delivery reaches only public addresses unless this allows private
    # and loopback ones (the local stack's and the tests' receivers; never in production); the retry schedule's
    # minute (compressed in tests); how often the dispatcher looks for new events
    webhook_allow_private: bool = False
    webhook_minute_s: float = Field(default=60.0, gt=0, le=60)
    webhook_poll_s: float = Field(default=0.5, gt=0, le=60)

    # Mail
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 1025
    mail_from: str = "Sellflow <no-reply@sellflow.local>"
    # DKIM signing of every mail (providers/mail/dkim.py): a PEM RSA key (empty: unsigned), its selector, and the
    # SPF and DMARC policies the sending domain publishes (shown to managers with the DKIM key's record)
    mail_dkim_key_file: str = ""
    mail_dkim_selector: str = "sellflow"
    mail_spf: str = "v=spf1 a mx -all"
    mail_dmarc: str = "v=DMARC1; p=quarantine; adkim=s; aspf=r"
    mail_ui_url: str = "http://127.0.0.1:8025"
    support_email: str = "support@sellflow.local"  # where the areas' support forms write to

    # The platform's operator, named in its imprint, terms and privacy policy (`/imprint`, `/terms`, `/privacy`);
    # production sets its own (the defaults say they are a demo)
    operator_name: str = "Sellflow Demo GmbH"
    operator_address: str = "Musterstraße 1, 10115 Berlin, Germany"
    operator_representative: str = "Dana Demo (managing director)"
    operator_register: str = "Amtsgericht Charlottenburg, HRB 000000 (demo)"
    operator_vat_id: str = "DE000000000 (demo)"

    # Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (comma-separated addresses or networks,
    # e.g. the ingress). Empty: the client address is the TCP peer, whatever headers a caller sends.
    trusted_proxies: str = ""

    # HTTP
    api_host: str = "127.0.0.1"
    api_port: int = 8000
    public_url: str = "http://127.0.0.1:8000"
    # The web app's own hostnames besides public_url's (comma-separated): on any other host it is a seller's
    # verified domain and shows that seller's shop (GET /v1/shop/_host)
    app_hosts: str = ""

    # Sessions
    jwt_secret: str = "local-only-secret-change-me-in-production-0123456789"
    access_token_ttl_s: int = 15 * 60
    refresh_token_ttl_s: int = 30 * 24 * 3600

    # Observability
    otel_exporter: str = "none"  # none | console | file | otlp (traces, metrics and Temporal's SDK metrics)
    # the OpenTelemetry collector's OTLP/HTTP endpoint (`otlp`): /v1/traces and /v1/metrics below it
    otel_endpoint: str = "http://127.0.0.1:4318"

    @model_validator(mode="after")
    def _refuse_unsafe_outside_local(self) -> Settings:
        """Outside the local stack and the tests, every secret must be set: its default is public (it is in this
        file), so a webhook signed with it (a bank return, a KYC answer) would be believed. Every offending
        variable is named."""
        if self.env in SAFE_ENVS:
            return self
        unsafe = [
            f"SELLFLOW_{name.upper()}"
            for name in SECRET_FIELDS
            if _is_default_secret(name, getattr(self, name), type(self).model_fields[name].default)
        ]
        unsafe += [
            f"SELLFLOW_{name.upper()}"
            for name in OPTIONAL_SECRET_FIELDS
            if getattr(self, name) and _is_default_secret(name, getattr(self, name), "")
        ]
        if "SELLFLOW_JWT_SECRET" not in unsafe and len(self.jwt_secret) < 32:
            unsafe.append("SELLFLOW_JWT_SECRET")
        if not self.database_url:
            unsafe.append("SELLFLOW_DATABASE_URL")
        if bool(self.temporal_tls_cert) != bool(self.temporal_tls_key):
            raise ValueError("SELLFLOW_TEMPORAL_TLS_CERT and SELLFLOW_TEMPORAL_TLS_KEY go together (mTLS)")
        if self.webhook_allow_private:  # webhooks would reach the production network's own services
            unsafe.append("SELLFLOW_WEBHOOK_ALLOW_PRIVATE")
        if unsafe:
            raise ValueError(
                f"{', '.join(unsafe)} must be set to a real value when SELLFLOW_ENV={self.env} "
                "(the defaults are for the local stack only)"
            )
        return self

    @property
    def storage_dir(self) -> Path:
        return self.data_dir / "files"

    @property
    def routing_host(self) -> str:
        """The host a custom domain's routing CNAME points to."""
        return (self.domain_routing_host or f"shops.{self.domain_platform_suffix}").lower().strip(".")

    @property
    def acme_account_key_path(self) -> Path:
        return (
            Path(self.acme_account_key) if self.acme_account_key else self.data_dir / "acme" / "account.pem"
        )

    @property
    def pg_dir(self) -> Path:
        return self.data_dir / "pg"


SAFE_ENVS = ("local", "test")
# Every setting that is a secret (or, for Stripe's publishable key, names the account): none may keep its default
# outside local and test.
SECRET_FIELDS = (
    "stripe_secret_key",
    "stripe_publishable_key",
    "stripe_webhook_secret",
    "kyc_api_key",
    "kyc_webhook_secret",
    "bank_api_key",
    "bank_webhook_secret",
    "paypal_client_secret",
    "agency_api_key",
    "agency_webhook_secret",
    "dns_api_key",
    "secrets_keys",
    "jwt_secret",
)


# Secrets a deployment may go without (Temporal Cloud's API key: a cluster may use mTLS or no auth); set, they may not
# be a placeholder either.
OPTIONAL_SECRET_FIELDS = ("temporal_api_key",)


def _is_default_secret(name: str, value: object, default: object) -> bool:
    text = str(value or "").strip()
    return (
        not text
        or text == default
        or text.endswith("_local")
        or "local-only" in text
        or "CHANGE_ME" in text  # deploy/production/secret.example.yaml's placeholders
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
