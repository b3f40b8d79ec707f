"""A payee's held money in PostgreSQL: what the payouts screen says is held and when each part is released add up,
however refunds, reversals and cashouts inside the hold change the balance."""

from __future__ import annotations

import secrets
import uuid
from datetime import UTC, datetime, timedelta

from domain.ledger.ledger import EntryKind, PayeeType
from store.db import session
from store.ledger.models import LedgerEntry
from store.ledger.payouts import balance_split, held_releases

DAY = 86_400.0
HOLD = 7 * DAY


async def _payee(*entries: tuple[EntryKind, int, timedelta]) -> int:
    """A new publisher's ledger: each entry its kind, amount and age."""
    payee = secrets.randbelow(10**12) + 10**12
    now = datetime.now(UTC)
    async with session() as s:
        for kind, amount, age in entries:
            s.add(
                LedgerEntry(
                    payee_type=PayeeType.publisher,
                    payee_id=payee,
                    kind=kind,
                    amount=amount,
                    currency="eur",
                    idempotency_key=f"held-test-{uuid.uuid4()}",
                    created_at=now - age,
                )
            )
        await s.commit()
    return payee


async def _screen(payee: int) -> tuple[int, int, list[int]]:
    async with session() as s:
        available, held = await balance_split(s, PayeeType.publisher, payee, HOLD)
        releases = await held_releases(s, PayeeType.publisher, payee, HOLD, available + held)
    return available, held, [amount for _, amount in releases]


async def test_a_refund_inside_the_hold_lowers_the_release_of_its_sale():
    # a commission of 1.80, half given back by a refund an hour later: 0.90 held, released as 0.90 (not 1.80)
    payee = await _payee(
        (EntryKind.commission, 180, timedelta(hours=2)),
        (EntryKind.reversal, -90, timedelta(hours=1)),
    )
    assert await _screen(payee) == (0, 90, [90])


async def test_each_sale_is_released_on_its_own_day_and_older_money_is_available():
    payee = await _payee(
        (EntryKind.sale, 500, timedelta(days=9)),
        (EntryKind.sale, 1000, timedelta(days=3)),
        (EntryKind.platform_fee, -100, timedelta(days=3)),
        (EntryKind.sale, 2000, timedelta(days=1)),
    )
    available, held, releases = await _screen(payee)
    assert (available, held, releases) == (500, 2900, [900, 2000])


async def test_a_cashout_of_more_than_was_free_leaves_less_to_release():
    # 5.00 free and 30.00 held, then a refund of 25.00 out of the balance: 10.00 left, all of it still held;
    # the older sale's release frees nothing (the balance without it is still 10.00), the newer one frees it all
    payee = await _payee(
        (EntryKind.sale, 500, timedelta(days=9)),
        (EntryKind.sale, 1000, timedelta(days=3)),
        (EntryKind.sale, 2000, timedelta(days=1)),
        (EntryKind.refund, -2500, timedelta(hours=1)),
    )
    available, held, releases = await _screen(payee)
    assert (available, held, releases) == (0, 1000, [1000])
    assert sum(releases) == held
