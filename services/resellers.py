"""A seller's request to sell through the platform as reseller, as a manager decides it (issue 23)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import invalid
from store.accounts.models import ResellerRequest, User
from store.accounts.resellers import request_decided


async def request_ruled(
    s: AsyncSession, manager: User, request_id: int, *, approve: bool, reason: str | None
) -> ResellerRequest:
    """Approved or rejected while it waits (409 once decided or cancelled); a rejection says why (400)."""
    if not approve and not reason:
        raise invalid(reason="a rejection says why")
    return await request_decided(s, manager, request_id, approve=approve, reason=reason)
