"""`/v1/cabinet/payment_settings`: the seller's payment methods per payment type (core §9 method matrix; the
cabinet page `/cabinet/settings/payment_settings`). Scoped to the caller's seller."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from api.deps import DB, CurrentSeller
from domain.orders.orders import PaymentMethod, PaymentType
from domain.payments.gateways import GATEWAYS
from store.orders.bank_wire import payment_matrix, payment_matrix_saved

router = APIRouter()


class MethodOut(BaseModel):
    method: PaymentMethod
    payment_types: list[PaymentType]  # the payment types it can pay
    currencies: list[str] | None  # None: every currency


class PaymentSettingsOut(BaseModel):
    matrix: dict[PaymentType, list[PaymentMethod]]
    methods: list[MethodOut]


class PaymentSettingsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    matrix: dict[PaymentType, Annotated[list[PaymentMethod], Field(max_length=len(PaymentMethod))]]


def _out(matrix: dict[str, list[str]]) -> PaymentSettingsOut:
    return PaymentSettingsOut(
        matrix={PaymentType(k): [PaymentMethod(m) for m in v] for k, v in matrix.items()},
        methods=[
            MethodOut(method=g.method, payment_types=sorted(g.types), currencies=_sorted(g.currencies))
            for g in GATEWAYS.values()
        ],
    )


def _sorted(values: frozenset[str] | None) -> list[str] | None:
    return sorted(values) if values is not None else None


@router.get("/payment_settings", response_model=PaymentSettingsOut)
async def get_payment_settings(seller: CurrentSeller, s: DB) -> PaymentSettingsOut:
    return _out(await payment_matrix(s, seller.id))


@router.put("/payment_settings", response_model=PaymentSettingsOut)
async def save_payment_settings(body: PaymentSettingsIn, seller: CurrentSeller, s: DB) -> PaymentSettingsOut:
    """The methods buyers may choose, per payment type (a type left out keeps its methods). 400 when a type would
    have no method or a method is set on a type it cannot pay (a bank transfer pays one payment in euros)."""
    matrix = {k.value: [m.value for m in v] for k, v in body.matrix.items()}
    return _out(await payment_matrix_saved(s, seller.id, matrix))
