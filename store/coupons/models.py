from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.coupons import AmountBasis, CouponMode, CouponScope, RecurringDiscount, ValueForm
from store.base import Base, StrEnumText, Timestamps


class Coupon(Timestamps, Base):
    """A coupon code of a seller (editor §3 Coupon). A generated bulk is many rows sharing a `batch` name. Its
    `orders_count` counts the orders that used it: raised under the row's lock, never past `limit` (a check
    constraint behind it), so the last use goes to one buyer."""

    __tablename__ = "coupons"
    __table_args__ = (
        UniqueConstraint("seller_id", "code", name="uq_coupons_seller_code"),
        CheckConstraint('"limit" IS NULL OR orders_count <= "limit"', name="ck_coupons_within_limit"),
        Index("ix_coupons_seller_created", "seller_id", text("created_at DESC"), text("id DESC")),
    )
    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("sellers.id", ondelete="CASCADE"))
    code: Mapped[str] = mapped_column(String(40))  # upper case (domain.coupons.normal_code)
    mode: Mapped[CouponMode] = mapped_column(StrEnumText(CouponMode, 10))
    batch: Mapped[str | None] = mapped_column(String(100))
    value_form: Mapped[ValueForm] = mapped_column(StrEnumText(ValueForm, 10))
    value: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str | None] = mapped_column(String(3))
    basis: Mapped[AmountBasis] = mapped_column(StrEnumText(AmountBasis, 12))
    scope: Mapped[CouponScope] = mapped_column(StrEnumText(CouponScope, 20))
    product_ids: Mapped[list | None] = mapped_column(JSONB)
    recurring: Mapped[RecurringDiscount] = mapped_column(
        StrEnumText(RecurringDiscount, 12), default=RecurringDiscount.first_rate, server_default="first_rate"
    )
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=text("true"))
    limit: Mapped[int | None] = mapped_column(Integer)
    orders_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
