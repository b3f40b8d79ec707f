"""Account deletion and deactivation: the request row, the blocking checks of core §8 (each one query over the
orders, billing and ledger tables), and the idempotent steps the Account deletion workflow takes: products off,
the deletion plans, deactivated / reactivated, personal data scrambled, deleted.

What a deletion keeps: invoices (with their frozen documents), ledger entries, transfers, payouts and platform
invoices stay untouched until `retention_until` (bookkeeping law); what it scrambles: the user's e-mail, names
and password, the seller profile (names, address, phone, birthday, tax numbers, owners), bank accounts (holder,
IBAN, BIC) and KYC document names; every refresh token is revoked and every mailed token spent."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import ColumnElement, and_, exists, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.account_deletion import (
    AccountDataState,
    AccountType,
    CheckKind,
    CheckRequest,
    CheckResult,
    DeletionReason,
    FlowKind,
    SubscriptionChoice,
    checks_for,
    scrambled_email,
)
from domain.catalog.products import Publication
from domain.errors import DomainError, ErrorCode
from domain.ledger.ledger import DEFAULT_FEE, BillingCycle, PayeeType, PlanPurpose
from domain.ledger.payouts import PayoutState
from domain.orders.orders import OrderRateState, PaymentLogState, PaymentState, PaymentType
from store.accounts.models import AccountDeletion, AuthToken, RefreshToken, Seller, User
from store.billing.models import Claim, OrderRate
from store.catalog.models import Product
from store.db import session
from store.ledger.models import LedgerEntry, Payout, PlatformPlan
from store.ledger.platform_invoices import unpaid_platform_invoices
from store.legitimation.models import BankAccount, KycDocument, SellerProfileRow
from store.orders.models import Order, Transfer

RUNNING = (PaymentState.paying, PaymentState.payment_paused)

# subscriptions may be cancelled at the end of their period; an installment is the buyer's debt and runs out
CANCELLABLE = (PaymentType.subscription, PaymentType.limited_subscription)
IN_FLIGHT = (PaymentLogState.pending, PaymentLogState.waiting, PaymentLogState.prepared)


def _running() -> ColumnElement[bool]:
    """A subscription that runs (`paying`, paused), or one about to: its first rate paid at the checkout (`paid`)
    before its Subscription workflow has taken the order over, when it has no rate recorded yet or still one to
    come. A subscription that completed is `paid` with every rate settled."""
    rates = select(OrderRate.id).where(OrderRate.order_id == Order.id)
    starting = and_(
        Order.payment_state == PaymentState.paid,
        func.jsonb_typeof(Order.terms) == "object",
        or_(~exists(rates), exists(rates.where(OrderRate.state == OrderRateState.future))),
    )
    return or_(Order.payment_state.in_(list(RUNNING)), starting)


PLAN_NAMES = {
    PlanPurpose.deletion_planned: "Deletion planned",
    PlanPurpose.deletion_requested: "Deletion requested",
}
SCRAMBLED = "deleted"


@dataclass(frozen=True)
class DeletionRequest:
    seller_id: int
    flow_kind: FlowKind
    reasons: list[DeletionReason]
    reason_text: str | None
    subscriptions: SubscriptionChoice


# ----- reads ------------------------------------------------------------------------------------------------
async def deletion_of(s: AsyncSession, seller_id: int) -> AccountDeletion | None:
    return (
        await s.execute(select(AccountDeletion).where(AccountDeletion.seller_id == seller_id))
    ).scalar_one_or_none()


def is_open(row: AccountDeletion | None) -> bool:
    """A request that is neither cancelled nor finished."""
    return row is not None and row.canceled_at is None and row.completed_at is None


async def _count(s: AsyncSession, q: object) -> int:
    return int((await s.execute(q)).scalar_one())  # type: ignore[call-overload]


async def _check(s: AsyncSession, kind: CheckKind, req: CheckRequest) -> CheckResult:
    sid = req.seller_id
    if kind == CheckKind.risky_transfers:
        # money still in flight (a pending payment or an unsettled transfer) may yet be reversed
        n = await _count(
            s,
            select(func.count()).where(
                Order.seller_id == sid, Order.payment_state == PaymentState.payment_pending
            ),
        ) + await _count(
            s, select(func.count()).where(Transfer.seller_id == sid, Transfer.state.in_(list(IN_FLIGHT)))
        )
        return CheckResult(kind, n == 0, n)
    if kind == CheckKind.active_orders:
        q = select(func.count()).where(Order.seller_id == sid, _running())
        if req.ending_tokens:
            q = q.where(Order.token.not_in(req.ending_tokens))
        n = await _count(s, q) + await _count(
            s, select(func.count()).where(Claim.seller_id == sid, Claim.closed_at.is_(None))
        )
        return CheckResult(kind, n == 0, n)
    if kind == CheckKind.payouts_not_paid_out:
        balance = await _count(
            s,
            select(func.coalesce(func.sum(LedgerEntry.amount), 0)).where(
                LedgerEntry.payee_type == PayeeType.seller, LedgerEntry.payee_id == sid
            ),
        )
        waiting = await _count(
            s,
            select(func.count()).where(
                Payout.payee_type == PayeeType.seller,
                Payout.payee_id == sid,
                Payout.state.in_([PayoutState.pending, PayoutState.issued]),
            ),
        )
        return CheckResult(kind, balance == 0 and waiting == 0, waiting, amount=balance)
    n = await unpaid_platform_invoices(s, sid)
    return CheckResult(kind, n == 0, n)


async def checks_run(s: AsyncSession, req: CheckRequest) -> list[CheckResult]:
    return [await _check(s, kind, req) for kind in checks_for(req.flow_kind)]


async def running_subscriptions(s: AsyncSession, seller_id: int) -> list[str]:
    """The tokens of the seller's subscriptions that can be cancelled at the end of their period."""
    q = (
        select(Order.token)
        .where(
            Order.seller_id == seller_id,
            Order.payment_state.in_(list(RUNNING)),
            Order.period_type.in_(list(CANCELLABLE)),
        )
        .order_by(Order.id)
    )
    return list((await s.execute(q)).scalars())


# ----- writes -----------------------------------------------------------------------------------------------
async def deletion_requested(
    s: AsyncSession, req: DeletionRequest, *, stale: bool = False
) -> AccountDeletion:
    """The request row (one per seller, reused after a cancel or a reactivation). A second request while one
    is open (unless `stale`: its workflow never started), or any request of a deleted account, is refused."""
    seller = await s.get(Seller, req.seller_id, with_for_update=True)
    if seller is None or seller.account_type == AccountType.deleted:
        raise DomainError(ErrorCode.NOT_FOUND, "Seller not found.")
    if seller.account_type == AccountType.deactivated:
        raise DomainError(ErrorCode.CONFLICT, "This account is deactivated; reactivate it first.")
    row = await deletion_of(s, req.seller_id)
    if is_open(row) and not stale:
        raise DomainError(ErrorCode.CONFLICT, "A request to close this account is already running.")
    now = datetime.now(UTC)
    if row is None:
        row = AccountDeletion(seller_id=req.seller_id)
        s.add(row)
    row.flow_kind = req.flow_kind
    row.reasons = [r.value for r in req.reasons]
    row.reason_text = req.reason_text
    row.subscriptions = req.subscriptions
    row.ending_tokens = []
    row.paused_product_ids = []
    row.requested_at = now
    row.confirmed_at = row.canceled_at = row.completed_at = None
    row.retention_until = None
    await s.flush()
    return row


async def deletion_request_saved(req: DeletionRequest, *, stale: bool = False) -> None:
    """`deletion_requested` in its own transaction, committed before the workflow starts (its first activities
    read the row)."""
    async with session() as s:
        await deletion_requested(s, req, stale=stale)


async def deletion_confirmed(s: AsyncSession, seller_id: int) -> None:
    row = await deletion_of(s, seller_id)
    if row is not None and row.confirmed_at is None:
        row.confirmed_at = datetime.now(UTC)


async def deletion_canceled(s: AsyncSession, seller_id: int) -> None:
    """Cancelled before confirmation: everything the request paused comes back as it was: the seller's plan and the
    products it took off the shop (those the seller has not changed since)."""
    row = await deletion_of(s, seller_id)
    if row is None or not is_open(row):
        return
    row.canceled_at = datetime.now(UTC)
    await _plan_restored(s, row)
    await products_republished(s, row)


async def ending_recorded(s: AsyncSession, seller_id: int, tokens: list[str]) -> None:
    """The subscriptions cancelled at the end of their period; the request's choice becomes that too (the seller
    may choose it later, from the blocked wizard)."""
    row = await deletion_of(s, seller_id)
    if row is not None:
        row.ending_tokens = sorted(set(row.ending_tokens or []) | set(tokens))
        row.subscriptions = SubscriptionChoice.cancel_at_period_end


async def products_unpublished(s: AsyncSession, seller_id: int) -> int:
    """Every published product of the seller leaves the shop at once, and the request remembers which (idempotent:
    a retry finds none published and adds none)."""
    ids = list(
        (
            await s.scalars(
                update(Product)
                .where(Product.seller_id == seller_id, Product.publication == Publication.published)
                .values(publication=Publication.unpublished)
                .returning(Product.id)
            )
        ).all()
    )
    row = await deletion_of(s, seller_id)
    if row is not None and ids:
        row.paused_product_ids = sorted(set(row.paused_product_ids or []) | set(ids))
    return len(ids)


async def products_republished(s: AsyncSession, row: AccountDeletion) -> int:
    """The products the request took off the shop are published again, those still unpublished (one the seller
    archived or changed meanwhile stays as the seller left it); the request forgets them (idempotent)."""
    ids = list(row.paused_product_ids or [])
    row.paused_product_ids = []
    if not ids:
        return 0
    res = await s.execute(
        update(Product)
        .where(
            Product.seller_id == row.seller_id,
            Product.id.in_(ids),
            Product.publication == Publication.unpublished,
        )
        .values(publication=Publication.published)
    )
    return int(getattr(res, "rowcount", 0) or 0)


async def _plan_id(s: AsyncSession, purpose: PlanPurpose) -> int:
    """The platform plan of a deletion purpose (created once); it keeps the fee of the default plan."""
    name = PLAN_NAMES[purpose]
    plan = (await s.execute(select(PlatformPlan).where(PlatformPlan.name == name))).scalar_one_or_none()
    if plan is None:
        await s.execute(
            insert(PlatformPlan)
            .values(
                name=name,
                purpose=purpose,
                billing_cycle=BillingCycle.monthly,
                fee_basis_points=DEFAULT_FEE.basis_points,
                fee_fixed=DEFAULT_FEE.fixed,
            )
            .on_conflict_do_nothing()
        )
        plan = (await s.execute(select(PlatformPlan).where(PlatformPlan.name == name))).scalar_one()
    return plan.id


async def plan_moved(s: AsyncSession, seller_id: int, purpose: PlanPurpose) -> None:
    """The seller's platform plan becomes the deletion plan of `purpose`; the plan before is kept to restore.
    core §4: the account data state is `inactive_plan` from here on."""
    seller = await s.get(Seller, seller_id, with_for_update=True)
    row = await deletion_of(s, seller_id)
    if seller is None or row is None:
        return
    ids = {await _plan_id(s, p) for p in PLAN_NAMES}
    if seller.platform_plan_id not in ids:
        row.previous_plan_id = seller.platform_plan_id
    seller.platform_plan_id = await _plan_id(s, purpose)
    if seller.account_data_state == AccountDataState.empty:
        seller.account_data_state = AccountDataState.inactive_plan


async def _plan_restored(s: AsyncSession, row: AccountDeletion) -> None:
    seller = await s.get(Seller, row.seller_id, with_for_update=True)
    if seller is None or seller.account_type == AccountType.deleted:
        return
    seller.platform_plan_id = row.previous_plan_id
    seller.account_data_state = AccountDataState.empty


async def account_deactivated(s: AsyncSession, seller_id: int) -> None:
    seller = await s.get(Seller, seller_id, with_for_update=True)
    row = await deletion_of(s, seller_id)
    if seller is None or seller.account_type != AccountType.active:
        return
    seller.account_type = AccountType.deactivated
    if row is not None and row.completed_at is None:
        row.completed_at = datetime.now(UTC)


async def account_reactivated(s: AsyncSession, seller_id: int) -> bool:
    seller = await s.get(Seller, seller_id, with_for_update=True)
    row = await deletion_of(s, seller_id)
    if seller is None or seller.account_type != AccountType.deactivated:
        return False
    seller.account_type = AccountType.active
    if row is not None:
        await _plan_restored(s, row)
        await products_republished(s, row)
    return True


async def data_scrambled(s: AsyncSession, seller_id: int, retention: date) -> None:
    """Personal data replaced (idempotent: a second run finds it scrambled already); bookkeeping kept."""
    seller = await s.get(Seller, seller_id, with_for_update=True)
    if seller is None or seller.account_data_state in (
        AccountDataState.data_scrambled,
        AccountDataState.deleted,
    ):
        return
    now = datetime.now(UTC)
    user = await s.get(User, seller.user_id, with_for_update=True)
    if user is not None:
        # the username stays reserved so that buyers' invoice and manage links keep working (docs/DECISIONS.md)
        user.email = scrambled_email(seller_id)
        user.password_hash = None
        user.first_name = user.last_name = None
        await s.execute(
            update(RefreshToken)
            .where(RefreshToken.user_id == user.id, RefreshToken.revoked_at.is_(None))
            .values(revoked_at=now)
        )
        await s.execute(
            update(AuthToken)
            .where(AuthToken.user_id == user.id, AuthToken.used_at.is_(None))
            .values(used_at=now)
        )
    blank = dict.fromkeys(
        (
            "first_name",
            "last_name",
            "phone",
            "birthday",
            "nationality",
            "street",
            "street_number",
            "zip",
            "city",
            "region",
            "company",
            "registration_location",
            "vat_id",
            "tax_no",
            "tax_ident_no",
        )
    )
    await s.execute(
        update(SellerProfileRow)
        .where(SellerProfileRow.seller_id == seller_id)
        .values(**blank, beneficial_owners=[])
    )
    await s.execute(
        update(BankAccount)
        .where(BankAccount.seller_id == seller_id)
        .values(holder=SCRAMBLED, iban=func.concat("deleted-", BankAccount.id), bic=SCRAMBLED)
    )
    await s.execute(update(KycDocument).where(KycDocument.seller_id == seller_id).values(file_name=SCRAMBLED))
    seller.account_data_state = AccountDataState.data_scrambled
    seller.retention_until = retention
    row = await deletion_of(s, seller_id)
    if row is not None:
        row.retention_until = retention
        row.reason_text = None  # free text may name people; the reasons themselves are kept


async def kyc_storage_keys(s: AsyncSession, seller_id: int) -> list[str]:
    q = select(KycDocument.storage_key).where(KycDocument.seller_id == seller_id)
    return list((await s.execute(q)).scalars())


async def account_deleted(s: AsyncSession, seller_id: int) -> None:
    seller = await s.get(Seller, seller_id, with_for_update=True)
    if seller is None:
        return
    seller.account_type = AccountType.deleted
    seller.account_data_state = AccountDataState.deleted
    row = await deletion_of(s, seller_id)
    if row is not None and row.completed_at is None:
        row.completed_at = datetime.now(UTC)
