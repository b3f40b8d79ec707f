"""Bank wire and pay later (core §9 methods bank_wire, pay_later; `Flow.transfer`): the buyer transfers the amount
with the order's reference (the Checkout workflow waits for the bank's event), and the money goes back by a credit
transfer to the account it came from."""

from __future__ import annotations

import structlog

from activities.gateways.attempts import Back
from domain.ledger.refunds import ProviderAnswer
from domain.payments.rules import wire_reference, wire_refund_id
from providers.bank.client import Bank, BankRefused, CreditTransfer

log = structlog.get_logger()


async def refund(bank: Bank | None, back: Back, account: tuple[str, str] | None) -> ProviderAnswer:
    """A credit transfer to `account` (the payer's name and IBAN); the bank deduplicates it on its end-to-end id
    (from the refund's business key), so a retry never pays twice."""
    if account is None or bank is None:
        return ProviderAnswer(ok=False, message="No account is known to send this refund to.")
    key = wire_refund_id(back.order_token, back.number)
    name, iban = account
    try:
        await bank.send(
            [
                CreditTransfer(
                    key, name or "Buyer", iban, "", back.amount, f"Refund {wire_reference(back.paid_by)}"
                )
            ]
        )
    except BankRefused as e:
        return ProviderAnswer(ok=False, message=str(e))
    log.info("refund_wired", order_token=back.order_token, number=back.number, end_to_end_id=key)
    return ProviderAnswer(ok=True, provider_ref=key)
