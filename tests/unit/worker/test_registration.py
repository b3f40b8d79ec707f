"""The worker runs every activity the workflows can call: an activity class's method that is not registered would
leave its step waiting for a worker that never takes it (a free order, for one, never delivered)."""

from __future__ import annotations

import inspect

from temporalio.activity import _Definition

from activities.account_deletion import AccountDeletionActivities
from activities.checkout import CheckoutActivities
from activities.claim import ClaimActivities
from activities.domains import DomainActivities
from activities.export import ExportActivities
from activities.legitimation import LegitimationActivities
from activities.mail import MailActivities
from activities.payout import PayoutActivities
from activities.platform_invoices import PlatformInvoiceActivities
from activities.rates import RateActivities
from activities.refund import RefundActivities
from activities.seller_webhooks import WebhookActivities
from activities.subscription import SubscriptionActivities
from worker.main import activities

CLASSES = (
    CheckoutActivities,
    LegitimationActivities,
    RefundActivities,
    PayoutActivities,
    SubscriptionActivities,
    RateActivities,
    ClaimActivities,
    DomainActivities,
    AccountDeletionActivities,
    ExportActivities,
    MailActivities,
    PlatformInvoiceActivities,
    WebhookActivities,
)


def _names(fns) -> set[str]:
    out = set()
    for fn in fns:
        d = _Definition.from_callable(fn)
        if d is not None and d.name:
            out.add(d.name)
    return out


def test_every_activity_of_every_activity_class_is_registered_on_the_worker():
    registered = _names(activities())
    for cls in CLASSES:
        defined = _names(m for _, m in inspect.getmembers(cls, inspect.isfunction))
        missing = defined - registered
        assert not missing, f"{cls.__name__}: not on the worker: {sorted(missing)}"
