"""Notification writes: one in the transaction of its fact (once per key, as the seller's choice for its type
says), the seller's choices, reading, the mails waiting to go, and the income summaries of a closed day."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ColumnElement, Subquery, and_, case, func, literal, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts.account_deletion import AccountType
from domain.notifications import (
    DEFAULTS,
    MAILED_WITH_THE_ORDER,
    OFFERED,
    NotificationSetting,
    NotificationType,
    mail_wanted,
)
from store.accounts.models import Seller
from store.notifications.models import Notification, NotificationChoice


async def _written(
    s: AsyncSession, who: Subquery, t: NotificationType, key: ColumnElement[str], data: dict, mailed: str
) -> int:
    """A notification of type `t` for each seller in `who` (a subquery of seller `id`s), shown and mailed
    (`mailed`: the mail state it waits in) as each seller chose for the type, once under `key` (a SQL expression,
    per seller); one statement, and nothing for a seller who turned both off. How many were written now."""
    shown_default, mail_default = DEFAULTS[t]
    c = NotificationChoice
    shown = func.coalesce(c.in_app, shown_default)
    mail = func.coalesce(c.mail, mail_default) & literal(t not in MAILED_WITH_THE_ORDER)
    values = (
        select(
            who.c.id,
            literal(t.value),
            key,
            literal(data, Notification.data.type),
            shown,
            case((mail, mailed), else_="none"),
        )
        .select_from(who)
        .outerjoin(c, and_(c.seller_id == who.c.id, c.type == t.value))
        .where(shown | mail)
    )
    done = await s.execute(
        insert(Notification)
        .from_select(["seller_id", "type", "key", "data", "shown", "mail_state"], values)
        .on_conflict_do_nothing(index_elements=[Notification.key])
        .returning(Notification.id)
    )
    return len(done.all())


async def noticed(
    s: AsyncSession, seller_id: int, t: NotificationType, key: str, data: dict[str, Any]
) -> None:
    """The notification of a fact, in the caller's transaction, once under `key`: shown in the cabinet and mailed
    as the seller chose for its type."""
    who = select(literal(seller_id).label("id")).subquery()
    await _written(s, who, t, literal(f"{t.value}:{key}"), data, "waiting")


async def choices_of(s: AsyncSession, seller_id: int) -> dict[str, tuple[bool, bool]]:
    rows = await s.execute(
        select(NotificationChoice.type, NotificationChoice.in_app, NotificationChoice.mail).where(
            NotificationChoice.seller_id == seller_id
        )
    )
    return {t: (in_app, mail) for t, in_app, mail in rows}


async def mail_chosen(s: AsyncSession, seller_id: int, t: NotificationType) -> bool:
    """Whether the seller gets mails of type `t` (their choice, else its default)."""
    row = await s.get(NotificationChoice, (seller_id, t.value))
    return mail_wanted(t, (row.in_app, row.mail) if row is not None else None)


async def choices_saved(s: AsyncSession, seller_id: int, chosen: list[NotificationSetting]) -> None:
    """The seller's choice for each type given (the others keep theirs)."""
    offered = set(OFFERED)
    rows = [
        {"seller_id": seller_id, "type": x.type.value, "in_app": x.in_app, "mail": x.mail}
        for x in {x.type: x for x in chosen if x.type in offered}.values()
    ]
    if not rows:
        return
    stmt = insert(NotificationChoice).values(rows)
    await s.execute(
        stmt.on_conflict_do_update(
            index_elements=[NotificationChoice.seller_id, NotificationChoice.type],
            set_={"in_app": stmt.excluded.in_app, "mail": stmt.excluded.mail},
        )
    )


async def read_marked(s: AsyncSession, seller_id: int, ids: list[int] | None) -> int:
    """Marks the seller's notifications `ids` read (None: every one); how many were unread."""
    n = Notification
    where = [n.seller_id == seller_id, n.shown, n.read_at.is_(None)]
    if ids is not None:
        where.append(n.id.in_(ids))
    done = await s.execute(update(n).where(*where).values(read_at=datetime.now(UTC)).returning(n.id))
    return len(done.all())


async def mails_waiting(s: AsyncSession, limit: int) -> list[Notification]:
    """The oldest notifications whose mail is still to go, locked for this transaction (another mailer skips):
    a seller's own first, the managers' messages to every seller (`bulk`) once none of those waits, so a
    broadcast never holds up a sale's or a summary's mail."""
    out: list[Notification] = []
    for state in ("waiting", "bulk"):
        if len(out) >= limit:
            break
        out += (
            await s.execute(
                select(Notification)
                .where(Notification.mail_state == state)
                .order_by(Notification.id)
                .limit(limit - len(out))
                .with_for_update(skip_locked=True)
            )
        ).scalars()
    return out


KEY_KEPT_MAX = 100  # of a manager's Idempotency-Key, as it is


async def custom_sent(s: AsyncSession, key: str, seller_id: int | None, title: str, text: str) -> int:
    """The managers' message as a `custom_notification` to one seller (or every seller), once per key and seller,
    as each seller chose for the type (one statement). How many sellers it reached now."""
    t = NotificationType.custom_notification
    sellers = select(Seller.id.label("id"))
    if seller_id is not None:
        sellers = sellers.where(Seller.id == seller_id)
    else:
        sellers = sellers.where(Seller.account_type == AccountType.active)
    who = sellers.subquery()
    # the client's key is up to 255 characters (api/deps.py) and the stored key 200 with its type and seller: a
    # long key is kept as its digest
    kept = key if len(key) <= KEY_KEPT_MAX else hashlib.sha256(key.encode()).hexdigest()
    key_of = func.concat(f"{t.value}:{kept}:", who.c.id)
    mailed = "waiting" if seller_id is not None else "bulk"
    return await _written(s, who, t, key_of, {"title": title, "text": text}, mailed)
