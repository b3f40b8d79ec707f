"""Writes: the seller profile, bank accounts and documents (by the seller), and the Legitimation workflow's
projection (by its `record` step only)."""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.errors import DomainError, ErrorCode
from domain.legitimation.legitimation import (
    ACTIVE_BANK_STATES,
    BankAccountState,
    BankAccountType,
    DocumentState,
    DocumentType,
    LegitimationRecord,
    LegitimationStatus,
    LegitimationStep,
)
from domain.legitimation.seller_profile import SellerProfile
from store.accounts.models import Seller
from store.legitimation.models import (
    BankAccount,
    KycDocument,
    Legitimation,
    LegitimationEvent,
    SellerProfileRow,
)
from store.legitimation.queries import PROFILE_FIELDS, profile_row_of


async def profile_saved(
    s: AsyncSession, seller_id: int, profile: SellerProfile, wizard_step: str | None
) -> SellerProfileRow:
    now = datetime.now(UTC)
    # two first saves at once: one inserts, the other finds the row (the unique seller_id decides)
    await s.execute(
        insert(SellerProfileRow)
        .values(seller_id=seller_id, beneficial_owners=[], created_at=now, updated_at=now)
        .on_conflict_do_nothing()
    )
    row = await profile_row_of(s, seller_id)
    if row is None:  # pragma: no cover - the insert above or a concurrent one made it
        raise DomainError(ErrorCode.CONFLICT, "The profile is being saved; try again.")
    for f in PROFILE_FIELDS:
        v = getattr(profile, f)
        setattr(row, f, v.strip() if isinstance(v, str) else v)
    row.beneficial_owners = [
        {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in asdict(o).items()}
        for o in profile.beneficial_owners
    ]
    if wizard_step is not None:
        row.wizard_step = wizard_step
    await s.flush()
    return row


async def bank_account_added(
    s: AsyncSession, seller_id: int, kind: BankAccountType, holder: str, iban: str, bic: str
) -> BankAccount:
    now = datetime.now(UTC)
    added = (
        await s.execute(
            insert(BankAccount)
            .values(
                seller_id=seller_id,
                kind=kind,
                holder=holder.strip(),
                iban=iban,
                bic=bic,
                state=BankAccountState.not_sent,
                created_at=now,
                updated_at=now,
            )
            .on_conflict_do_nothing()
            .returning(BankAccount.id)
        )
    ).scalar_one_or_none()
    if added is None:
        raise DomainError(ErrorCode.CONFLICT, "This bank account is already added.", {"iban": "exists"})
    return (await s.execute(select(BankAccount).where(BankAccount.id == added))).scalar_one()


async def bank_account_removed(s: AsyncSession, account: BankAccount) -> None:
    if account.state in ACTIVE_BANK_STATES or account.state == BankAccountState.waiting:
        raise DomainError(
            ErrorCode.CONFLICT,
            "A bank account under review or in use cannot be removed.",
            {"state": account.state.value},
        )
    await s.delete(account)


async def document_added(
    s: AsyncSession,
    seller_id: int,
    doc_type: DocumentType,
    *,
    storage_key: str,
    file_name: str,
    content_type: str,
    size: int,
    sha256: str,
) -> KycDocument:
    doc = KycDocument(
        seller_id=seller_id,
        type=doc_type,
        state=DocumentState.created,
        storage_key=storage_key,
        file_name=file_name,
        content_type=content_type,
        size=size,
        sha256=sha256,
    )
    s.add(doc)
    await s.flush()
    return doc


# ----- the workflow's projection -------------------------------------------------------------------------

_BANK_STATE_BY_STEP = {
    LegitimationStep.requested: (BankAccountState.not_sent, BankAccountState.waiting),
    LegitimationStep.legitimated: (BankAccountState.waiting, BankAccountState.activated),
    LegitimationStep.rejected: (BankAccountState.waiting, BankAccountState.rejected),
}
_DOC_STATE_BY_STEP = {
    LegitimationStep.requested: (DocumentState.created, DocumentState.sent),
    LegitimationStep.legitimated: (DocumentState.sent, DocumentState.validated),
    LegitimationStep.rejected: (DocumentState.sent, DocumentState.refused),
    LegitimationStep.change: (DocumentState.sent, DocumentState.not_accepted),
}


async def legitimation_recorded(s: AsyncSession, rec: LegitimationRecord) -> bool:
    """Applies one history entry of the workflow: the audit row (once per seq), the current state (only if newer),
    bank account and document states, and the seller's flags. Returns False for an entry already applied."""
    e = rec.entry
    new = (
        await s.execute(
            insert(LegitimationEvent)
            .values(
                seller_id=rec.seller_id,
                seq=rec.seq,
                at=e.at,
                actor=e.actor,
                action=e.action,
                step=e.step,
                reason=e.reason,
            )
            .on_conflict_do_nothing()
            .returning(LegitimationEvent.id)
        )
    ).scalar_one_or_none()
    if new is None:
        return False
    now = datetime.now(UTC)
    values = {
        "seq": rec.seq,
        "step": rec.step,
        "status": rec.status,
        "reviewing_status": rec.reviewing_status,
        "verification_level": rec.verification_level,
        "data_mismatch": rec.data_mismatch,
        "account_limit": rec.account_limit,
        "reason": rec.reason,
        "reference": rec.reference,
        "updated_at": now,
    }
    if rec.step == LegitimationStep.requested:
        values["submitted_at"] = e.at
    stmt = insert(Legitimation).values(seller_id=rec.seller_id, created_at=now, **values)
    await s.execute(
        stmt.on_conflict_do_update(
            index_elements=[Legitimation.seller_id], set_=values, where=Legitimation.seq < rec.seq
        )
    )
    if rec.step in _BANK_STATE_BY_STEP:
        before, after = _BANK_STATE_BY_STEP[rec.step]
        await s.execute(
            update(BankAccount)
            .where(BankAccount.seller_id == rec.seller_id, BankAccount.state == before)
            .values(state=after, updated_at=now)
        )
    if rec.step in _DOC_STATE_BY_STEP:
        before_doc, after_doc = _DOC_STATE_BY_STEP[rec.step]
        await s.execute(
            update(KycDocument)
            .where(KycDocument.seller_id == rec.seller_id, KycDocument.state == before_doc)
            .values(state=after_doc, updated_at=now)
        )
    active = (
        await s.execute(
            select(BankAccount.id).where(
                BankAccount.seller_id == rec.seller_id, BankAccount.state.in_(list(ACTIVE_BANK_STATES))
            )
        )
    ).first()
    await s.execute(
        update(Seller)
        .where(Seller.id == rec.seller_id)
        .values(
            payment_account_done=rec.status == LegitimationStatus.accepted and active is not None,
            account_limit=rec.account_limit,
        )
    )
    return True


async def document_removed(s: AsyncSession, doc: KycDocument) -> None:
    await s.delete(doc)
    await s.flush()
