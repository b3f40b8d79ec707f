"""A shop's tickets as their holders and the door meet them: by the code as typed or printed."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.events import typed_code
from domain.errors import DomainError, ErrorCode
from store.catalog.tickets import HeldTicket, held_ticket_by_code
from store.courses.queries import seller_by_username


async def shop_ticket(s: AsyncSession, username: str, code: str, lock: bool = False) -> HeldTicket:
    """A shop's ticket by its code as typed or printed; not found for a code of another shop or no code at all."""
    stored = typed_code(code)
    if stored is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No ticket has this code.")
    seller = await seller_by_username(s, username)
    return await held_ticket_by_code(s, seller.id, stored, lock=lock)
