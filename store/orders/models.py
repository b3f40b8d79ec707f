"""Orders and the money rows around them. Money rows are append-only and carry a unique
idempotency key built from the order token, so a retried activity finds its row instead of adding one."""

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.catalog.addons import AddonKind
from domain.limits import (
    COUNTRY_CODE_LEN,
    CURRENCY_LEN,
    EMAIL_MAX,
    IDEMPOTENCY_KEY_MAX,
    LOCALE_MAX,
    ORDER_TOKEN_MAX,
    PERSON_NAME_MAX,
    PLAN_NAME_MAX,
    PRODUCT_NAME_MAX,
    PROFILE_TEXT_MAX,
    PROVIDER_ID_MAX,
    STREET_NUMBER_MAX,
    VAT_ID_MAX,
    ZIP_MAX,
)
from domain.orders.leitweg import LEITWEG_ID_MAX
from domain.orders.orders import (
    InvoiceForm,
    InvoiceState,
    LogType,
    OrderType,
    PaymentLogState,
    PaymentMethod,
    PaymentProvider,
    PaymentState,
    PaymentType,
    TransferForm,
)
from store.base import Base, StrEnumText, Timestamps


class PayerCustomer(Timestamps, Base):
    """The buyer's customer at the payment provider, one per email."""

    __tablename__ = "payer_customers"
    email: Mapped[str] = mapped_column(String(EMAIL_MAX), primary_key=True)
    provider_customer_id: Mapped[str] = mapped_column(String(PROVIDER_ID_MAX))


class Order(Timestamps, Base):
    __tablename__ = "orders"
    __table_args__ = (
        Index("ix_orders_seller_created", "seller_id", text("created_at DESC"), text("id DESC")),
        Index("ix_orders_seller_state_created", "seller_id", "payment_state", text("created_at DESC")),
        Index("ix_orders_seller_email", "seller_id", text("lower(payer_email) text_pattern_ops")),
        Index("ix_orders_seller_first_name", "seller_id", text("lower(payer_first_name) text_pattern_ops")),
        Index("ix_orders_seller_last_name", "seller_id", text("lower(payer_last_name) text_pattern_ops")),
        Index("ix_orders_seller_product_name", "seller_id", text("lower(product_name) text_pattern_ops")),
        # one index per sortable column of the orders list, ending in the id tiebreak, so that every sort
        # reads one page of an index instead of sorting the seller's orders (bench/orders_list.py)
        Index("ix_orders_seller_total_id", "seller_id", "total", "id"),
        Index("ix_orders_seller_state_id", "seller_id", "payment_state", "id"),
        Index("ix_orders_seller_form_id", "seller_id", "payment_form", "id"),
        Index("ix_orders_seller_period_id", "seller_id", "period_type", "id"),
        Index("ix_orders_seller_plan_id", "seller_id", "pricing_plan_name", "id"),
        Index("ix_orders_parent", "parent_order_id", postgresql_where=text("parent_order_id IS NOT NULL")),
        Index(
            "uq_orders_opened_by", "opened_by", unique=True, postgresql_where=text("opened_by IS NOT NULL")
        ),
        Index(
            "uq_orders_one_paid_upgrade",
            "parent_order_id",
            unique=True,
            postgresql_where=text("order_type = 'upgrade' AND payment_state IN ('paid', 'paying')"),
        ),
        Index(
            "uq_orders_bump_once",
            "parent_order_id",
            "product_id",
            unique=True,
            postgresql_where=text("order_type = 'bump'"),
        ),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    token: Mapped[str] = mapped_column(String(ORDER_TOKEN_MAX), unique=True)
    # the digest of the Idempotency-Key of the request that opened the checkout (api/routes/shop/checkout.py): that
    # request run again (its API process died before answering) finds this order rather than making another
    opened_by: Mapped[str | None] = mapped_column(String(64))
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id"), index=True)
    product_name: Mapped[str] = mapped_column(String(PRODUCT_NAME_MAX))
    pricing_plan_id: Mapped[int] = mapped_column(ForeignKey("pricing_plans.id"))
    pricing_plan_name: Mapped[str] = mapped_column(String(PLAN_NAME_MAX))
    payment_state: Mapped[PaymentState] = mapped_column(
        StrEnumText(PaymentState, 30), default=PaymentState.payment_waiting
    )
    payment_form: Mapped[PaymentMethod] = mapped_column(
        StrEnumText(PaymentMethod, 30), default=PaymentMethod.card
    )
    period_type: Mapped[PaymentType] = mapped_column(
        StrEnumText(PaymentType, 30), default=PaymentType.one_time
    )
    total: Mapped[int] = mapped_column(BigInteger)
    paid: Mapped[int] = mapped_column(BigInteger, default=0)
    currency_key: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    payer_email: Mapped[str] = mapped_column(String(EMAIL_MAX))
    payer_first_name: Mapped[str] = mapped_column(String(PERSON_NAME_MAX), default="")
    payer_last_name: Mapped[str] = mapped_column(String(PERSON_NAME_MAX), default="")
    payer_country: Mapped[str | None] = mapped_column(String(COUNTRY_CODE_LEN))
    # what the buyer's invoice needs (core §3 payer profile); a VAT id only with a company (a business buyer)
    payer_company: Mapped[str | None] = mapped_column(String(PROFILE_TEXT_MAX))
    payer_vat_id: Mapped[str | None] = mapped_column(String(VAT_ID_MAX))
    payer_leitweg_id: Mapped[str | None] = mapped_column(String(LEITWEG_ID_MAX))  # a public buyer's XRechnung
    # the payer asked for erasure (GDPR Art. 17): pseudonymised; the invoices keep the buyer until their retention
    payer_erased_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    payer_street: Mapped[str | None] = mapped_column(String(PROFILE_TEXT_MAX))
    payer_street_number: Mapped[str | None] = mapped_column(String(STREET_NUMBER_MAX))
    payer_zip: Mapped[str | None] = mapped_column(String(ZIP_MAX))
    payer_city: Mapped[str | None] = mapped_column(String(PROFILE_TEXT_MAX))
    payer_locale: Mapped[str] = mapped_column(String(LOCALE_MAX), default="en", server_default="en")
    provider_customer_id: Mapped[str | None] = mapped_column(String(PROVIDER_ID_MAX))
    setup_intent_id: Mapped[str | None] = mapped_column(String(PROVIDER_ID_MAX))
    # the card PaymentIntent made when the checkout opened (an order charged today): attempt 1 confirms it
    prepared_intent_id: Mapped[str | None] = mapped_column(String(PROVIDER_ID_MAX))
    # whether the first rate falls due later (a test period, a start day), decided once when the checkout opened
    defers_first_rate: Mapped[bool | None] = mapped_column(Boolean)
    # SetupIntents made for this order: another card on the same checkout page gets a new one (key `…-setup-{n}`)
    setup_attempts: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    paid_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # a recurring order: the plan's terms as bought (a later change of the plan never alters them), and the
    # payment method its rates are charged to (saved at checkout, changed on the payer's manage page)
    terms: Mapped[dict | None] = mapped_column(JSONB)
    renewal_payment_method: Mapped[str | None] = mapped_column(String(PROVIDER_ID_MAX))
    # "YYYY-MM" the saved card expires (looked up by the Subscription workflow; reset when the card changes)
    renewal_card_expires: Mapped[str | None] = mapped_column(String(7))
    # what the payer recognises the saved card by (shown on the manage page)
    renewal_card_brand: Mapped[str | None] = mapped_column(String(20))
    renewal_card_last4: Mapped[str | None] = mapped_column(String(4))
    # a recurring order whose first rate falls due later (test period, custom start day): the day its
    # schedule counts from, set when the checkout saved the card without charging
    started_on: Mapped[date | None] = mapped_column(Date)
    opt_in_answers: Mapped[dict | None] = mapped_column(JSONB)  # the buyer's answers to the product's opt-ins
    # the consent to begin the delivery before the withdrawal period ends: the words ticked, and when
    withdrawal_consent_text: Mapped[str | None] = mapped_column(Text)
    withdrawal_consent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # core §3 order types: an upgrade replaces the ticket of its parent order for the difference in price
    order_type: Mapped[OrderType] = mapped_column(
        StrEnumText(OrderType, 20), default=OrderType.standard, server_default="standard"
    )
    parent_order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id"))
    # an order of type bump: which offer it was (domain.addons.AddonKind: bump, upsell, downsell)
    upsell_type: Mapped[AddonKind | None] = mapped_column(StrEnumText(AddonKind, 20))
    # a coupon (editor §3): its code, what it took off the first payment, and when this order took one of its uses
    coupon_id: Mapped[int | None] = mapped_column(ForeignKey("coupons.id", ondelete="SET NULL"))
    coupon_code: Mapped[str | None] = mapped_column(String(40))
    discount: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    coupon_held_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # paid by bank wire: the day the transfer must arrive by (the Checkout workflow lapses the order then)
    wire_due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # a recurring order's terms before its coupon: a rate's invoice names what the coupon took off that rate
    list_terms: Mapped[dict | None] = mapped_column(JSONB)
    # a purchase through a publisher's link: what its payments earn whom (domain.affiliates.Attribution, fixed at
    # purchase), and the publisher whose link it was (the publisher area lists their orders by it)
    affiliate: Mapped[dict | None] = mapped_column(JSONB)
    affiliate_publisher_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    # a purchase through a sales team member's link: who, and their fee (domain.teams.SalesTeamCredit, fixed at
    # purchase)
    sales_team: Mapped[dict | None] = mapped_column(JSONB)
    sales_team_user_id: Mapped[int | None] = mapped_column(BigInteger, index=True)
    # sold by the platform as reseller in its own name (the seller's selling mode when it was bought)
    via_reseller: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")

    @property
    def payer_name(self) -> str:
        """The buyer's first and last name as one ('' when they gave none)."""
        return f"{self.payer_first_name} {self.payer_last_name}".strip()


class PaymentIntentRecord(Timestamps, Base):
    """The order's PaymentIntent, recorded before it is confirmed; one per (order, attempt)."""

    __tablename__ = "payment_intents"
    __table_args__ = (UniqueConstraint("order_id", "attempt"),)
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    attempt: Mapped[int] = mapped_column(Integer)
    provider_ref: Mapped[str] = mapped_column(String(PROVIDER_ID_MAX), unique=True)
    idempotency_key: Mapped[str] = mapped_column(String(120), unique=True)
    payment_method: Mapped[str] = mapped_column(String(PROVIDER_ID_MAX))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    status: Mapped[str] = mapped_column(String(40))


class Payment(Base):
    """The payment log (core §3 'Payment log': type, state, provider)."""

    __tablename__ = "payments"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    type: Mapped[LogType] = mapped_column(StrEnumText(LogType, 20))
    state: Mapped[PaymentLogState] = mapped_column(StrEnumText(PaymentLogState, 20))
    provider: Mapped[PaymentProvider] = mapped_column(StrEnumText(PaymentProvider, 30))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    provider_ref: Mapped[str | None] = mapped_column(String(PROVIDER_ID_MAX))
    message: Mapped[str | None] = mapped_column(Text)
    idempotency_key: Mapped[str] = mapped_column(String(IDEMPOTENCY_KEY_MAX), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class Invoice(Base):
    __tablename__ = "invoices"
    __table_args__ = (
        UniqueConstraint("seller_id", "number"),
        # one regular invoice per order rate; each refund adds one reversal (credit memo) referencing it
        Index(
            "uq_invoices_regular_order_rate",
            "order_id",
            "rate",
            unique=True,
            postgresql_where=text("form = 'regular'"),
        ),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    refund_id: Mapped[int | None] = mapped_column(BigInteger, unique=True)  # FK refunds.id (migration 0007)
    original_id: Mapped[int | None] = mapped_column(BigInteger)  # FK invoices.id: what a reversal reverses
    number: Mapped[int] = mapped_column(Integer)
    form: Mapped[InvoiceForm] = mapped_column(StrEnumText(InvoiceForm, 20), default=InvoiceForm.regular)
    state: Mapped[InvoiceState] = mapped_column(StrEnumText(InvoiceState, 20))
    total: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    issued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
    rate: Mapped[int] = mapped_column(Integer, default=1, server_default="1")  # the order rate it bills
    # what the invoice says, frozen at finalisation (domain.invoices.InvoiceSnapshot)
    document: Mapped[dict | None] = mapped_column(JSONB)


class Transfer(Base):
    """A seller balance entry. A paid order books one ``sale`` transfer (idempotency key per order)."""

    __tablename__ = "transfers"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"), index=True)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), index=True)
    form: Mapped[TransferForm] = mapped_column(StrEnumText(TransferForm, 20))
    state: Mapped[PaymentLogState] = mapped_column(StrEnumText(PaymentLogState, 20))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(CURRENCY_LEN))
    idempotency_key: Mapped[str] = mapped_column(String(IDEMPOTENCY_KEY_MAX), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class Access(Base):
    """The payer's access to what they bought: a download link valid for that order only."""

    __tablename__ = "accesses"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), unique=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    revoked_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True)
    )  # a full refund or chargeback
    suspended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))  # a rate in debt
    file_id: Mapped[int | None] = mapped_column(ForeignKey("files.id", ondelete="SET NULL"))
    download_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class BankIncoming(Base):
    """A transfer the bank reported (its signed callback), once per bank event: matched to the order its
    reference names, or `unmatched` (no such order, or it arrived after the order lapsed) for the seller or the
    platform to pay back."""

    __tablename__ = "bank_incoming"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    event_id: Mapped[str] = mapped_column(String(100), unique=True)
    reference: Mapped[str] = mapped_column(String(140))
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    payer_name: Mapped[str | None] = mapped_column(String(140))
    payer_iban: Mapped[str | None] = mapped_column(String(34))  # where a refund of it is sent
    order_id: Mapped[int | None] = mapped_column(ForeignKey("orders.id", ondelete="SET NULL"), index=True)
    state: Mapped[str] = mapped_column(String(20))
    # of a matched transfer, the part that paid nothing and is owed back to its payer (above the amount owed, in
    # another currency, or after the order was paid); an unmatched one is owed back whole
    returned_amount: Mapped[int] = mapped_column(BigInteger, server_default=text("0"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))


class SepaMandate(Base):
    """A buyer's SEPA Direct Debit mandate, accepted on the checkout page (one per order): the account debited,
    its holder, and when, from where and in which browser the buyer agreed (what the mandate's proof needs)."""

    __tablename__ = "sepa_mandates"
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"), unique=True)
    reference: Mapped[str] = mapped_column(String(35))
    holder: Mapped[str] = mapped_column(String(70))
    iban_country: Mapped[str] = mapped_column(String(2))
    iban_last4: Mapped[str] = mapped_column(String(4))
    iban_sha256: Mapped[str] = mapped_column(
        String(64)
    )  # the same account entered again finds its payment method
    payment_method: Mapped[str] = mapped_column(String(100))  # the provider's sepa_debit payment method
    ip_address: Mapped[str] = mapped_column(String(64))
    user_agent: Mapped[str] = mapped_column(String(400))
    accepted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=text("now()"))
