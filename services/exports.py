"""A seller's bookkeeping export of a month (CSV and DATEV), made by its Export workflow."""

from __future__ import annotations

from datetime import UTC, datetime

from temporalio.client import Client

from domain.ledger.bookkeeping import ExportRequest, month_asked
from handles.exports import export_started


async def export_asked(client: Client, seller_id: int, period: str) -> str:
    """The month's export (YYYY-MM, not one to come) started: its workflow id."""
    month_asked(period, datetime.now(UTC).date(), ended=False)
    return await export_started(
        client, ExportRequest(seller_id=seller_id, period=period, created_at=datetime.now(UTC).isoformat())
    )
