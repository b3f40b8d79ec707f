"""Every idempotency key and business key that is not a workflow id (those are domain/workflow_ids.py): the keys of
provider calls, ledger entries, payment log rows, mails and references. A unique constraint backs each; a key is
built from its business key, never at random, so a retried step reaches the row (or provider object) the first
attempt made. Built here and nowhere else, and parsed here too."""

from __future__ import annotations

import hashlib
import re
from datetime import datetime

from domain.payments.rules import iban_digest

# ----- an order's keys -------------------------------------------------------------------------------------------


def order_key(order_token: str) -> str:
    """The root of every key of one order: its sale's ledger entries, its payment log, its mails."""
    return f"order-{order_token}"


def rate_key(order_token: str, rate: int, attempt: int = 1) -> str:
    """A recurring plan's rate: `order-{token}-rate-{n}` (rate 1 is the order's own sale, `order-{token}`); a retry of
    the same rate adds its attempt number."""
    base = f"{order_key(order_token)}-rate-{rate}"
    return base if attempt == 1 else f"{base}-{attempt}"


def booking_key(order_token: str, rate: int) -> str:
    """The root of the ledger entries of the payment of rate `rate`: the sale's for rate 1, the rate's after."""
    return order_key(order_token) if rate == 1 else rate_key(order_token, rate)


def payment_intent_key(order_token: str, attempt: int, step: str = "") -> str:
    """The checkout's PaymentIntent of one attempt (`…-pi-{n}`), and its `confirm` and `cancel` calls."""
    base = f"{order_key(order_token)}-pi-{attempt}"
    return f"{base}-{step}" if step else base


def card_attach_key(order_token: str, attempt: int) -> str:
    """The payer's card saved on the order's customer before the attempt's PaymentIntent."""
    return f"{order_key(order_token)}-pm-{attempt}-attach"


def paypal_order_key(order_token: str, attempt: int) -> str:
    """The PayPal order of one attempt (PayPal-Request-Id): created again, PayPal answers the first."""
    return f"{order_key(order_token)}-paypal-{attempt}"


def paypal_capture_key(order_token: str, attempt: int) -> str:
    """The capture of one attempt's PayPal order: captured once, however often it is asked."""
    return f"{order_key(order_token)}-paypal-{attempt}-capture"


def sepa_method_key(order_token: str, iban: str) -> str:
    """The SEPA Direct Debit payment method made from one account for one order (the IBAN only as a digest)."""
    return f"sepa-pm-{order_token}-{iban_digest(iban)[:16]}"


def setup_intent_key(order_token: str, n: int = 1) -> str:
    """The order's n-th SetupIntent (another card on the same page, or the manage page, gets the next one)."""
    return f"{order_key(order_token)}-setup" if n == 1 else f"{order_key(order_token)}-setup-{n}"


def customer_key(email: str) -> str:
    """The payer's customer at the provider, one per e-mail address."""
    return f"customer-{email.lower()}"


def order_event_key(order_token: str, event: str) -> str:
    """A once-per-order row or mail: `paid`, `payer-confirmation`, `payer-started`, `seller-sale`, `sale`, …"""
    return f"{order_key(order_token)}-{event}"


def payment_pending_key(order_token: str, intent_id: str) -> str:
    return f"{order_key(order_token)}-{intent_id}-pending"


def attempt_denied_key(order_token: str, attempt: int) -> str:
    return f"{order_key(order_token)}-attempt-{attempt}-denied"


def rate_denied_key(order_token: str, rate: int, attempt: int) -> str:
    return f"{rate_key(order_token, rate)}-{attempt}-denied"


def rate_paid_mail_key(order_token: str, rate: int) -> str:
    return f"{rate_key(order_token, rate)}-paid"


def card_expiry_mail_key(order_token: str, expires: str) -> str:
    return f"{order_key(order_token)}-card-{expires}-expiry"


def refund_key(order_token: str, number: int) -> str:
    """The n-th refund of an order: its provider refund, ledger entries, payment log and mails."""
    return f"{order_key(order_token)}-refund-{number}"


def chargeback_key(order_token: str, dispute_id: str) -> str:
    """A dispute's ledger entries (`…-won` when the seller won it back)."""
    return f"{order_key(order_token)}-chargeback-{dispute_id}"


def chargeback_request_id(dispute_id: str) -> str:
    """The request id of the subscription's cancel a dispute sends (one per dispute, however often it arrives)."""
    return f"chargeback-{dispute_id}"


def agency_payment_key(order_token: str, rate: int, event_id: str) -> str:
    """The ledger entries of one payment the collection agency reported for a rate (once per report)."""
    return f"{order_token}-rate-{rate}-inkasso-{event_id}"


def late_transfer_key(order_token: str, event_id: str) -> str:
    """The ledger entries of one transfer that paid part of an invoice paid later after its day (once per bank
    event)."""
    return f"{order_token}-rate-1-transfer-{event_id}"


def claim_reminder_key(order_token: str, rate: int, stage: str) -> str:
    return f"claim-{order_token}-{rate}-{stage}"


# ----- sellers and users ------------------------------------------------------------------------------------------


def kyc_reference(seller_id: int, round_no: int) -> str:
    """The KYC provider's reference of one submission round (its idempotency key, and how its answer finds us)."""
    return f"legitimation-{seller_id}-{round_no}"


_KYC_REFERENCE = re.compile(r"^legitimation-(\d{1,18})-(\d{1,9})$")


def seller_of_kyc_reference(reference: str) -> int | None:
    m = _KYC_REFERENCE.match(reference)
    return int(m.group(1)) if m else None


def legitimation_mail_key(seller_id: int, kind: str, event: str) -> str:
    return f"legitimation-{seller_id}-{kind}-{event}"


def legitimation_round_key(round_no: int) -> str:
    return f"round-{round_no}"


def account_closing_mail_key(seller_id: int, request: int | str, stage: str) -> str:
    return f"account-deletion-{seller_id}-{request}-{stage}"


def closing_request_id(workflow_id: str, run_id: str) -> str:
    """The request id of the subscriptions' cancel an account's closing sends (once per closing run)."""
    return f"{workflow_id}-{run_id}"


def contact_mail_key(seller_id: int, digest: str) -> str:
    """A buyer's message from a shop page's contact form: once per seller and content (a form sent twice mails
    once)."""
    return f"contact-{seller_id}-{digest[:24]}"


def user_mail_key(user_id: int, kind: str, token: str) -> str:
    """A mail with a one-time link (`confirmation`, `magic`, `reset`): once per token."""
    return f"user-{user_id}-{kind}-{token[:8]}"


def payout_end_to_end_id(payee_type: str, payee_id: int, number: int) -> str:
    """A payout's SEPA end-to-end id: the bank's idempotency key, and how its answer finds the payee's workflow."""
    return f"payout-{payee_type}-{payee_id}-{number}"


def payout_returned_mail_key(end_to_end_id: str) -> str:
    return f"{end_to_end_id}-returned"


_END_TO_END = re.compile(r"^payout-(seller|publisher|team_member|sales_team_member)-(\d{1,18})-\d{1,9}$")


def payee_of_end_to_end_id(end_to_end_id: str) -> tuple[str, int] | None:
    """(payee type, payee id) of a payout's end-to-end id; none for one Sellflow did not make."""
    m = _END_TO_END.match(end_to_end_id)
    return (m.group(1), int(m.group(2))) if m else None


def affiliate_node_mail_key(node_id: int, state: str, at: datetime) -> str:
    """A publisher's request (to the seller) or the seller's decision (to the publisher): once per change."""
    return f"affiliate-node-{node_id}-{state}-{int(at.timestamp() * 1_000_000)}"


def support_mail_key(user_id: int, idempotency_key: str) -> str:
    """A user's message to support: once per action (the form's Idempotency-Key), however often it is sent."""
    return f"support-{user_id}-{hashlib.sha256(idempotency_key.encode()).hexdigest()[:24]}"


def team_invite_mail_key(member_id: int, invited_at: datetime) -> str:
    """An invitation into a seller's team: once per invitation (a new one after a decline or a removal)."""
    return f"team-invite-{member_id}-{int(invited_at.timestamp() * 1_000_000)}"


def product_review_mail_key(product_id: int, reviewed_at: datetime) -> str:
    """The mail telling a seller their product was rejected: once per decision."""
    return f"product-{product_id}-rejected-{int(reviewed_at.timestamp() * 1_000_000)}"
