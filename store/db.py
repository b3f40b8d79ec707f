"""Engine and sessions. One async engine per process, created lazily from the settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from core.settings import get_settings

_engine: AsyncEngine | None = None
_autocommit: AsyncEngine | None = None  # the engine's pool, each statement its own transaction
_sessions: async_sessionmaker[AsyncSession] | None = None
_reads: async_sessionmaker[AsyncSession] | None = None


def database_url() -> str:
    s = get_settings()
    if s.database_url:
        return s.database_url
    return f"postgresql+psycopg://postgres@/sellflow?host={s.pg_dir}"


def engine() -> AsyncEngine:
    global _engine, _sessions, _reads, _autocommit
    if _engine is None:
        # No pre-ping (a round trip per checkout from the pool); connections are recycled hourly instead and
        # a connection broken by a database restart fails one request and leaves the pool.
        _engine = create_async_engine(database_url(), pool_size=10, max_overflow=20, pool_recycle=3600)
        _sessions = async_sessionmaker(_engine, expire_on_commit=False)
        _autocommit = _engine.execution_options(isolation_level="AUTOCOMMIT")  # the same pool
        _reads = async_sessionmaker(_autocommit, expire_on_commit=False)
    return _engine


@asynccontextmanager
async def session() -> AsyncIterator[AsyncSession]:
    """A session in one transaction: committed on success, rolled back on error."""
    engine()
    assert _sessions is not None
    async with _sessions() as s, s.begin():
        yield s


@asynccontextmanager
async def reading() -> AsyncIterator[AsyncSession]:
    """A session for a request that only reads (the cabinet's lists, api/lean.py): every statement on its own, no
    BEGIN and COMMIT round trips. Under PostgreSQL's READ COMMITTED, the level every session here runs at, each
    statement of a transaction sees its own snapshot anyway, so the answers are the same."""
    engine()
    assert _reads is not None
    async with _reads() as s:
        yield s


@asynccontextmanager
async def autocommit() -> AsyncIterator[AsyncConnection]:
    """A connection on which each statement is its own transaction: no BEGIN and COMMIT round trips around a
    statement that needs no company."""
    engine()
    assert _autocommit is not None
    async with _autocommit.connect() as c:
        yield c


async def dispose() -> None:
    global _engine, _sessions, _reads, _autocommit
    if _engine is not None:
        await _engine.dispose()
    _engine = _sessions = _reads = _autocommit = None


async def database_answers(timeout_s: float = 2.0) -> bool:
    """Whether PostgreSQL answers a query within `timeout_s` (the readiness probe's check)."""
    import asyncio

    from sqlalchemy import text

    try:
        async with asyncio.timeout(timeout_s), session() as s:
            await s.execute(text("SELECT 1"))
    except Exception:  # noqa: BLE001 - any failure (a timeout included) means not ready
        return False
    return True
