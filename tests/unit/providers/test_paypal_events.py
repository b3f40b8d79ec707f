"""PayPal's webhook events read in one place: a body that is not an event is refused before anything is stored, and
an approval or a capture names the order and the PayPal order it is about (any other event names none)."""

from __future__ import annotations

import json

import pytest

from providers.paypal.events import NotAnEvent, parse_event, paypal_order_of


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"not json",
        b"[]",
        b'{"id": "WH-1"}',
        b'{"id": "WH-1", "event_type": "CHECKOUT.ORDER.APPROVED", "resource": []}',
        b'{"id": "", "event_type": "CHECKOUT.ORDER.APPROVED", "resource": {}}',
        json.dumps({"id": "W" * 101, "event_type": "X", "resource": {}}).encode(),
    ],
)
def test_a_body_that_is_not_an_event_is_refused(body: bytes) -> None:
    with pytest.raises(NotAnEvent):
        parse_event(body)


def test_an_approval_and_a_capture_name_their_order() -> None:
    approved = parse_event(
        json.dumps(
            {
                "id": "WH-1",
                "event_type": "CHECKOUT.ORDER.APPROVED",
                "resource": {"id": "PO-1", "purchase_units": [{"custom_id": "tok1"}]},
            }
        ).encode()
    )
    assert paypal_order_of(approved.type, approved.resource) == ("tok1", "PO-1")
    capture = {"custom_id": "tok2", "supplementary_data": {"related_ids": {"order_id": "PO-2"}}}
    assert paypal_order_of("PAYMENT.CAPTURE.COMPLETED", capture) == ("tok2", "PO-2")
    assert paypal_order_of("PAYMENT.CAPTURE.COMPLETED", {"supplementary_data": {"related_ids": []}}) == (
        None,
        None,
    )
    assert paypal_order_of("CUSTOMER.DISPUTE.CREATED", {"id": "PP-D-1"}) == (None, None)
