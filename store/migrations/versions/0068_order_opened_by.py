"""The checkout a buyer's key opened is one order: the order keeps the digest of its opening request's
Idempotency-Key, unique, so the request run again after its API process died finds the order it made

Revision ID: 0068
Revises: 0067
"""

import sqlalchemy as sa
from alembic import op

revision = "0068"
down_revision = "0067"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("orders", sa.Column("opened_by", sa.String(64), nullable=True))
    op.create_index(
        "uq_orders_opened_by",
        "orders",
        ["opened_by"],
        unique=True,
        postgresql_where=sa.text("opened_by IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("uq_orders_opened_by", table_name="orders")
    op.drop_column("orders", "opened_by")
