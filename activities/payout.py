"""Payout activities, one idempotent side effect each, with the bank and the mailer injected.

- `load_settings`, `check_payout`: reads (settings; legitimation, bank account, limits, available and held);
- `issue_payout`: the payout row and its ledger entries once per end-to-end id, then the pain.001 file to the
  bank, which deduplicates on the end-to-end id, so a retry after a crash sends no second transfer;
- `apply_bank_answer`: booked → successful; returned → canceled, the money back in the balance, a mail.
"""

from __future__ import annotations

import structlog
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.mail import deliver
from domain.keys import payout_returned_mail_key
from domain.ledger.payouts import (
    BankAnswer,
    BankOutcome,
    Eligibility,
    PayeeRef,
    PayoutCheck,
    PayoutRequest,
    PayoutSettings,
)
from domain.mail import MailTemplate, OutgoingMail
from domain.money import format_money
from providers.bank.client import Bank, BankRefused, CreditTransfer
from providers.mail.smtp import Mailer
from store.accounts.queries import seller_user_of
from store.db import session
from store.ledger.payouts import (
    eligibility,
    payment_account,
    payout_answered,
    payout_issued,
    payout_sent,
    sepa_creditor,
    settings_of,
)

log = structlog.get_logger()


class PayoutActivities:
    def __init__(self, bank: Bank, mailer: Mailer) -> None:
        self.bank = bank
        self.mailer = mailer

    @activity.defn
    async def load_settings(self, payee: PayeeRef) -> PayoutSettings:
        async with session() as s:
            return await settings_of(s, payee.payee_type, payee.payee_id)

    @activity.defn
    async def check_payout(self, check: PayoutCheck) -> Eligibility:
        async with session() as s:
            return await eligibility(s, check)

    @activity.defn
    async def issue_payout(self, req: PayoutRequest) -> str:
        async with session() as s:
            await payout_issued(s, req)
            name, iban, bic = await sepa_creditor(s, req)
        text = f"Sellflow {req.kind.value} {req.number}"
        try:
            message = await self.bank.send(
                [CreditTransfer(req.end_to_end_id, name, iban, bic, req.amount, text)]
            )
        except BankRefused as e:
            raise ApplicationError(str(e), type="BankRefused", non_retryable=True) from e
        async with session() as s:
            await payout_sent(s, req.end_to_end_id)
        log.info("payout_sent", end_to_end_id=req.end_to_end_id, amount=req.amount, message_id=message)
        return req.end_to_end_id

    @activity.defn
    async def apply_bank_answer(self, answer: BankAnswer) -> bool:
        async with session() as s:
            payout = await payout_answered(s, answer)
            account = await payment_account(s, payout.payee_type, payout.payee_id) if payout else None
            user = await seller_user_of(s, account.id) if account else None
        if payout is None:
            return False
        if answer.outcome == BankOutcome.returned and user is not None:
            await deliver(
                self.mailer,
                OutgoingMail(
                    key=payout_returned_mail_key(answer.end_to_end_id),
                    to=user.email,
                    template=MailTemplate.payout_returned,
                    locale=user.locale,
                    context={
                        "amount": format_money(payout.amount, payout.currency, user.locale),
                        "reason": answer.reason or "",
                    },
                ),
            )
        return True
