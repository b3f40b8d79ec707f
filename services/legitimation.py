"""A seller's (or payee's) legitimation from their side: what they save is recomputed into the facts their
Legitimation workflow decides on, and the workflow is told (started by the first saved profile)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from domain.errors import DomainError, ErrorCode
from domain.legitimation.legitimation import Missing
from handles import legitimation as flow
from store.accounts.actions import registration_recorded
from store.accounts.models import Seller
from store.legitimation.actions import document_removed
from store.legitimation.queries import document_of, profile_data, profile_facts, profile_row_of


async def informed(s: AsyncSession, client: Client, seller: Seller) -> None:
    """Recompute the facts and tell the workflow (starting it with the first saved profile). The profile must
    exist first: bank accounts or documents alone do not start a legitimation."""
    row = await profile_row_of(s, seller.id)
    if row is None:
        return
    facts, missing, _ = await profile_facts(s, seller, profile_data(row))
    registration_recorded(seller, Missing.profile not in missing)
    await s.flush()
    await flow.profile_saved(client, seller.id, facts)


async def document_deleted(s: AsyncSession, client: Client, seller: Seller, document_id: int) -> None:
    """One of the seller's documents removed (404 for none of theirs), and the workflow told."""
    doc = await document_of(s, seller.id, document_id)
    if doc is None:
        raise DomainError(ErrorCode.NOT_FOUND, "Document not found.")
    await document_removed(s, doc)
    await informed(s, client, seller)
