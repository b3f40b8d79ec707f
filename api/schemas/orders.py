"""Orders in the cabinet: the list row and one order's details."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from api.schemas.workflows import WorkflowOut
from domain.listing import ListAnswer
from domain.orders import (
    InvoiceState,
    LogType,
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


class OrderDetail(OrderRow):
    paid_at: datetime | None
    payments: list[PaymentLogOut]
    invoice: InvoiceOut | None
    transfer: TransferOut | None
    workflow: WorkflowOut | None
