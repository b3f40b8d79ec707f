"""Every table, imported in one place so that Alembic sees them all. Code imports a capability's models from
its own package (`store.orders.models`); this module only re-exports them."""

from store.accounts.models import AccountDeletion, AuthToken, Profile, RefreshToken, Seller, User
from store.affiliates.models import AffiliateClick, AffiliateNode, AffiliateProgram
from store.base import Base
from store.billing.models import Claim, ClaimSettingsRow, OrderRate, RateCharge
from store.builder.models import BuilderPage, CustomFont, PageMedia, SharedTheme, ShopSettings
from store.catalog.models import File, PricingPlan, Product
from store.coupons.models import Coupon
from store.courses.models import CourseItem, CourseSession, LessonComment, LessonProgress, QuizAttempt
from store.domains.models import Domain, DomainCertificate, DomainEvent
from store.ledger.models import (
    AccountingExport,
    LedgerEntry,
    Payout,
    PayoutSettingsRow,
    PlatformInvoice,
    PlatformPlan,
    Refund,
)
from store.legitimation.models import (
    BankAccount,
    KycDocument,
    Legitimation,
    LegitimationEvent,
    SellerProfileRow,
)
from store.mail.models import Mail
from store.notifications.models import Notification, NotificationChoice
from store.orders.models import Access, Invoice, Order, PayerCustomer, Payment, PaymentIntentRecord, Transfer
from store.provider_events.models import WebhookEvent
from store.seller_webhooks.models import SellerEvent, WebhookAttempt, WebhookDelivery, WebhookEndpoint
from store.teams.models import TeamMember

__all__ = [
    "Notification",
    "NotificationChoice",
    "AffiliateClick",
    "AffiliateNode",
    "AffiliateProgram",
    "BuilderPage",
    "ShopSettings",
    "CustomFont",
    "SharedTheme",
    "PageMedia",
    "Coupon",
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
    "SellerProfileRow",
    "BankAccount",
    "KycDocument",
    "Legitimation",
    "LegitimationEvent",
    "LedgerEntry",
    "PlatformPlan",
    "Refund",
    "AccountingExport",
    "Payout",
    "PayoutSettingsRow",
    "PlatformInvoice",
    "OrderRate",
    "RateCharge",
    "Claim",
    "ClaimSettingsRow",
    "AccountDeletion",
    "Domain",
    "DomainEvent",
    "DomainCertificate",
    "CourseItem",
    "LessonProgress",
    "QuizAttempt",
    "LessonComment",
    "CourseSession",
    "TeamMember",
    "WebhookEndpoint",
    "SellerEvent",
    "WebhookDelivery",
    "WebhookAttempt",
]
