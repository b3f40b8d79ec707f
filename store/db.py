"""Engine and sessions. One async engine per process, created lazily from the settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from sellflow.settings import get_settings

_engine: AsyncEngine | None = None
_sessions: async_sessionmaker[AsyncSession] | None = None


def database_url() -> str:
    s = get_settings()
    if s.database_url:
        return s.database_url
    return f"postgresql+psycopg://postgres@/sellflow?host={s.pg_dir}"


def engine() -> AsyncEngine:
    global _engine, _sessions
    if _engine is None:
        _engine = create_async_engine(database_url(), pool_size=10, max_overflow=20, pool_pre_ping=True)
        _sessions = async_sessionmaker(_engine, expire_on_commit=False)
    return _engine


@asynccontextmanager
async def session() -> AsyncIterator[AsyncSession]:
    """A session in one transaction: committed on success, rolled back on error."""
    engine()
    assert _sessions is not None
    async with _sessions() as s, s.begin():
        yield s


async def dispose() -> None:
    global _engine, _sessions
    if _engine is not None:
        await _engine.dispose()
    _engine = _sessions = None
