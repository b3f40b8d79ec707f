"""`/v1/shop/{username}/…/checkout` and `/orders/{token}`: the order, its SetupIntent, pay (update-with-start of
the Checkout workflow) by each method, the 3-D Secure report, the thank-you page, and the offers after it. Each
route parses, calls one use case of `services.checkout` and answers through `api.presenters.checkout`."""

from __future__ import annotations

import hashlib
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request

from api.deps import DB, IdempotencyKey, Temporal
from api.presenters.checkout import (
    checkout_out,
    pay_out,
    paypal_out,
    price_out,
    thank_you,
    upgrade_options_out,
    wire_out,
)
from api.schemas.events import UpgradeIn, UpgradeOptions
from api.schemas.fields import CountryCode
from api.schemas.shop import (
    CheckoutIn,
    CheckoutOut,
    PayIn,
    PayOut,
    PriceOut,
    SepaIn,
    ThankYou,
    UpsellIn,
    WireOut,
)
from api.storefront.texts import Texts
from api.throttle import throttle
from domain.catalog.addons import ADDONS_MAX
from domain.limits import ID_MAX, PROFILE_TEXT_MAX, USERNAME_MAX, VAT_ID_MAX
from domain.orders.consent import CONSENT_WORDING_KEY
from domain.orders.orders import PaymentMethod
from services.checkout import offers, opening, paying, pricing, receipt
from services.referrals import referred_by
from store.orders.queries import order_in_shop

Username = Annotated[str, Path(max_length=USERNAME_MAX)]
TicketCode = Annotated[str, Path(max_length=16)]
OrderToken = Annotated[str, Path(max_length=64)]
TICKET_PAGES_PER_MINUTE = 60  # as the ticket's page: a code cannot be guessed by trying

router = APIRouter()
BUMP_IDS_SHAPE = rf"^[1-9][0-9]{{0,17}}(,[1-9][0-9]{{0,17}}){{0,{ADDONS_MAX - 1}}}$"


@router.get("/{username}/products/{slug}/price", response_model=PriceOut)
async def plan_price(
    username: str,
    slug: str,
    s: DB,
    pricing_plan_id: Annotated[int, Query(ge=1, le=ID_MAX)],
    country: CountryCode | None = None,
    company: Annotated[str | None, Query(max_length=PROFILE_TEXT_MAX)] = None,
    vat_id: Annotated[str | None, Query(max_length=VAT_ID_MAX)] = None,
    coupon_code: Annotated[str | None, Query(max_length=60)] = None,
    # the bumps ticked, by offer id, comma-separated (`bump_ids=3,5`)
    bump_ids: Annotated[str | None, Query(pattern=BUMP_IDS_SHAPE, max_length=200)] = None,
    main_product: bool = True,
) -> PriceOut:
    """What the buyer will pay for the plan given their country (and, as a business, VAT id): the pay button
    shows it before anything is charged. 400 for a VAT id the checkout would refuse."""
    price = await pricing.plan_price(
        s,
        username,
        slug,
        pricing_plan_id,
        country=country,
        company=company,
        vat_id=vat_id,
        coupon_code=coupon_code,
        bump_ids=[int(x) for x in bump_ids.split(",")] if bump_ids else [],
        main_product=main_product,
    )
    return price_out(price)


def _temporal(request: Request) -> opening.TemporalClient:
    return request.app.state.temporal  # type: ignore[no-any-return]


@router.post("/{username}/products/{slug}/checkout", response_model=CheckoutOut, status_code=201)
async def start_checkout(
    idempotency_key: IdempotencyKey, username: str, slug: str, body: CheckoutIn, s: DB, request: Request
) -> CheckoutOut:
    """Creates the order (payment_waiting), prepares its payment (the PaymentIntent that paying confirms, or the
    SetupIntent of a deferred first rate) and starts its Checkout workflow, open for a day from now. No money moves
    here; card data never reaches us. A visitor who came through a publisher's link (the shop's signed click
    cookie) buys for that publisher. The same request again (its key) is the same order: the idempotency layer
    answers a retry with the first answer, and a request run again because the process that ran it died finds the
    order that run made (`opened_by`) instead of opening a second."""
    opened = await opening.open_order(
        s,
        _temporal(request),
        username,
        slug,
        plan_id=body.pricing_plan_id,
        # the buyer's mails and invoice speak the language they read the page in
        payer={
            **body.payer.model_dump(),
            "locale": body.language if "language" in body.model_fields_set else body.payer.locale,
        },
        opt_in_answers=body.opt_in_answers,
        bump_ids=body.bump_ids,
        main_product=body.main_product,
        coupon_code=body.coupon_code,
        referred=lambda seller_id: referred_by(seller_id, request.cookies),
        opened_by=hashlib.sha256(f"{request.url.path}\x00{idempotency_key}".encode()).hexdigest(),
        consent=Texts(body.language)(CONSENT_WORDING_KEY) if body.withdrawal_consent else None,
    )
    return checkout_out(opened)


@router.post("/{username}/orders/{token}/setup_intent", response_model=CheckoutOut, status_code=201)
async def renew_setup_intent(username: str, token: str, s: DB) -> CheckoutOut:
    """Another card on the same checkout page: a new SetupIntent for the same order, so a declined or
    abandoned card never leaves a second order behind. Refused once the checkout is over."""
    return checkout_out(await opening.another_card(s, await order_in_shop(s, username, token)))


@router.post("/{username}/orders/{token}/pay", response_model=PayOut)
async def pay_order(
    idempotency_key: IdempotencyKey, username: str, token: str, body: PayIn, s: DB, client: Temporal
) -> PayOut:
    order = await order_in_shop(s, username, token)
    return pay_out(await paying.pay_by_card(s, client, order, body.payment_method))


@router.post("/{username}/orders/{token}/authenticated", response_model=PayOut)
async def order_authenticated(
    idempotency_key: IdempotencyKey, username: str, token: str, s: DB, client: Temporal
) -> PayOut:
    return pay_out(await paying.back_from_provider(client, await order_in_shop(s, username, token)))


@router.get("/{username}/orders/{token}", response_model=ThankYou)
async def get_order_status(username: str, token: str, s: DB) -> ThankYou:
    return thank_you(await receipt.receipt(s, username, token), username)


@router.post("/{username}/orders/{token}/pay_later", response_model=WireOut)
async def pay_later(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> WireOut:
    """Pay later (core §9 `pay_later`): the order (and its bumps) is delivered now with an invoice due in 14 days,
    paid by bank transfer with the order's reference; reminders before the day; unpaid after it, the seller's
    dunning (and collection) path. Asked again, the same answer. 409 when this order's plan, currency or seller
    does not offer it, when a card payment or a bank transfer of it is under way, or when its checkout is over."""
    order = await order_in_shop(s, username, token)
    return wire_out(await paying.pay_by_transfer(s, client, order, PaymentMethod.pay_later))


@router.post("/{username}/orders/{token}/bank_wire", response_model=WireOut)
async def pay_by_wire(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> WireOut:
    """Pay by bank transfer (core §9): the order (and its bumps) waits its days for a transfer with its reference,
    with its goods and the coupon's use set aside, the instructions mailed and reminded; asked again, the same
    instructions. 409 when this order's plan, currency or seller does not take bank transfers, when a card
    payment of it is under way, or when its checkout is over."""
    order = await order_in_shop(s, username, token)
    return wire_out(await paying.pay_by_transfer(s, client, order, PaymentMethod.bank_wire))


@router.post("/{username}/orders/{token}/sepa", response_model=PayOut)
async def pay_by_sepa(
    idempotency_key: IdempotencyKey,
    username: Username,
    token: OrderToken,
    body: SepaIn,
    request: Request,
    s: DB,
    client: Temporal,
) -> PayOut:
    """Pay by SEPA Direct Debit (core §9 method sepa): the buyer's IBAN and name are the mandate's account, the
    request their consent (its address and browser are kept as its proof). The debit settles days later: the
    answer is `processing`, and the order is paid and delivered once the bank confirms it (the page follows the
    order). The same account sent again is the same debit. 400 for an IBAN that is not valid or not from a SEPA
    country; 409 when this order's plan, currency or seller does not take direct debits, when another payment
    of it is under way, or when its checkout is over."""
    order = await order_in_shop(s, username, token)
    r = await paying.pay_by_sepa(
        s,
        client,
        order,
        iban=body.iban,
        account_holder=body.account_holder,
        ip_address=request.client.host if request.client else "",
        user_agent=request.headers.get("user-agent", ""),
    )
    return pay_out(r)


@router.post("/{username}/orders/{token}/free", response_model=PayOut)
async def take_free_order(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> PayOut:
    """An order with nothing to pay (a coupon took the whole price of a one-time plan) is taken without a payment:
    its goods and the coupon's use are set aside (the last of each to one buyer), then it is delivered like a
    paid one, with no invoice and no sale. 409 `not_free` for an order with a price to pay."""
    return pay_out(await paying.take_free_order(s, client, await order_in_shop(s, username, token)))


@router.post("/{username}/orders/{token}/paypal", response_model=PayOut)
async def pay_by_paypal(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> PayOut:
    """Pay with PayPal (core §9 method paypal): a PayPal order for what the checkout charges, which the buyer
    approves at PayPal (`approve_url`); PayPal sends them back to the shop, which finishes the payment
    (`…/paypal/return`). Asked again, the same PayPal order. 409 when this order's plan, currency or seller does
    not take PayPal, or when its checkout is over."""
    return paypal_out(await paying.pay_by_paypal(s, client, await order_in_shop(s, username, token)))


@router.post("/{username}/orders/{token}/paypal/return", response_model=PayOut)
async def paypal_returned(
    idempotency_key: IdempotencyKey, username: Username, token: OrderToken, s: DB, client: Temporal
) -> PayOut:
    """The buyer is back from PayPal: an approved PayPal order is captured (once) and the order paid; one not
    approved (the buyer cancelled) leaves the checkout open for another try."""
    return paypal_out(await paying.back_from_provider(client, await order_in_shop(s, username, token)))


@router.post("/{username}/orders/{token}/upsells", response_model=PayOut)
async def buy_upsell(
    idempotency_key: IdempotencyKey,
    username: Username,
    token: Annotated[str, Path(max_length=64)],
    body: UpsellIn,
    s: DB,
    client: Temporal,
) -> PayOut:
    """One click on the thank-you page: the upsell (or downsell) becomes its own order (type bump) and is charged
    with the card that paid this order, off-session (no card entered again, no second 3-D Secure challenge where
    the bank allows it). Asked again (a double click, a retry), it finds the same order and its one charge. The
    answer is the payment's, as for `/pay` (`requires_action` with a client secret when the bank insists).
    409 `upsell_unavailable` when this order offers no such upsell now or has no card to charge."""
    return pay_out(await offers.buy_offer(s, client, username, token, body.addon_id))


# ----- a ticket's upgrade (core §3 order type `upgrade`) ------------------------------------------------------------
@router.get("/{username}/tickets/{code}/upgrades", response_model=UpgradeOptions)
async def ticket_upgrades(username: Username, code: TicketCode, request: Request, s: DB) -> UpgradeOptions:
    """The dearer tickets of the same event this ticket can be upgraded to, each with the difference to pay."""
    throttle(request, "ticket-page", TICKET_PAGES_PER_MINUTE)
    return upgrade_options_out(await offers.ticket_upgrades(s, username, code))


@router.post("/{username}/tickets/{code}/upgrade", response_model=CheckoutOut, status_code=201)
async def start_upgrade(
    idempotency_key: IdempotencyKey,
    username: Username,
    code: TicketCode,
    body: UpgradeIn,
    request: Request,
    s: DB,
) -> CheckoutOut:
    """An upgrade's checkout: its own order (type `upgrade`) for the difference, paid like any order through
    `/orders/{token}/pay`. Its seat is set aside before money moves; once paid, the old ticket lets no one in and
    gives its seat back; a refund of the upgrade gives the old ticket back. 409 when the ticket is not upgradable
    to this plan (used, refunded, upgraded already, or the plan is not dearer, sold out or over)."""
    throttle(request, "ticket-page", TICKET_PAGES_PER_MINUTE)
    opened = await offers.start_upgrade(s, _temporal(request), username, code, body.pricing_plan_id)
    return checkout_out(opened)
