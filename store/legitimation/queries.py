"""Reads of the seller profile, bank accounts, documents and the legitimation projection."""

from __future__ import annotations

import hashlib
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.legitimation.legitimation import (
    ACTIVE_BANK_STATES,
    LegitimationStep,
    Missing,
    ProfileFacts,
    collection,
)
from domain.legitimation.seller_profile import (
    BeneficialOwner,
    SellerProfile,
    provider_errors,
    required_errors,
    verified_data_hash,
)
from store.accounts.models import Seller
from store.legitimation.models import (
    BankAccount,
    KycDocument,
    Legitimation,
    LegitimationEvent,
    SellerProfileRow,
)

PROFILE_FIELDS = tuple(f for f in SellerProfile.__dataclass_fields__ if f != "beneficial_owners")


def _owner(d: dict[str, Any]) -> BeneficialOwner:
    b = d.get("birthday")
    return BeneficialOwner(
        first_name=d.get("first_name"),
        last_name=d.get("last_name"),
        birthday=date.fromisoformat(b) if isinstance(b, str) and b else None,
        birthplace_city=d.get("birthplace_city"),
        birthplace_country=d.get("birthplace_country"),
        nationality=d.get("nationality"),
    )


def profile_data(row: SellerProfileRow | None) -> SellerProfile:
    if row is None:
        return SellerProfile()
    return SellerProfile(
        **{f: getattr(row, f) for f in PROFILE_FIELDS},
        beneficial_owners=tuple(_owner(o) for o in row.beneficial_owners or []),
    )


async def profile_row_of(s: AsyncSession, seller_id: int) -> SellerProfileRow | None:
    return (
        await s.execute(select(SellerProfileRow).where(SellerProfileRow.seller_id == seller_id))
    ).scalar_one_or_none()


async def bank_accounts_of(s: AsyncSession, seller_id: int) -> list[BankAccount]:
    q = select(BankAccount).where(BankAccount.seller_id == seller_id).order_by(BankAccount.id)
    return list((await s.execute(q)).scalars())


async def bank_account_of(s: AsyncSession, seller_id: int, account_id: int) -> BankAccount | None:
    q = select(BankAccount).where(BankAccount.seller_id == seller_id, BankAccount.id == account_id)
    return (await s.execute(q)).scalar_one_or_none()


async def documents_of(s: AsyncSession, seller_id: int) -> list[KycDocument]:
    q = select(KycDocument).where(KycDocument.seller_id == seller_id).order_by(KycDocument.id)
    return list((await s.execute(q)).scalars())


async def any_document(s: AsyncSession, document_id: int) -> KycDocument | None:
    """A KYC document by its id, whoever's it is: for the managers who review them."""
    return await s.get(KycDocument, document_id)


async def document_of(s: AsyncSession, seller_id: int, document_id: int) -> KycDocument | None:
    q = select(KycDocument).where(KycDocument.seller_id == seller_id, KycDocument.id == document_id)
    return (await s.execute(q)).scalar_one_or_none()


async def legitimation_of(s: AsyncSession, seller_id: int) -> Legitimation | None:
    q = select(Legitimation).where(Legitimation.seller_id == seller_id)
    return (await s.execute(q)).scalar_one_or_none()


async def events_of(s: AsyncSession, seller_id: int) -> list[LegitimationEvent]:
    q = (
        select(LegitimationEvent)
        .where(LegitimationEvent.seller_id == seller_id)
        .order_by(LegitimationEvent.seq)
    )
    return list((await s.execute(q)).scalars())


async def profile_facts(
    s: AsyncSession, seller: Seller, profile: SellerProfile
) -> tuple[ProfileFacts, list[Missing], dict[str, str]]:
    """What the workflow learns of a saved profile, what is still missing for selling, and the field messages
    (required fields of core §5 and the provider's address list)."""
    required = required_errors(profile, verification_needed=seller.verification_required)
    provider = provider_errors(profile) if seller.verification_required else {}
    docs = {d.type for d in await documents_of(s, seller.id)}
    banks = await bank_accounts_of(s, seller.id)
    step, missing = collection(
        business_type=profile.business_type,
        profile_missing=bool(required),
        provider_missing=set(provider),
        documents=docs,
        verification_needed=seller.verification_required,
        has_bank_account=bool(banks),
    )
    # the bank accounts are verified data too: a new one after legitimation goes through review
    ibans = ",".join(sorted(f"{b.kind.value}:{b.iban}" for b in banks))
    facts = ProfileFacts(
        business_type=profile.business_type,
        step=step,
        complete=not missing,
        data_hash=hashlib.sha256(f"{verified_data_hash(profile)}|{ibans}".encode()).hexdigest(),
    )
    return facts, missing, {**provider, **required}


def selling_missing(seller: Seller, leg: Legitimation | None, missing: list[Missing]) -> list[Missing]:
    """Everything that stops the seller from selling, in the order the seller deals with it."""
    out = list(missing)
    if leg is not None and leg.step == LegitimationStep.rejected:
        return [Missing.rejected]
    if leg is not None and leg.step == LegitimationStep.change:
        out.append(Missing.changes)
    elif not missing and not seller.payment_account_done:
        reviewing = leg is not None and leg.step in (
            LegitimationStep.requested,
            LegitimationStep.in_review,
            LegitimationStep.registered,
        )
        out.append(Missing.review if reviewing else Missing.submission)
    if seller.payment_account_done and not seller.can_sell and not out:
        out.append(Missing.limited)
    return out


def has_active_bank_account(banks: list[BankAccount]) -> bool:
    return any(b.state in ACTIVE_BANK_STATES for b in banks)
