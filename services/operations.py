"""What a manager runs by hand that the clocks run on their own: a past month closed (every seller's platform
invoice of it, once) and a closed day's income summaries written (once)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from temporalio.client import Client

from domain.errors import invalid
from domain.ledger.bookkeeping import month_asked
from handles.exports import month_closed
from handles.notifications import income_summaries_started


async def month_closed_now(client: Client, period: str) -> str:
    """The `month-close` of a month that has ended (YYYY-MM): its workflow id."""
    month_asked(period, datetime.now(UTC).date(), ended=True)
    return await month_closed(client, period)


async def summaries_written_now(client: Client, day: date) -> str:
    """The income summaries of a UTC day that has ended: its workflow id."""
    if day >= datetime.now(UTC).date() or day.year < 2000:
        raise invalid(day="must be a day that has ended")
    return await income_summaries_started(client, day.isoformat())
