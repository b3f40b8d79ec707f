"""A request claims its key before it runs (a unique row), keeps its answer after, or gives the key back when it
failed on the server's side, so the client's retry runs again. Keys live a day. While a request runs, its process
renews the claim every RENEW_S (`claims_renewed`); a claim not renewed for LEASE_S (its process died, or the
database went away before the answer was kept) is given up."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text

from store.db import autocommit

KEPT = "interval '24 hours'"
# a claim not renewed for this long is given up: a retry runs the request again rather than waiting on a request
# that will never finish for the rest of the day (the chaos suite's killed API process); a running request's process
# renews its claims every RENEW_S, so one that takes longer keeps its key
LEASE_S = 30
RENEW_S = 10


@dataclass(frozen=True)
class Claimed:
    """What the key held when this request came: nothing (`first`), a request still running, or its answer."""

    first: bool
    same_body: bool = True
    status: int | None = None
    body: bytes | None = None


async def key_claimed(scope: str, key: str, fingerprint: str) -> Claimed:
    # each statement its own transaction (the insert's conflict is what makes one request the first)
    async with autocommit() as s:
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
    async with autocommit() as s:
        await s.execute(
            text(
                "UPDATE idempotent_requests SET status = :status, body = :body WHERE scope = :scope AND key = :key"
            ),
            {"scope": scope, "key": key, "status": status, "body": body},
        )


async def key_released(scope: str, key: str) -> None:
    async with autocommit() as s:
        await s.execute(
            text("DELETE FROM idempotent_requests WHERE scope = :scope AND key = :key AND status IS NULL"),
            {"scope": scope, "key": key},
        )


async def claims_renewed(claims: list[tuple[str, str]]) -> None:
    """The claims of requests still running in this process, kept from lapsing (`created_at` is a running claim's
    last renewal; an answered key's day counts from it)."""
    if not claims:
        return
    async with autocommit() as s:
        await s.execute(
            text(
                "UPDATE idempotent_requests SET created_at = now() WHERE status IS NULL AND (scope, key) IN "
                "(SELECT * FROM unnest(CAST(:scopes AS text[]), CAST(:keys AS text[])))"
            ),
            {"scopes": [c[0] for c in claims], "keys": [c[1] for c in claims]},
        )
