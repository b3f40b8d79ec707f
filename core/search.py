"""The search attributes every Sellflow workflow carries from its start, so the operations view finds any workflow
of an order, a seller or a payee (Temporal's visibility, not guessing id prefixes). A child workflow (Subscription,
Claim) carries its parent's.

Registered on the local dev server by the stack (`--search-attribute`); on a cluster or Temporal Cloud once per
namespace: `temporal operator search-attribute create --name SellflowSellerId --type Int` (and the others below)."""

from __future__ import annotations

from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

SELLER_ID = SearchAttributeKey.for_int("SellflowSellerId")
ORDER_TOKEN = SearchAttributeKey.for_keyword("SellflowOrderToken")
PAYEE = SearchAttributeKey.for_keyword("SellflowPayee")  # "{payee type}-{payee id}", e.g. seller-12
KEYS = (SELLER_ID, ORDER_TOKEN, PAYEE)
_TYPES = {SELLER_ID: "Int", ORDER_TOKEN: "Keyword", PAYEE: "Keyword"}


def dev_server_args() -> list[str]:
    """`temporal server start-dev` flags that register them."""
    args: list[str] = []
    for key in KEYS:
        args += ["--search-attribute", f"{key.name}={_TYPES[key]}"]
    return args


def attributes(
    *, seller_id: int | None = None, order_token: str | None = None, payee: str | None = None
) -> TypedSearchAttributes:
    pairs: list[SearchAttributePair] = []  # type: ignore[type-arg]
    if seller_id is not None:
        pairs.append(SearchAttributePair(SELLER_ID, seller_id))
    if order_token is not None:
        pairs.append(SearchAttributePair(ORDER_TOKEN, order_token))
    if payee is not None:
        pairs.append(SearchAttributePair(PAYEE, payee))
    return TypedSearchAttributes(pairs)
