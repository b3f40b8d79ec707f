"""A seller's list and its CSV, the two routes every cabinet list has: one page (validated once, `listed`) and
every page of what it shows as one CSV (`csv_answer`), both scoped to the caller's seller."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import DB, CurrentSeller
from api.listing import CSV_ANSWER, csv_answer, list_openapi, list_params, listed
from domain.listing import ListParams
from store.accounts.models import Seller
from store.listing import ListSpec

Fetch = Callable[[AsyncSession, Seller, ListParams], Awaitable[tuple[Sequence[Any], int]]]


@dataclass(frozen=True)
class SellerList:
    path: str  # "/invoices": the page there, the CSV at "/invoices/csv"
    name: str  # "invoices": the routes `list_invoices` and `invoices_csv`, the file `invoices.csv`
    answer: type[BaseModel]  # the page: {"list": [...], "total_count": n}
    row: type[BaseModel]  # one row: the CSV's columns
    spec: ListSpec
    filters: dict[str, Any]
    fetch: Fetch  # (session, the caller's seller, params) → the rows of the page and the count
    csv_doc: str
    money: tuple[str, ...] = ()  # the amounts the CSV writes in major units
    currency: str = "currency"


def add_seller_list(router: APIRouter, it: SellerList) -> None:
    async def page(request: Request, seller: CurrentSeller, s: DB) -> Response:
        rows, total = await it.fetch(s, seller, list_params(request))
        return listed(it.answer, rows, total)

    async def every_page(request: Request, seller: CurrentSeller, s: DB) -> Response:
        return await csv_answer(
            lambda p: it.fetch(s, seller, p),
            list_params(request),
            it.row,
            f"{it.name}.csv",
            money=it.money,
            currency=it.currency,
        )

    extra = list_openapi(it.spec, it.filters)
    router.add_api_route(
        it.path, page, methods=["GET"], response_model=it.answer, openapi_extra=extra, name=f"list_{it.name}"
    )
    router.add_api_route(
        f"{it.path}/csv",
        every_page,
        methods=["GET"],
        response_class=Response,
        openapi_extra=extra,
        responses=CSV_ANSWER,
        name=f"{it.name}_csv",
        description=it.csv_doc,
    )
