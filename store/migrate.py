"""Run Alembic migrations programmatically (used by `sellflow migrate`, `make run` and the tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from store.db import database_url

HERE = Path(__file__).resolve().parent


def alembic_config(url: str | None = None) -> Config:
    cfg = Config(str(HERE / "alembic.ini"))
    cfg.set_main_option("script_location", str(HERE / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url or database_url())
    return cfg


def upgrade(url: str | None = None) -> None:
    command.upgrade(alembic_config(url), "head")
