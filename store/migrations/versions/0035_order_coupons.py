"""an order's coupon: the code, the amount it took off, and the use it holds of the coupon

Revision ID: 0035
Revises: 0034
"""

import sqlalchemy as sa
from alembic import op

revision = "0035"
down_revision = "0034"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "orders", sa.Column("coupon_id", sa.BigInteger(), sa.ForeignKey("coupons.id", ondelete="SET NULL"))
    )
    op.add_column("orders", sa.Column("coupon_code", sa.String(40)))
    op.add_column("orders", sa.Column("discount", sa.BigInteger(), nullable=False, server_default="0"))
    op.add_column("orders", sa.Column("coupon_held_at", sa.DateTime(timezone=True)))


def downgrade() -> None:
    for c in ("coupon_held_at", "discount", "coupon_code", "coupon_id"):
        op.drop_column("orders", c)
