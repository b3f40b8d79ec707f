"""A shop's tickets as their holders and the door meet them: by the code as typed or printed."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from domain.catalog.events import PaymentTicketState, typed_code
from domain.errors import DomainError, ErrorCode
from store.accounts.queries import display_name, seller_user_of
from store.catalog.models import Product
from store.catalog.queries import product_row
from store.catalog.tickets import HeldTicket, held_ticket_by_code
from store.courses.queries import seller_by_username


async def shop_ticket(s: AsyncSession, username: str, code: str, lock: bool = False) -> HeldTicket:
    """A shop's ticket by its code as typed or printed; not found for a code of another shop or no code at all."""
    stored = typed_code(code)
    if stored is None:
        raise DomainError(ErrorCode.NOT_FOUND, "No ticket has this code.")
    seller = await seller_by_username(s, username)
    return await held_ticket_by_code(s, seller.id, stored, lock=lock)


@dataclass(frozen=True)
class ShownTicket:
    """A ticket as its page and PDF show it: the stored code, the ticket held, its event and who sells it."""

    code: str
    held: HeldTicket
    product: Product | None
    seller_name: str


async def ticket_shown(s: AsyncSession, username: str, code: str, *, printable: bool = False) -> ShownTicket:
    """The shop's ticket with its event and seller; `printable`: 409 for a refunded or invalidated ticket, which
    lets no one in."""
    h = await shop_ticket(s, username, code)
    if printable and h.state in (PaymentTicketState.refunded, PaymentTicketState.invalidated):
        raise DomainError(ErrorCode.CONFLICT, "This ticket lets no one in.", reason=f"ticket_{h.state.value}")
    product = await product_row(s, h.payment.product_id)
    seller_user = await seller_user_of(s, h.order.seller_id)
    name = (display_name(seller_user) if seller_user else None) or username
    return ShownTicket(h.payment.code, h, product, name)
