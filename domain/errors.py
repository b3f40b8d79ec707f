"""Error codes of the error catalogue (core §8) and the one exception type that carries them."""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    INVALID_INPUT = "INVALID_INPUT"
    INVALID_CREDENTIALS = "INVALID_CREDENTIALS"
    FORBIDDEN = "FORBIDDEN"
    NOT_FOUND = "NOT_FOUND"
    CONFLICT = "CONFLICT"
    NOT_SELLABLE = "NOT_SELLABLE"
    PAYMENT_FAILED = "PAYMENT_FAILED"
    MS_MAX_CONCURRENT_REQ = "MS_MAX_CONCURRENT_REQ"
    MS_UNAVAILABLE = "MS_UNAVAILABLE"
    # token error types
    expired_access_token = "expired_access_token"
    missing_access_token = "missing_access_token"
    invalid_access_token = "invalid_access_token"
    expired_refresh_token = "expired_refresh_token"
    missing_refresh_token = "missing_refresh_token"
    invalid_refresh_token = "invalid_refresh_token"


STATUS = {
    ErrorCode.INVALID_INPUT: 400,
    ErrorCode.INVALID_CREDENTIALS: 401,
    ErrorCode.FORBIDDEN: 403,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.CONFLICT: 409,
    ErrorCode.NOT_SELLABLE: 422,
    ErrorCode.PAYMENT_FAILED: 402,
    ErrorCode.MS_MAX_CONCURRENT_REQ: 429,
    ErrorCode.MS_UNAVAILABLE: 503,
}
TOKEN_ERRORS = frozenset(c for c in ErrorCode if c.endswith("_token"))

MESSAGES = {
    ErrorCode.INVALID_INPUT: "Some fields are invalid.",
    ErrorCode.INVALID_CREDENTIALS: "Email or password is wrong.",
    ErrorCode.FORBIDDEN: "You are not allowed to do this.",
    ErrorCode.NOT_FOUND: "Not found.",
    ErrorCode.CONFLICT: "Already exists.",
    ErrorCode.NOT_SELLABLE: "This product cannot be sold right now.",
    ErrorCode.PAYMENT_FAILED: "The payment failed.",
    ErrorCode.MS_MAX_CONCURRENT_REQ: "retry later",
    ErrorCode.MS_UNAVAILABLE: "The service is unavailable, please try again.",
    ErrorCode.expired_access_token: "The access token has expired.",
    ErrorCode.missing_access_token: "The access token is missing.",
    ErrorCode.invalid_access_token: "The access token is invalid.",
    ErrorCode.expired_refresh_token: "The refresh token has expired.",
    ErrorCode.missing_refresh_token: "The refresh token is missing.",
    ErrorCode.invalid_refresh_token: "The refresh token is invalid.",
}


class DomainError(Exception):
    def __init__(
        self,
        code: ErrorCode,
        message: str | None = None,
        fields: dict[str, object] | None = None,
        reason: str | None = None,
    ) -> None:
        self.code = code
        self.message = message or MESSAGES.get(code, code.value)
        self.fields = fields
        # a code the web app words: a Refusal's for a 409 of an action that does not apply, or a rule's
        self.reason: str | None = reason
        super().__init__(f"{code}: {self.message}")

    @property
    def status(self) -> int:
        if self.code in TOKEN_ERRORS:
            return 401
        return STATUS.get(self.code, 400)


def invalid(**fields: object) -> DomainError:
    return DomainError(ErrorCode.INVALID_INPUT, fields=fields)


class Refusal(StrEnum):
    """Why an action on a running workflow does not apply: the type of the `ApplicationError` an update's validator
    raises (before anything reaches the workflow's history), answered as 409 CONFLICT with `reason` set to this
    code. The web app words each code in en and de; MESSAGES_REFUSED is the API's English."""

    gone = "gone"  # no running workflow answers (it ended, or never ran)
    subscription_ended = "subscription_ended"
    subscription_starting = "subscription_starting"  # bought a moment ago: its workflow has not started yet
    subscription_not_active = "subscription_not_active"
    subscription_not_paused = "subscription_not_paused"
    subscription_change_pending = "subscription_change_pending"
    subscription_ending = "subscription_ending"
    claim_closed = "claim_closed"
    claim_paused = "claim_paused"
    claim_not_paused = "claim_not_paused"
    claim_with_agency = "claim_with_agency"
    legitimation_closed = "legitimation_closed"
    legitimation_not_collecting = "legitimation_not_collecting"
    legitimation_not_in_review = "legitimation_not_in_review"
    legitimation_not_legitimated = "legitimation_not_legitimated"
    domain_not_checkable = "domain_not_checkable"
    domain_deleted = "domain_deleted"
    deletion_closed = "deletion_closed"
    deletion_not_ready = "deletion_not_ready"
    deletion_confirmed = "deletion_confirmed"
    deletion_not_deactivated = "deletion_not_deactivated"
    cashout_pending = "cashout_pending"
    payout_not_eligible = "payout_not_eligible"
    path_taken = "path_taken"  # a builder page's address is a product's or another page's
    page_exists = "page_exists"  # the shop has this page (its home page, a product's page) already
    stale_draft = "stale_draft"  # the page's draft was saved elsewhere since it was opened
    not_a_member = "not_a_member"  # a membership page opened by someone who did not buy the membership
    membership_closed = "membership_closed"  # a membership page opened by a member whose access ended
    too_many = "too_many"  # a list kept per seller (pages, saved views) is full
    font_exists = "font_exists"  # a custom font of this name, weight and style is there already
    node_state = "node_state"  # an affiliate node in a state this decision does not apply to
    team_state = "team_state"  # a team invitation or membership in a state this action does not apply to
    # an invitation to an address is accepted once the address is confirmed
    email_unconfirmed = "email_unconfirmed"
    reseller_state = "reseller_state"  # a reseller request or selling mode this action does not apply to
    webhook_endpoint_off = (
        "webhook_endpoint_off"  # a webhook endpoint that is inactive or paused sends nothing
    )
    # the checkout (its workflow's validators and the pay routes): domain.payments.gateways says which method can
    # pay which plan; the seller's method matrix which it offers
    checkout_over = "checkout_over"  # paid, expired or lapsed: the checkout takes no more payments
    method_not_offered = "method_not_offered"
    method_not_for_plan = "method_not_for_plan"
    sepa_not_offered = "sepa_not_offered"
    sepa_not_for_plan = "sepa_not_for_plan"
    paypal_not_offered = "paypal_not_offered"
    paypal_not_for_plan = "paypal_not_for_plan"
    wire_not_offered = "wire_not_offered"
    wire_not_for_plan = "wire_not_for_plan"
    pay_later_not_offered = "pay_later_not_offered"
    pay_later_not_for_plan = "pay_later_not_for_plan"
    wire_chosen = "wire_chosen"  # the order waits for a bank transfer
    pay_later_chosen = "pay_later_chosen"  # the order is delivered and paid by its invoice
    card_in_progress = "card_in_progress"  # a card attempt waits for 3-D Secure or the provider
    sepa_in_progress = "sepa_in_progress"  # a direct debit is being processed: it cannot be called back
    free_order = "free_order"  # nothing to pay: taken (`…/free`), never charged
    not_free = "not_free"  # a price to pay: not taken for free
    upsell_unavailable = "upsell_unavailable"  # no such offer for this order now, or no card to charge
    upgrade_unavailable = "upgrade_unavailable"  # the ticket cannot be upgraded to that plan


MESSAGES_REFUSED = {
    Refusal.gone: "This is no longer running.",
    Refusal.subscription_ended: "This subscription has ended.",
    Refusal.subscription_starting: "This subscription is just starting; please try again in a moment.",
    Refusal.subscription_not_active: "Only a running subscription can be paused.",
    Refusal.subscription_not_paused: "Only a paused subscription can be resumed.",
    Refusal.subscription_change_pending: "Another change of this subscription is being applied.",
    Refusal.subscription_ending: "This subscription already ends with its current period.",
    Refusal.claim_closed: "This claim is closed.",
    Refusal.claim_paused: "The reminders of this claim are paused already.",
    Refusal.claim_not_paused: "The reminders of this claim are not paused.",
    Refusal.claim_with_agency: "This claim is with the collection agency; dunning is over.",
    Refusal.legitimation_closed: "This legitimation is closed.",
    Refusal.legitimation_not_collecting: "The profile is under review and cannot be submitted again.",
    Refusal.legitimation_not_in_review: "This legitimation is not under review.",
    Refusal.legitimation_not_legitimated: "Limits apply only to a legitimated seller.",
    Refusal.domain_not_checkable: "This domain is verified; there is nothing to check.",
    Refusal.domain_deleted: "This domain is being removed.",
    Refusal.deletion_closed: "There is no running request to close this account.",
    Refusal.deletion_not_ready: "Not every check passes yet.",
    Refusal.deletion_confirmed: "This request is confirmed and can no longer be cancelled.",
    Refusal.deletion_not_deactivated: "This account is not deactivated.",
    Refusal.cashout_pending: "A payout is being prepared already.",
    Refusal.payout_not_eligible: "Nothing can be paid out right now.",
    Refusal.path_taken: "A product or another page of the shop has this address.",
    Refusal.page_exists: "The shop has this page already.",
    Refusal.stale_draft: "The page was saved elsewhere since you opened it; reload it to see those changes.",
    Refusal.not_a_member: "This page is for the membership's members.",
    Refusal.membership_closed: "Your access to this membership has ended.",
    Refusal.too_many: "This keeps no more; delete one first.",
    Refusal.font_exists: "This font has this weight and style already.",
    Refusal.node_state: "This publisher's request is not in a state this applies to.",
    Refusal.team_state: "This invitation or membership is not in a state this applies to.",
    Refusal.email_unconfirmed: "Confirm your e-mail address first: the invitation is for whoever owns it.",
    Refusal.reseller_state: "This does not apply to the way this shop sells now.",
    Refusal.webhook_endpoint_off: "This endpoint is turned off or paused; turn it on first.",
    Refusal.checkout_over: "This checkout is over; reload the page.",
    Refusal.method_not_offered: "This order cannot be paid this way.",
    Refusal.method_not_for_plan: "This plan cannot be paid this way.",
    Refusal.sepa_not_offered: "This order cannot be paid by direct debit.",
    Refusal.sepa_not_for_plan: "A direct debit pays one payment: this plan is paid by card.",
    Refusal.paypal_not_offered: "This order cannot be paid with PayPal.",
    Refusal.paypal_not_for_plan: "PayPal pays one payment: this plan is paid by card.",
    Refusal.wire_not_offered: "This order cannot be paid by bank transfer.",
    Refusal.wire_not_for_plan: "A bank transfer pays one payment: this plan is paid by card.",
    Refusal.pay_later_not_offered: "This order cannot be paid later.",
    Refusal.pay_later_not_for_plan: "Paying later pays one payment: this plan is paid by card.",
    Refusal.wire_chosen: "This order waits for your bank transfer.",
    Refusal.pay_later_chosen: "This order is paid later, by its invoice: please transfer the amount it names.",
    Refusal.card_in_progress: "A card payment of this order is in progress.",
    Refusal.sepa_in_progress: "A direct debit of this order is being processed; it cannot be paid another way meanwhile.",
    Refusal.free_order: "This order is free: take it without a payment.",
    Refusal.not_free: "This order has a price to pay.",
    Refusal.upsell_unavailable: "This offer is not available for this order.",
    Refusal.upgrade_unavailable: "This ticket cannot be upgraded to that plan.",
}


def refused(reason: Refusal | str) -> DomainError:
    """409 CONFLICT for an action that does not apply; `reason` is the refusal's code (the web app's words)."""
    code = Refusal(reason) if reason in Refusal.__members__ else Refusal.gone
    err = DomainError(ErrorCode.CONFLICT, MESSAGES_REFUSED[code])
    err.reason = code.value
    return err
