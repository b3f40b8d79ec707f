"""what a buyer's invoice needs (core §3 payer profile): the address, a business buyer's company and VAT id, and
the language of the invoice

Revision ID: 0022
Revises: 0021
"""

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

COLUMNS = [
    ("payer_company", 300),
    ("payer_vat_id", 20),
    ("payer_street", 300),
    ("payer_street_number", 20),
    ("payer_zip", 20),
    ("payer_city", 300),
]


def upgrade() -> None:
    for name, length in COLUMNS:
        op.add_column("orders", sa.Column(name, sa.String(length)))
    op.add_column("orders", sa.Column("payer_locale", sa.String(8), nullable=False, server_default="en"))


def downgrade() -> None:
    op.drop_column("orders", "payer_locale")
    for name, _ in reversed(COLUMNS):
        op.drop_column("orders", name)
