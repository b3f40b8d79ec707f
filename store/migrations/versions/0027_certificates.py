"""certificates: a certificate product's settings (title, issuer, rule, design), and the certificates issued, one
per order, each with its own number

Revision ID: 0027
Revises: 0026
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def _ref(name: str, table: str, nullable: bool = False) -> sa.Column:
    return sa.Column(
        name, sa.BigInteger(), sa.ForeignKey(f"{table}.id", ondelete="CASCADE"), nullable=nullable
    )


def upgrade() -> None:
    op.add_column("products", sa.Column("certificate", JSONB()))
    op.create_table(
        "certificates",
        sa.Column("id", sa.BigInteger(), primary_key=True),
        _ref("seller_id", "sellers"),
        _ref("product_id", "products"),
        _ref("order_id", "orders"),
        sa.Column("number", sa.String(20), nullable=False, unique=True),
        sa.Column("holder_name", sa.String(201), nullable=False),
        sa.Column("course_name", sa.String(300)),
        sa.Column("issued_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.UniqueConstraint("order_id"),
    )
    op.create_index("ix_certificates_seller_id", "certificates", ["seller_id"])


def downgrade() -> None:
    op.drop_table("certificates")
    op.drop_column("products", "certificate")
