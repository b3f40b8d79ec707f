"""Account deletion activities, one idempotent side effect each, with the mailer and the file storage injected.

- `run_checks`: the blocking checks of core §8 (reads);
- `take_products_off`: every published product unpublished, the plan `deletion_planned` (data state
  inactive_plan);
- `running_subscriptions` / `record_ending`: the subscriptions to cancel at the end of their period, and the
  tokens the workflow has signalled;
- `record_confirmed`, `record_canceled`: the request row (and the plan: `deletion_requested` / restored);
- `deactivate`, `reactivate`: the account type;
- `scramble_personal_data`: personal data replaced, KYC files removed, sessions revoked (data_scrambled);
- `mark_deleted`: account type Deleted, data state deleted;
- `send_closing_mail`: the seller's mail at request and at completion (before the address is scrambled).
"""

from __future__ import annotations

from datetime import date

import structlog
from temporalio import activity

from activities.mail import deliver
from core.settings import get_settings
from domain.accounts.account_deletion import (
    CheckRequest,
    CheckResult,
    Completion,
    DeletionMail,
    EndingSubscriptions,
    SellerRef,
)
from domain.keys import account_closing_mail_key
from domain.ledger.ledger import PlanPurpose
from domain.mail import MailTemplate, OutgoingMail
from providers.mail.smtp import Mailer
from providers.storage.local import Storage
from store.account_deletion import (
    account_deactivated,
    account_deleted,
    account_reactivated,
    checks_run,
    data_scrambled,
    deletion_canceled,
    deletion_confirmed,
    ending_recorded,
    kyc_storage_keys,
    plan_moved,
    products_unpublished,
)
from store.account_deletion import running_subscriptions as subscriptions_running
from store.accounts.queries import seller_user_of
from store.db import session
from store.domains.actions import domains_of_closed_account_deleted

log = structlog.get_logger()

TEMPLATES = {
    "requested": MailTemplate.account_closing_requested,
    "completed": MailTemplate.account_closing_completed,
}


class AccountDeletionActivities:
    def __init__(self, mailer: Mailer, files: Storage) -> None:
        self.mailer = mailer
        self.files = files

    @activity.defn
    async def run_checks(self, req: CheckRequest) -> list[CheckResult]:
        async with session() as s:
            return await checks_run(s, req)

    @activity.defn
    async def take_products_off(self, ref: SellerRef) -> int:
        async with session() as s:
            n = await products_unpublished(s, ref.seller_id)
            await plan_moved(s, ref.seller_id, PlanPurpose.deletion_planned)
        log.info("account_products_unpublished", seller_id=ref.seller_id, products=n)
        return n

    @activity.defn
    async def running_subscriptions(self, ref: SellerRef) -> list[str]:
        async with session() as s:
            return await subscriptions_running(s, ref.seller_id)

    @activity.defn
    async def record_ending(self, ending: EndingSubscriptions) -> None:
        """The subscriptions the workflow cancelled at the end of their period."""
        async with session() as s:
            await ending_recorded(s, ending.seller_id, list(ending.tokens))

    @activity.defn
    async def record_confirmed(self, ref: SellerRef) -> None:
        async with session() as s:
            await deletion_confirmed(s, ref.seller_id)
            await plan_moved(s, ref.seller_id, PlanPurpose.deletion_requested)

    @activity.defn
    async def record_canceled(self, ref: SellerRef) -> None:
        async with session() as s:
            await deletion_canceled(s, ref.seller_id)

    @activity.defn
    async def deactivate(self, ref: SellerRef) -> None:
        async with session() as s:
            await account_deactivated(s, ref.seller_id)

    @activity.defn
    async def reactivate(self, ref: SellerRef) -> bool:
        async with session() as s:
            return await account_reactivated(s, ref.seller_id)

    @activity.defn
    async def scramble_personal_data(self, done: Completion) -> None:
        until = date.fromisoformat(done.retention_until) if done.retention_until else date.max
        async with session() as s:
            keys = await kyc_storage_keys(s, done.seller_id)
            await data_scrambled(s, done.seller_id, until)
        for key in keys:  # after the commit: a retry finds the rows scrambled and deletes what is left
            self.files.delete(key)
        log.info("account_data_scrambled", seller_id=done.seller_id, retention_until=until.isoformat())

    @activity.defn
    async def mark_deleted(self, ref: SellerRef) -> None:
        async with session() as s:
            await account_deleted(s, ref.seller_id)

    @activity.defn
    async def remove_domains(self, ref: SellerRef) -> list[int]:
        """A deleted account's domains stop serving its shop; their workflows are told to remove their records."""
        async with session() as s:
            return await domains_of_closed_account_deleted(s, ref.seller_id)

    @activity.defn
    async def send_closing_mail(self, mail: DeletionMail) -> bool:
        async with session() as s:
            user = await seller_user_of(s, mail.seller_id)
        if user is None or user.email.endswith(".invalid"):
            return False
        base = get_settings().public_url
        return await deliver(
            self.mailer,
            OutgoingMail(
                key=account_closing_mail_key(mail.seller_id, mail.request, mail.stage),
                to=user.email,
                template=TEMPLATES[mail.stage],
                locale=user.locale,
                context={
                    "kind": mail.flow_kind.value,
                    "link": f"{base}/cabinet/settings/account_deletion",
                    "retention_until": mail.retention_until or "",
                },
            ),
        )
