"""What keeps the workflow tests honest and the worker complete: the fakes stand in for every real activity with
the same name and types, the worker registers every activity method, and the sandbox still checks the workflow
modules (a passed-through module may call the clock unnoticed)."""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

import pytest

from activities.account_deletion import AccountDeletionActivities
from activities.checkout import CheckoutActivities
from activities.claim import ClaimActivities
from activities.domains import DomainActivities
from activities.export import ExportActivities
from activities.legitimation import LegitimationActivities
from activities.mail import MailActivities
from activities.notifications import NotificationActivities
from activities.payout import PayoutActivities
from activities.platform_invoices import PlatformInvoiceActivities
from activities.rates import RateActivities
from activities.refund import RefundActivities
from activities.retention import RetentionActivities
from activities.seller_webhooks import WebhookActivities
from activities.subscription import SubscriptionActivities
from tests.workflows.fakes import FakeCheckout
from worker.main import PASSTHROUGH, RUNNER, WORKFLOWS, activities

ACTIVITY_CLASSES = [
    CheckoutActivities,
    MailActivities,
    LegitimationActivities,
    RefundActivities,
    ExportActivities,
    PayoutActivities,
    PlatformInvoiceActivities,
    SubscriptionActivities,
    RateActivities,
    ClaimActivities,
    AccountDeletionActivities,
    DomainActivities,
    WebhookActivities,
    NotificationActivities,
    RetentionActivities,
]


def activity_methods(cls: type) -> dict[str, Callable[..., Any]]:
    """An activity class's activities: its public methods (helpers start with `_`)."""
    return {n: f for n, f in vars(cls).items() if callable(f) and not n.startswith("_")}


@pytest.mark.parametrize("name", sorted(activity_methods(CheckoutActivities)))
def test_the_fake_checkout_has_every_activity_with_its_types(name: str):
    real = activity_methods(CheckoutActivities)[name]
    fake = activity_methods(FakeCheckout).get(name)
    assert fake is not None, f"FakeCheckout has no {name}"
    assert typing.get_type_hints(fake) == typing.get_type_hints(real)


def test_the_fake_checkout_has_no_activity_the_real_one_lacks():
    helpers = {"activities", "charged_attempts"}
    assert set(activity_methods(FakeCheckout)) - helpers == set(activity_methods(CheckoutActivities))
    assert sorted(f.__name__ for f in FakeCheckout().activities()) == sorted(
        activity_methods(CheckoutActivities)
    )


def test_the_worker_registers_every_activity_method():
    registered = sorted(f.__name__ for f in activities())
    assert registered == sorted(n for cls in ACTIVITY_CLASSES for n in activity_methods(cls))


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda w: w.__name__)
def test_workflow_modules_are_not_passed_through_the_sandbox(workflow: type):
    parts = workflow.__module__.split(".")
    enclosing = {".".join(parts[: i + 1]) for i in range(len(parts))}
    assert not enclosing & set(PASSTHROUGH)
    assert not enclosing & RUNNER.restrictions.passthrough_modules


def test_the_claim_tells_its_subscription_by_the_name_the_subscription_listens_on():
    """The Claim signals the Subscription that started it by name (the two modules do not import each other): the
    Subscription's handler has that name and takes the rate."""
    from temporalio import workflow

    from domain.billing.claims import CLAIM_CLOSED
    from workflows.subscription import SubscriptionWorkflow

    handler = workflow._Definition.must_from_class(SubscriptionWorkflow).signals[CLAIM_CLOSED]
    assert typing.get_type_hints(handler.fn)["rate"] is int
