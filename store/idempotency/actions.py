"""A request claims its key before it runs (a unique row), keeps its answer after, or gives the key back when it
failed on the server's side, so the client's retry runs again. Keys live a day; a claim that never finished is
given up after LEASE_S."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text

from store.db import session

KEPT = "interval '24 hours'"
# a claim whose request never finished (its process died, or the database went away before the answer was kept) is
# given up after this: a retry runs the request again rather than waiting on it for the rest of the day
LEASE_S = 120


@dataclass(frozen=True)
class Claimed:
    """What the key held when this request came: nothing (`first`), a request still running, or its answer."""

    first: bool
    same_body: bool = True
    status: int | None = None
    body: bytes | None = None


async def key_claimed(scope: str, key: str, fingerprint: str) -> Claimed:
    async with session() as s:
        await s.execute(
            text(
                "DELETE FROM idempotent_requests WHERE scope = :scope AND key = :key AND (created_at < now() - "
                f"{KEPT} OR (status IS NULL AND created_at < now() - make_interval(secs => {LEASE_S})))"
            ),
            {"scope": scope, "key": key},
        )
        row = (
            await s.execute(
                text(
                    "INSERT INTO idempotent_requests (scope, key, fingerprint) VALUES (:scope, :key, :fp) "
                    "ON CONFLICT DO NOTHING RETURNING scope"
                ),
                {"scope": scope, "key": key, "fp": fingerprint},
            )
        ).first()
        if row is not None:
            return Claimed(first=True)
        prior = (
            await s.execute(
                text(
                    "SELECT fingerprint, status, body FROM idempotent_requests WHERE scope = :scope AND key = :key"
                ),
                {"scope": scope, "key": key},
            )
        ).one()
    return Claimed(
        first=False, same_body=prior.fingerprint == fingerprint, status=prior.status, body=prior.body
    )


async def answer_kept(scope: str, key: str, status: int, body: bytes) -> None:
    async with session() as s:
        await s.execute(
            text(
                "UPDATE idempotent_requests SET status = :status, body = :body WHERE scope = :scope AND key = :key"
            ),
            {"scope": scope, "key": key, "status": status, "body": body},
        )


async def key_released(scope: str, key: str) -> None:
    async with session() as s:
        await s.execute(
            text("DELETE FROM idempotent_requests WHERE scope = :scope AND key = :key AND status IS NULL"),
            {"scope": scope, "key": key},
        )
