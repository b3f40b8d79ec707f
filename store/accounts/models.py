from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.accounts.account_deletion import (
    REASON_TEXT_MAX,
    AccountDataState,
    AccountType,
    FlowKind,
    SubscriptionChoice,
)
from domain.accounts.accounts import ProfileType
from domain.affiliates.resellers import MESSAGE_MAX, REASON_MAX, ResellerRequestState, SellingMode
from domain.legitimation.legitimation import STOPS_PAYMENTS, AccountLimit
from domain.limits import (
    EMAIL_MAX,
    FINGERPRINT_MAX,
    LOCALE_MAX,
    PASSWORD_HASH_MAX,
    PERSON_NAME_MAX,
    TOKEN_HASH_LEN,
    USERNAME_MAX,
)
from domain.listing import SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX, SavedList
from store.base import Base, StrEnumText, Timestamps


class User(Timestamps, Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    email: Mapped[str] = mapped_column(String(EMAIL_MAX), unique=True)  # stored lowercased
    password_hash: Mapped[str | None] = mapped_column(String(PASSWORD_HASH_MAX))
    username: Mapped[str | None] = mapped_column(String(USERNAME_MAX), unique=True)
    first_name: Mapped[str | None] = mapped_column(String(PERSON_NAME_MAX))
    last_name: Mapped[str | None] = mapped_column(String(PERSON_NAME_MAX))
    locale: Mapped[str] = mapped_column(String(LOCALE_MAX), default="en")
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # the notices (domain/notifications.py) the user turned off
    muted_notices: Mapped[list[str]] = mapped_column(JSONB, default=list, server_default=text("'[]'::jsonb"))


class Profile(Timestamps, Base):
    """A user holds one row per profile type (seller, payer, manager, …)."""

    __tablename__ = "profiles"
    __table_args__ = (UniqueConstraint("user_id", "type"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    type: Mapped[ProfileType] = mapped_column(StrEnumText(ProfileType, 30))


class Seller(Timestamps, Base):
    __tablename__ = "sellers"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    # the seller profile's required fields are filled (core §5)
    registration_done: Mapped[bool] = mapped_column(Boolean, default=False)
    # legitimated and a bank account activated; written by the Legitimation workflow's projection only
    payment_account_done: Mapped[bool] = mapped_column(Boolean, default=False)
    account_limit: Mapped[AccountLimit | None] = mapped_column(StrEnumText(AccountLimit, 30))
    # the payment methods per payment type (core §9 matrix: {"one_time": ["card", "bank_wire"], …}); None: cards
    payment_methods: Mapped[dict | None] = mapped_column(JSONB)
    # a payment institution must verify the seller (KYC) before payouts (docs/DECISIONS.md)
    verification_required: Mapped[bool] = mapped_column(Boolean, default=True)
    power_seller: Mapped[bool] = mapped_column(Boolean, default=False)
    # the platform plan whose fee each sale pays; none: the default plan (domain/ledger/ledger.py DEFAULT_PLAN)
    # (a foreign key to platform_plans in the migration; not declared here, so that accounts need not load ledger)
    platform_plan_id: Mapped[int | None] = mapped_column(BigInteger)
    # The last invoice number issued; the next invoice takes this + 1 under a row lock (gapless).
    invoice_seq: Mapped[int] = mapped_column(Integer, default=0)
    # core §3 account type and core §4 account data state; written by the Account deletion workflow only
    account_type: Mapped[AccountType] = mapped_column(
        StrEnumText(AccountType, 20), default=AccountType.active, server_default="active"
    )
    account_data_state: Mapped[AccountDataState] = mapped_column(
        StrEnumText(AccountDataState, 20), default=AccountDataState.empty, server_default="empty"
    )
    # a deleted seller's invoices and ledger entries are kept until this day (bookkeeping law)
    retention_until: Mapped[date | None] = mapped_column(Date)
    # when its Retention workflow (`retention-{id}`) was started by the platform's (workflows/retention.py)
    retention_started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # in whose name the seller's products are sold (domain/affiliates/resellers.py): their own, or the platform's as reseller
    selling_mode: Mapped[SellingMode] = mapped_column(
        StrEnumText(SellingMode, 30),
        default=SellingMode.selling_by_ownself,
        server_default="selling_by_ownself",
    )

    @property
    def can_sell(self) -> bool:
        """core §6: profile registration and the payment account are done, and no account limit stops
        payments."""
        return (
            self.registration_done and self.payment_account_done and self.account_limit not in STOPS_PAYMENTS
        )


class AuthToken(Base):
    """One-time tokens mailed to the user: confirmation, password reset, magic link, a change of e-mail address
    (hash stored; a change keeps the address it confirms)."""

    __tablename__ = "auth_tokens"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    token_hash: Mapped[str] = mapped_column(String(TOKEN_HASH_LEN), unique=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    new_email: Mapped[str | None] = mapped_column(String(EMAIL_MAX))


class RefreshToken(Base):
    """A refresh token bound to the browser fingerprint it was issued to; rotated on every renewal. Every token
    rotated from one sign-in shares its `family`, so a replayed (already rotated) token revokes them all."""

    __tablename__ = "refresh_tokens"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(TOKEN_HASH_LEN), unique=True)
    fingerprint: Mapped[str] = mapped_column(String(FINGERPRINT_MAX))
    family: Mapped[str] = mapped_column(String(TOKEN_HASH_LEN), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class AccountDeletion(Timestamps, Base):
    """One seller's deletion or deactivation request (the `account-deletion-{seller id}` workflow's business
    key: one row per seller, reused by a later request after a cancel or a reactivation)."""

    __tablename__ = "account_deletions"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="RESTRICT"), unique=True)
    flow_kind: Mapped[FlowKind] = mapped_column(StrEnumText(FlowKind, 20))
    reasons: Mapped[list[str]] = mapped_column(JSONB, default=list)
    reason_text: Mapped[str | None] = mapped_column(String(REASON_TEXT_MAX))
    subscriptions: Mapped[SubscriptionChoice] = mapped_column(StrEnumText(SubscriptionChoice, 30))
    ending_tokens: Mapped[list[str]] = mapped_column(JSONB, default=list)
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    canceled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    completed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # the plan the seller had before the deletion plans (restored on cancel or reactivation)
    previous_plan_id: Mapped[int | None] = mapped_column(BigInteger)
    # the products the request took off the shop (published again on cancel or reactivation, those still off)
    paused_product_ids: Mapped[list[int]] = mapped_column(JSONB, default=list)
    retention_until: Mapped[date | None] = mapped_column(Date)


class SavedView(Base):
    """A list's view saved under a name by a seller: its URL query (filters, search, sort, page size)."""

    __tablename__ = "saved_views"
    __table_args__ = (UniqueConstraint("seller_id", "list_key", "name"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    list_key: Mapped[SavedList] = mapped_column(StrEnumText(SavedList, 40))
    name: Mapped[str] = mapped_column(String(SAVED_VIEW_NAME_MAX))
    query: Mapped[str] = mapped_column(String(SAVED_VIEW_QUERY_MAX))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class ResellerRequest(Timestamps, Base):
    """A seller's request to sell through the platform as reseller, and the manager's decision on it."""

    __tablename__ = "reseller_requests"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    state: Mapped[ResellerRequestState] = mapped_column(StrEnumText(ResellerRequestState, 20))
    message: Mapped[str] = mapped_column(String(MESSAGE_MAX), default="")
    reason: Mapped[str | None] = mapped_column(String(REASON_MAX))
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
