"""The month close's one side effect: issue a page of sellers' platform invoices (idempotent per seller and
month)."""

from __future__ import annotations

from temporalio import activity

from domain.billing.platform_invoices import PAGE, IssuedPage, IssuePage
from store.db import session
from store.ledger.platform_invoices import platform_invoices_issued


class PlatformInvoiceActivities:
    @activity.defn
    async def issue_platform_invoices(self, page: IssuePage) -> IssuedPage:
        async with session() as s:
            return await platform_invoices_issued(s, page.period, page.after_seller_id, PAGE)
