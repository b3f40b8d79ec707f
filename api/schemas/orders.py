"""Orders in the cabinet: the list row and one order's details."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from domain.catalog.addons import AddonKind
from domain.ledger.ledger import EntryKind, PayeeType, RefundState
from domain.limits import AMOUNT_MAX, DECISION_REASON_MAX
from domain.listing import ListAnswer
from domain.ops import WorkflowOut
from domain.orders.orders import (
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


class OrderRow(BaseModel):
    token: str
    product_id: int
    product_name: str
    created_at: datetime
    payment_state: PaymentState
    payment_form: PaymentMethod
    period_type: PaymentType
    pricing_plan_name: str
    total: int
    paid: int
    currency_key: str
    payer_name: str
    payer_email: str
    order_type: OrderType = OrderType.standard  # core §3: standard, bundle, bump, upgrade
    # an order of type bump is the buyer's bump at checkout or an upsell accepted after it: which of the two
    upsell_type: AddonKind | None = None


class OrderList(ListAnswer[OrderRow]):
    """The generic list answer (core §7) of OrderRow."""


class PaymentLogOut(BaseModel):
    id: int
    type: LogType
    state: PaymentLogState
    provider: PaymentProvider
    amount: int
    currency: str
    provider_ref: str | None
    message: str | None
    created_at: datetime


class InvoiceOut(BaseModel):
    number: int
    state: InvoiceState
    total: int
    currency: str


class TransferOut(BaseModel):
    id: int
    amount: int
    currency: str
    state: PaymentLogState
    form: TransferForm


class MoneyTrailEntry(BaseModel):
    """One ledger entry of the order, for any payee (the seller sees where every cent of it went)."""

    payee_type: PayeeType
    kind: EntryKind
    amount: int
    currency: str
    created_at: datetime


class OrderDetail(OrderRow):
    paid_at: datetime | None
    payments: list[PaymentLogOut]
    invoice: InvoiceOut | None
    transfer: TransferOut | None
    workflow: WorkflowOut | None
    # the order's ledger entries (sale, fee, refunds, chargebacks; they sum to zero) and what is left to refund
    money_trail: list[MoneyTrailEntry] = []
    refunded: int = 0
    coupon_code: str | None = None  # the coupon the buyer used, and what it took off the first payment
    discount: int = 0
    # a bump, upsell or upgrade: the order it belongs to, and which offer it was; an order's own bumps and upsells
    parent_token: str | None = None
    upsell_type: AddonKind | None = None
    related: list[RelatedOrder] = []
    # core §3 team fields: the publisher whose link brought the order, the sales team member who sold it
    publisher_id: int | None = None
    sales_team_member: SalesTeamOnOrder | None = None


class SalesTeamOnOrder(BaseModel):
    id: int  # their user id
    name: str
    fee: int  # basis points, fixed when the order was bought


class RelatedOrder(BaseModel):
    token: str
    product_name: str
    order_type: OrderType
    upsell_type: AddonKind | None
    total: int
    currency_key: str
    payment_state: PaymentState


class RefundIn(BaseModel):
    """A refund of (part of) a paid order, in minor units, with the reason the payer reads."""

    model_config = ConfigDict(extra="forbid")
    amount: Annotated[int, Strict(), Field(ge=1, le=AMOUNT_MAX)]  # an integer: never true, 1.0 or "1"
    reason: Annotated[str, StringConstraints(min_length=1, max_length=DECISION_REASON_MAX)]


class RefundOut(BaseModel):
    number: int
    amount: int
    currency: str
    reason: str
    state: RefundState
    created_at: datetime


class RefundList(BaseModel):
    list: list[RefundOut]
    refundable: int  # what is paid and not refunded or reserved yet
