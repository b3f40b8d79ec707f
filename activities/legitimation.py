"""Legitimation activities, one idempotent side effect each, with the KYC provider and the mailer injected (the
worker passes the real ones; tests pass fakes).

- `record` applies one history entry to the projection (unique on seller and seq: a retry writes it once);
- `submit_to_kyc` submits the seller's data and documents under the round's reference (the provider opens one
  review per reference, so a retried submission does not open a second one);
- `send_mail` sends a mail under its business key (at most once, activities/mail.py).
"""

from __future__ import annotations

import structlog
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.mail import deliver
from core.settings import get_settings
from domain.legitimation.legitimation import (
    KycSubmission,
    LegitimationMail,
    LegitimationMailKind,
    LegitimationRecord,
)
from domain.legitimation.seller_profile import PROVIDER_FIELDS, BusinessType
from domain.mail import MailTemplate, OutgoingMail
from providers.kyc.client import KycDocument, KycProvider, KycRefused, KycRequest
from providers.mail.smtp import Mailer
from store.accounts.queries import seller_user_of
from store.db import session
from store.legitimation.actions import legitimation_recorded
from store.legitimation.queries import documents_of, profile_data, profile_row_of

log = structlog.get_logger()

TEMPLATES = {
    LegitimationMailKind.changes_requested: MailTemplate.legitimation_changes_requested,
    LegitimationMailKind.changes_reminder: MailTemplate.legitimation_changes_reminder,
    LegitimationMailKind.legitimated: MailTemplate.legitimation_legitimated,
    LegitimationMailKind.rejected: MailTemplate.legitimation_rejected,
}


class LegitimationActivities:
    def __init__(self, kyc: KycProvider, mailer: Mailer) -> None:
        self.kyc = kyc
        self.mailer = mailer

    @activity.defn
    async def record(self, rec: LegitimationRecord) -> bool:
        async with session() as s:
            applied = await legitimation_recorded(s, rec)
        log.info("legitimation_recorded", seller_id=rec.seller_id, seq=rec.seq, step=rec.step, new=applied)
        return applied

    @activity.defn
    async def submit_to_kyc(self, sub: KycSubmission) -> str:
        async with session() as s:
            profile = profile_data(await profile_row_of(s, sub.seller_id))
            docs = await documents_of(s, sub.seller_id)
        kind = profile.business_type or BusinessType.natural
        subject = {
            f: str(getattr(profile, f)) for f in PROVIDER_FIELDS[kind] if getattr(profile, f) is not None
        }
        # the stand-in decides on the name; a real provider matches it against the documents
        subject.setdefault("last_name", profile.last_name or "")
        request = KycRequest(
            reference=sub.reference,
            business_type=kind.value,
            subject=subject,
            documents=[KycDocument(d.type.value, d.content_type, d.sha256, d.size) for d in docs],
            callback_url=f"{get_settings().public_url}/v1/webhooks/kyc",
        )
        try:
            provider_id = await self.kyc.submit(request)
        except KycRefused as e:
            raise ApplicationError(str(e), type="KycRefused", non_retryable=True) from e
        log.info("kyc_submitted", seller_id=sub.seller_id, reference=sub.reference, provider_id=provider_id)
        return provider_id

    @activity.defn
    async def send_mail(self, m: LegitimationMail) -> bool:
        base = get_settings().public_url
        async with session() as s:
            user = await seller_user_of(s, m.seller_id)
        if user is None:
            return False
        mail = OutgoingMail(
            key=m.key,
            to=user.email,
            template=TEMPLATES[m.kind],
            locale=user.locale,
            context={
                "first_name": user.first_name or user.username or "",
                "reason": m.reason or "",
                "profile_url": f"{base}/cabinet/profile/edit?seller_profile_edit=true",
                "cabinet_url": f"{base}/cabinet",
            },
        )
        return await deliver(self.mailer, mail)
