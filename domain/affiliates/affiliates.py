"""Affiliate programs (editor §3 Affiliate program, §9 defaults; core §4 Affiliates): what a program offers its
publishers, who earns what on a referred payment, and the ledger entries of a commission.

A program pays a commission on the payments of the orders its publishers refer. The commission is a share of
the payment in basis points (0–10,000, 0–100 %), gross or net of VAT (`provision_from_brutto`). A program has one
rate for every product (`single`), or up to five stages per product (`multiple`): stage 1 is the publisher whose
link the buyer followed, stage 2 the publisher who brought that publisher into the program, and so on up the
chain; the stages of a product add up to at most 100 %. The commission lasts (`lifetime`): for the first payment
only (`none`), for every paid rate (`lifetime`), or for the rates paid within `lifetime_duration` days of the first
payment (`fixed`).

A click on a link carrying `epid` is remembered for the program's `cookies_expire` days; the last click before
the purchase wins. A publisher earns nothing on their own purchase (a self-referral).

    a referred payment of 100.00, stages 20 % and 5 %:
        seller     -20.00  commission   publisher A  +20.00  commission
        seller      -5.00  commission   publisher B   +5.00  commission
    a refund of 40.00 of it gives back 40 % of each share (ledger.fee_back: partial refunds add up exactly)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from pydantic import Field, StringConstraints, model_validator
from pydantic import Strict as PStrict

from domain.builder.style import Closed, Flag, Link
from domain.keys import order_key
from domain.ledger.ledger import Entry, EntryKind, PayeeType, fee_back
from domain.orders.invoices import vat_of_gross

COOKIES_EXPIRE_DEFAULT = 180  # days (editor §9)
LIFETIME_DURATION_DEFAULT = 15  # days (editor §9)
STAGES_MAX = 5
FULL = 10_000  # 100 % in basis points
NAME_MAX = 100
LANDING_MAX = 5_000
PRODUCTS_MAX = 200
BONUS_MAX = 100_000_000  # minor units
# editor §3 "default landing text contains placeholders for program, commission, cookies and buttons"
DEFAULT_LANDING = (
    "Recommend {program} and earn {commission} on every sale you bring. Your link keeps its buyers for {cookies} "
    "days.\n\n{buttons}"
)
PROGRAM_PARAM = "prid"  # the program a publisher's link is for, beside `epid` (one link per program)
PLACEHOLDERS = ("{program}", "{commission}", "{cookies}", "{buttons}")

Days = Annotated[int, PStrict(), Field(ge=1, le=3650)]
BasisPoints = Annotated[int, PStrict(), Field(ge=0, le=FULL)]
ProductRef = Annotated[int, PStrict(), Field(ge=1, le=2**53)]


class CommissionMode(StrEnum):
    single = "single"  # one rate for every product
    multiple = "multiple"  # up to five stages per product


class Duration(StrEnum):
    """core §4 commission duration status."""

    none = "none"  # the first payment only
    lifetime = "lifetime"  # every paid rate
    fixed = "fixed"  # the rates paid within lifetime_duration days of the first


class NodeState(StrEnum):
    """core §4 affiliate node: a publisher's place in a program."""

    requested = "requested"
    accepted = "accepted"  # shown as active
    rejected = "rejected"
    canceled = "canceled"


# what each state may become; a publisher refused or gone may ask again (a new request)
NODE_MOVES: dict[NodeState, frozenset[NodeState]] = {
    NodeState.requested: frozenset({NodeState.accepted, NodeState.rejected, NodeState.canceled}),
    NodeState.accepted: frozenset({NodeState.canceled}),
    NodeState.rejected: frozenset({NodeState.requested}),
    NodeState.canceled: frozenset({NodeState.requested}),
}


class Stage(Closed):
    rate_bp: BasisPoints


class ProductCommission(Closed):
    """A product's own stages in a `multiple` program: stage 1 first."""

    product_id: ProductRef
    stages: Annotated[list[Stage], Field(min_length=1, max_length=STAGES_MAX)]


class ProgramForm(Closed):
    """Every field of editor §3's affiliate program form (the API's names in snake case)."""

    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_MAX)]
    cookies_expire: Days = COOKIES_EXPIRE_DEFAULT
    form: CommissionMode = CommissionMode.single
    commission_bp: BasisPoints = 0  # single: the rate on every product
    product_commissions: Annotated[list[ProductCommission], Field(max_length=PRODUCTS_MAX)] = []
    scope: Literal["all", "products"] = "all"
    product_ids: Annotated[list[ProductRef], Field(max_length=PRODUCTS_MAX)] = []
    provision_from_brutto: Flag = True  # the commission's basis: the gross payment (else net of VAT)
    lifetime: Duration = Duration.none
    lifetime_duration: Days = LIFETIME_DURATION_DEFAULT
    bonus: Annotated[int, PStrict(), Field(ge=0, le=BONUS_MAX)] = 0  # minor units, added to stage 1 per sale
    disable_landing_page: Flag = False
    landing_body: Annotated[str, StringConstraints(max_length=LANDING_MAX)] = DEFAULT_LANDING
    redirection_url: Link | None = None  # where a click lands (else the shop)
    forward_url_params: Flag = False  # a click's other query parameters go along to where it lands
    allow_embed_forms: Flag = False
    affiliate_redirections_allowed: Flag = False  # a publisher may send clicks to a page of their choice
    affiliate_marketplace_product: Flag = False  # listed in the affiliate marketplace

    @model_validator(mode="after")
    def _fits(self) -> ProgramForm:
        if self.scope == "products" and not self.product_ids:
            raise ValueError("a program for some products names them")
        if self.scope == "all" and self.product_ids:
            raise ValueError("a program for all products names none")
        if len(set(self.product_ids)) != len(self.product_ids):
            raise ValueError("each product once")
        if self.form == CommissionMode.single and self.product_commissions:
            raise ValueError("a single commission has no product stages")
        if self.form == CommissionMode.multiple:
            if not self.product_commissions:
                raise ValueError("a multiple commission names its products' stages")
            seen: set[int] = set()
            for pc in self.product_commissions:
                if pc.product_id in seen:
                    raise ValueError("each product's stages once")
                seen.add(pc.product_id)
                if sum(st.rate_bp for st in pc.stages) > FULL:
                    raise ValueError("a product's stages add up to 100 % at most")
                if self.scope == "products" and pc.product_id not in self.product_ids:
                    raise ValueError("stages for a product outside the program")
        return self

    @property
    def headline_bp(self) -> int:
        """The rate a list or a publisher reads first: the single rate, else the highest first stage."""
        if self.form == CommissionMode.single:
            return self.commission_bp
        return max((pc.stages[0].rate_bp for pc in self.product_commissions), default=0)

    def covers(self, product_id: int) -> bool:
        return self.scope == "all" or product_id in self.product_ids

    def stages_for(self, product_id: int) -> list[int]:
        """The product's rates by stage, in basis points (none: the program pays nothing on it)."""
        if not self.covers(product_id):
            return []
        if self.form == CommissionMode.single:
            return [self.commission_bp]
        own = next((pc for pc in self.product_commissions if pc.product_id == product_id), None)
        return [st.rate_bp for st in own.stages] if own else []


def node_move_error(current: NodeState, wanted: NodeState) -> str | None:
    """Why a node cannot go from `current` to `wanted`; none when it can."""
    if wanted in NODE_MOVES[current]:
        return None
    return f"a {current.value} publisher cannot be {wanted.value}"


@dataclass(frozen=True)
class Click:
    """A click on a publisher's link (`epid`) for a program."""

    publisher_id: int
    program_id: int
    at: datetime


def attributed(clicks: list[Click], bought_at: datetime, cookies_expire: dict[int, int]) -> Click | None:
    """The click a purchase is credited to: the last one before it whose program's cookie (days by program id)
    still lasts."""
    alive = [
        c
        for c in clicks
        if c.at <= bought_at and bought_at - c.at < timedelta(days=cookies_expire.get(c.program_id, 0))
    ]
    return max(alive, key=lambda c: c.at) if alive else None


def self_referral(
    publisher_email: str, buyer_email: str, publisher_user_id: int, seller_user_id: int
) -> bool:
    """A publisher buying through their own link, or the seller promoting their own shop, earns nothing."""
    return (
        publisher_email.strip().lower() == buyer_email.strip().lower() or publisher_user_id == seller_user_id
    )


def earns(duration: Duration, days: int, first_paid_at: datetime, paid_at: datetime, rate_no: int) -> bool:
    """Whether a paid rate (1: the first payment) still earns the commission."""
    if rate_no <= 1:
        return True
    if duration == Duration.lifetime:
        return True
    if duration == Duration.fixed:
        return paid_at - first_paid_at < timedelta(days=days)
    return False


@dataclass(frozen=True)
class Share:
    stage: int  # 1: the publisher whose link was followed
    publisher_id: int
    amount: int  # minor units


def shares(basis: int, rates_bp: list[int], chain: list[int], bonus: int = 0) -> list[Share]:
    """Each stage's commission on a payment of `basis` (minor units): stage k goes to the k-th publisher of the
    chain (the referrer first), rounded down so the shares never exceed the payment; the bonus goes to stage 1.
    Stages beyond the chain, a stage whose publisher is 0 (left out: the buyer), and shares of 0 are not paid."""
    if basis <= 0:
        return []
    out: list[Share] = []
    for k, (rate, publisher) in enumerate(zip(rates_bp, chain, strict=False), start=1):
        amount = basis * rate // FULL + (bonus if k == 1 else 0)
        if amount > 0 and publisher:
            out.append(Share(k, publisher, amount))
    paid = sum(s.amount for s in out)
    if paid > basis:  # a bonus bigger than the payment is capped at it
        first = out[0]
        out[0] = Share(first.stage, first.publisher_id, first.amount - (paid - basis))
        out = [s for s in out if s.amount > 0]
    return out


def commission_key(ref: str, stage: int) -> str:
    """`ref`: the payment's reference (the order token, `{token}-rate-{n}` for a later rate, or a collected part's
    key), as its sale's entries use it."""
    return f"{order_key(ref)}-commission-{stage}"


def commission_entries(ref: str, seller_id: int, paid: list[Share], currency: str) -> list[Entry]:
    """A referred payment's commissions: from the seller's balance to each stage's publisher."""
    entries: list[Entry] = []
    for sh in paid:
        k = commission_key(ref, sh.stage)
        entries += [
            Entry(PayeeType.seller, seller_id, EntryKind.commission, -sh.amount, currency, f"{k}-seller"),
            Entry(
                PayeeType.publisher,
                sh.publisher_id,
                EntryKind.commission,
                sh.amount,
                currency,
                f"{k}-publisher",
            ),
        ]
    return entries


def commission_back_entries(
    key: str,
    seller_id: int,
    booked: dict[int, int],
    total: int,
    refunded_before: int,
    amount: int,
    currency: str,
) -> list[Entry]:
    """Money given back (a refund or a chargeback under `key`) of `amount` after `refunded_before`, of payments of
    `total`: each publisher gives back the same share of what they earned on them (`booked`, by publisher), so
    parts adding up to the whole give back each commission exactly."""
    entries: list[Entry] = []
    for publisher, earned in sorted(booked.items()):
        back = fee_back(earned, total, refunded_before, amount)
        if back > 0:
            k = f"{key}-commission-{publisher}"
            entries += [
                Entry(PayeeType.seller, seller_id, EntryKind.reversal, back, currency, f"{k}-seller"),
                Entry(PayeeType.publisher, publisher, EntryKind.reversal, -back, currency, f"{k}-publisher"),
            ]
    return entries


@dataclass(frozen=True)
class Attribution:
    """What an order owes its publishers, fixed when it is bought (like its plan's terms): a later change of the
    program, or the program's end, never alters what the buyer's payments earn."""

    program_id: int
    click_id: int
    chain: tuple[
        int, ...
    ]  # publisher user ids by stage, the referrer first (0: a stage left out, the buyer's)
    rates_bp: tuple[int, ...]  # the product's rates by stage
    from_gross: bool
    duration: Duration
    days: int  # lifetime_duration: how long a `fixed` commission lasts
    bonus: int  # minor units, on the first payment's stage 1
    vat_rate_bp: int  # the buyer's VAT on the payment: a net commission's basis leaves it out

    def to_json(self) -> dict[str, object]:
        return {
            "program_id": self.program_id,
            "click_id": self.click_id,
            "chain": list(self.chain),
            "rates_bp": list(self.rates_bp),
            "from_gross": self.from_gross,
            "duration": self.duration.value,
            "days": self.days,
            "bonus": self.bonus,
            "vat_rate_bp": self.vat_rate_bp,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Attribution:
        return Attribution(
            int(d["program_id"]),
            int(d["click_id"]),
            tuple(int(x) for x in d["chain"]),
            tuple(int(x) for x in d["rates_bp"]),
            bool(d["from_gross"]),
            Duration(d["duration"]),
            int(d["days"]),
            int(d["bonus"]),
            int(d["vat_rate_bp"]),
        )

    def basis(self, amount: int) -> int:
        """The part of a payment the rates apply to: all of it, or net of the buyer's VAT."""
        if self.from_gross or not self.vat_rate_bp:
            return amount
        return amount - vat_of_gross(amount, self.vat_rate_bp)

    def owed(self, amount: int, rate_no: int, first_paid_at: datetime, paid_at: datetime) -> list[Share]:
        """The shares a payment of `amount` (the order's `rate_no`-th) earns, while the commission lasts; the
        bonus once, with the first payment."""
        if not earns(self.duration, self.days, first_paid_at, paid_at, rate_no):
            return []
        return shares(
            self.basis(amount), list(self.rates_bp), list(self.chain), self.bonus if rate_no == 1 else 0
        )


def referrer_chain(first: int, referrer_of: dict[int, int | None], stages: int) -> list[int]:
    """The nodes earning the stages: the clicked publisher's node, the node that brought it in, and so on, as long
    as there are stages; a loop ends the chain."""
    chain = [first]
    while len(chain) < stages:
        up = referrer_of.get(chain[-1])
        if up is None or up in chain:
            break
        chain.append(up)
    return chain


def landing_text(body: str, *, program: str, commission: str, cookies: int, buttons: str) -> str:
    """The landing page's text with its placeholders filled in."""
    return (
        body.replace("{program}", program)
        .replace("{commission}", commission)
        .replace("{cookies}", str(cookies))
        .replace("{buttons}", buttons)
    )


def redirection(url: str | None, forward: bool, params: list[tuple[str, str]]) -> str | None:
    """Where a click on a publisher's shop link lands when the program sends clicks elsewhere (`redirection_url`, a
    page of the web or a path of the platform's host), with the click's other query parameters (never `epid`) when
    the program forwards them; none for anything else."""
    if not url or not (
        url.startswith(("http://", "https://")) or (url.startswith("/") and not url.startswith("//"))
    ):
        return None
    extra = [(k, v) for k, v in params if k != "epid"] if forward else []
    if not extra:
        return url
    base, _, fragment = url.partition("#")
    joined = base + ("&" if "?" in base else "?") + urlencode(extra)
    return f"{joined}#{fragment}" if fragment else joined


def own_page(shop: str, target: str) -> str | None:
    """A page of the shop a publisher names for their link (`target`, where the program lets publishers choose):
    a path under `/s/{shop}/`, never another site (no open redirect on the platform's host)."""
    base = f"/s/{shop}/"
    if not target.startswith(base) or len(target) > 500 or "//" in target or "\\" in target:
        return None
    return target if all(c.isprintable() and not c.isspace() for c in target) else None


def publisher_link(shop: str, publisher_user_id: int, program_id: int) -> str:
    """The publisher's link into the shop for one program: its clicks and sales are that program's."""
    return f"/s/{shop}?epid={publisher_user_id}&{PROGRAM_PARAM}={program_id}"


def program_param(raw: str) -> int | None:
    """The program a link names (`prid`), if it is an id."""
    return int(raw) if raw.isdigit() and 0 < len(raw) <= 15 and int(raw) > 0 else None


def clicks_per_program(
    counts: Iterable[tuple[int, int | None, int]], oldest: Mapping[int, int]
) -> dict[tuple[int, int], int]:
    """Clicks counted once, per program: `counts` are (owner, the program the link named, clicks), the owner being
    what they are grouped by besides (a publisher, a shop); a link of before links named a program (none) counts for
    the owner's oldest program (`oldest`: owner → program id)."""
    out: dict[tuple[int, int], int] = {}
    for owner, program, n in counts:
        key = program if program is not None else oldest.get(owner)
        if key is not None:
            out[(owner, key)] = out.get((owner, key), 0) + n
    return out
