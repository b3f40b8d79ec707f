"""The sellers' income summaries (day, week, month): written as notifications from the successful sales of each
period, one per seller and summary (`noticed`), a page of sellers at a time. Here, beside the sales they read; the
notifications they write are the layer below."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.notifications import SUMMARY_PAGE, summaries_due, summary_key
from domain.orders.orders import PaymentLogState, TransferForm
from store.notifications.actions import noticed
from store.orders.models import Transfer


def _start(d: date) -> datetime:
    return datetime.combine(d, time(), UTC)


def _sales(first: date, after: date) -> ColumnElement[bool]:
    """The successful sales from the start of day `first` to the start of day `after`."""
    return and_(
        Transfer.form == TransferForm.sale,
        Transfer.state == PaymentLogState.successful,
        Transfer.created_at >= _start(first),
        Transfer.created_at < _start(after),
    )


async def summaries_written(s: AsyncSession, day: date, after_seller_id: int) -> tuple[int, int | None]:
    """The income summaries the close of `day` is due for (summaries_due), for the next page of sellers who sold
    in the widest of them after `after_seller_id`: one notification per seller and summary, once each. How many
    were written, and the last seller of the page (None: the page was the last)."""
    due = summaries_due(day)
    sales = _sales(min(first for _, first, _ in due), due[0][2])
    sellers = list(
        (
            await s.execute(
                select(Transfer.seller_id)
                .where(sales, Transfer.seller_id > after_seller_id)
                .group_by(Transfer.seller_id)
                .order_by(Transfer.seller_id)
                .limit(SUMMARY_PAGE)
            )
        ).scalars()
    )
    if not sellers:
        return 0, None
    written = 0
    for t, first, after in due:
        figures: dict[int, list[dict[str, Any]]] = defaultdict(list)
        rows = await s.execute(
            select(Transfer.seller_id, Transfer.currency, func.count(), func.sum(Transfer.amount))
            .where(_sales(first, after), Transfer.seller_id.in_(sellers))
            .group_by(Transfer.seller_id, Transfer.currency)
            .order_by(Transfer.seller_id, Transfer.currency)
        )
        for seller_id, currency, count, amount in rows:
            figures[seller_id].append({"currency": currency, "count": int(count), "amount": int(amount)})
        for seller_id, sold in figures.items():
            data = {"first": first.isoformat(), "last": day.isoformat(), "sales": sold}
            await noticed(s, seller_id, t, summary_key(seller_id, first), data)
            written += 1
    return written, sellers[-1] if len(sellers) == SUMMARY_PAGE else None
