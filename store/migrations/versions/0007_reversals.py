"""reversal invoices (credit memos) per refund; revocable access

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_constraint("uq_invoices_order_id", "invoices", type_="unique")
    op.create_index(
        "uq_invoices_regular_order",
        "invoices",
        ["order_id"],
        unique=True,
        postgresql_where=sa.text("form = 'regular'"),
    )
    op.add_column(
        "invoices",
        sa.Column(
            "refund_id",
            sa.BigInteger(),
            sa.ForeignKey("refunds.id", ondelete="RESTRICT", name="fk_invoices_refund_id_refunds"),
        ),
    )
    op.create_unique_constraint("uq_invoices_refund_id", "invoices", ["refund_id"])
    op.add_column(
        "invoices",
        sa.Column(
            "original_id",
            sa.BigInteger(),
            sa.ForeignKey("invoices.id", ondelete="RESTRICT", name="fk_invoices_original_id_invoices"),
        ),
    )
    op.add_column("accesses", sa.Column("revoked_at", sa.DateTime(timezone=True)))


def downgrade() -> None:
    op.drop_column("accesses", "revoked_at")
    op.drop_column("invoices", "original_id")
    op.drop_constraint("uq_invoices_refund_id", "invoices", type_="unique")
    op.drop_column("invoices", "refund_id")
    op.drop_index("uq_invoices_regular_order", "invoices")
    op.create_unique_constraint("uq_invoices_order_id", "invoices", ["order_id"])
