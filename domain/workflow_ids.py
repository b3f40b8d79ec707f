"""Workflow ids are business keys (DESIGN.md): a retried request finds the running workflow instead of starting
a second one, and a unique constraint in PostgreSQL backs each key. Every id is built here and nowhere else."""

from __future__ import annotations


def checkout_id(order_token: str) -> str:
    return f"checkout-{order_token}"


def mail_id(key: str) -> str:
    """The Mail workflow of the mail with this business key (`order-{token}-payer-confirmation`, …)."""
    return f"mail-{key}"


def subscription_id(order_token: str) -> str:
    return f"subscription-{order_token}"


def claim_id(order_token: str, rate: int) -> str:
    """Dunning and debt collection of one unpaid rate."""
    return f"claim-{order_token}-{rate}"


def rate_payment_id(order_token: str, rate: int) -> str:
    """The payer paying one past-due rate whose claim has closed (a run per attempt: a declined card may be
    followed by another)."""
    return f"rate-payment-{order_token}-{rate}"


def payout_id(payee_type: str, payee_id: int) -> str:
    return f"payout-{payee_type}-{payee_id}"


def legitimation_id(seller_id: int) -> str:
    return f"legitimation-{seller_id}"


def account_deletion_id(seller_id: int) -> str:
    return f"account-deletion-{seller_id}"


def domain_id(domain_row_id: int) -> str:
    return f"domain-{domain_row_id}"


def refund_id(order_token: str, n: int) -> str:
    return f"refund-{order_token}-{n}"


def export_id(seller_id: int, period: str) -> str:
    """A bookkeeping export of one period (`2026-11`, `2026-Q4`)."""
    return f"export-{seller_id}-{period}"


def platform_invoices_id(period: str) -> str:
    """The month close that issues every seller's platform invoice for `period` (`2026-11`)."""
    return f"platform-invoices-{period}"


MONTH_CLOSE_ID = "month-close"  # the one long-lived workflow that starts each month's close


WEBHOOK_DISPATCH_ID = "webhook-dispatch"  # the one workflow that hands seller events to their endpoints


NOTIFICATION_MAILS_ID = "notification-mails"  # the one workflow that mails the sellers' notifications
INCOME_CLOCK_ID = "income-clock"  # the one long-lived workflow that starts each day's income summaries


def income_summaries_id(day: str) -> str:
    """The income summaries (day, and week or month when due) of the UTC day `day` (`2026-11-26`)."""
    return f"income-summaries-{day}"


def retention_id(scope: int) -> str:
    """A seller's retention (`retention-{seller id}`), or the platform's (`retention-platform`, scope 0)."""
    return "retention-platform" if scope == 0 else f"retention-{scope}"


def webhook_delivery_id(delivery_id: int) -> str:
    """One delivery of one seller event to one endpoint (a replay is a delivery of its own)."""
    return f"webhook-delivery-{delivery_id}"


def provider_task_queue(task_queue: str, provider: str) -> str:
    """The task queue of one provider's calls beside a workflow's own (`sellflow-stripe`): its worker holds the
    provider's rate limit for every worker of the deployment (Temporal's task-queue activity rate limit)."""
    return f"{task_queue}-{provider}"
