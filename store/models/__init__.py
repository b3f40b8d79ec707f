"""All tables. Import from here so Alembic sees every model."""

from store.models.accounts import AuthToken, Profile, RefreshToken, Seller, User
from store.models.base import Base
from store.models.catalog import File, PricingPlan, Product
from store.models.ops import Mail, WebhookEvent
from store.models.orders import Access, Invoice, Order, PayerCustomer, Payment, PaymentIntentRecord, Transfer

__all__ = [
    "Base",
    "User",
    "Profile",
    "Seller",
    "AuthToken",
    "RefreshToken",
    "File",
    "Product",
    "PricingPlan",
    "Order",
    "PayerCustomer",
    "PaymentIntentRecord",
    "Payment",
    "Invoice",
    "Transfer",
    "Access",
    "Mail",
    "WebhookEvent",
]
