"""What Sellflow keeps and for how long (issue 24 item 9; docs/DECISIONS.md "Retention").

Purged once their time is up, by the Retention workflows (workflows/retention.py):
- the bodies of the payment providers' webhooks (`webhook_events.payload`: buyers' names, addresses, card
  details) after PROVIDER_PAYLOAD_DAYS; the row (its event id) stays, so a late repeat is still recognised;
- the bodies of sent mails (links with tokens, names) after MAIL_BODY_DAYS; the row (its key) stays, so a mail is
  still sent once;
- a seller's webhook payloads (`seller_events.data`) and what endpoints answered (`webhook_attempts.response`)
  after SELLER_WEBHOOK_DAYS;
- a seller's read notifications after NOTIFICATION_DAYS;
- for a deleted account: its buyers' personal data on orders, pseudonymised at once (the invoices keep what they
  said, as the law wants them kept), and every record of the account after its `retention_until` (ten years,
  §147 AO), when the account's row goes too.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

PROVIDER_PAYLOAD_DAYS = 90  # disputes and support look at them within weeks; the ledger holds the money
MAIL_BODY_DAYS = 90
SELLER_WEBHOOK_DAYS = 30  # Stripe keeps event payloads for 30 days
NOTIFICATION_DAYS = 365
BATCH = 1000  # rows per statement, so a purge never holds a long lock
PLATFORM = 0  # the platform's own retention (what belongs to no seller), beside one per seller


def pseudonym(email: str, order_id: int) -> str:
    """A buyer's stand-in on a deleted account's orders: stable per order, reveals nothing (no reversible e-mail)."""
    digest = hashlib.sha256(f"{order_id}:{email.lower()}".encode()).hexdigest()[:16]
    return f"deleted-{digest}@invalid"


@dataclass(frozen=True)
class RetentionRequest:
    """`scope`: a seller's id, or PLATFORM. `day_s` compresses a day in tests; `cycles` counts purges done."""

    scope: int
    day_s: float = 86_400.0
    cycles: int = 0


@dataclass
class Purged:
    """What one purge did, by what it purged (counts of rows)."""

    counts: dict[str, int] = field(default_factory=dict)
    ended: bool = False  # a deleted account whose records are all gone: its retention ends
    started: int = 0  # PLATFORM: sellers whose retention it started
    more: bool = False  # PLATFORM: sellers are left whose retention it had no time to start: go on at once


STARTS_PAGE = 500  # sellers whose retention the platform's starts per page (a day's new sellers fit in one)
STARTS_SECONDS = 240  # pages started per purge, for at most this long (its step has 10 minutes)
BATCHES_PER_CYCLE = 10  # a purge's batches per cycle: a backlog beyond is worked off the next day


@dataclass(frozen=True)
class PurgeInput:
    scope: int
    day_s: float = 86_400.0  # handed to the sellers' retention the platform's starts
