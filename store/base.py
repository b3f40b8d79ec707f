from collections.abc import Callable
from datetime import UTC, datetime
from enum import StrEnum
from typing import TypeVar

from sqlalchemy import DateTime, Dialect, MetaData, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

E = TypeVar("E", bound=StrEnum)

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Timestamps:
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class StrEnumText(TypeDecorator[E]):
    """A spec vocabulary (a StrEnum) stored as plain text: the column stays VARCHAR, reads give the enum."""

    impl = String
    cache_ok = True

    def __init__(self, enum: type[E], length: int) -> None:
        super().__init__(length)
        self.enum = enum

    def process_bind_param(self, value: E | str | None, dialect: Dialect) -> str | None:
        return None if value is None else self.enum(value).value

    def process_result_value(self, value: str | None, dialect: Dialect) -> E | None:
        return None if value is None else self.enum(value)

    def result_processor(self, dialect: Dialect, coltype: object) -> Callable[[str | None], E | None]:
        """`process_result_value` as one dictionary lookup: every row of a list reads its vocabularies through it,
        and calling the enum class costs several times that."""
        members: dict[object, E] = self.enum._value2member_map_  # type: ignore[assignment]
        enum = self.enum

        def process(value: str | None) -> E | None:
            if value is None:
                return None
            found = members.get(value)
            return found if found is not None else enum(value)

        return process
