"""Event rules: the payment ticket's code as typed at the door, its state, and whether it may come in."""

from datetime import UTC, datetime, timedelta

from domain.catalog.events import (
    CODE_LEN,
    CheckInRefusal,
    PaymentTicketState,
    check_in_refusal,
    dates_problem,
    new_code,
    shown_code,
    ticket_over,
    ticket_state,
    time_zone_ok,
    typed_code,
)

NOW = datetime(2027, 5, 1, 12, tzinfo=UTC)


def test_a_code_reads_back_however_it_is_typed():
    code = new_code()
    assert len(code) == CODE_LEN and typed_code(shown_code(code)) == code
    assert typed_code(f"  {shown_code(code).lower()} ") == code
    assert typed_code(code[:5] + " " + code[5:]) == code
    for bad in ("", "ABC", "O0O0O-I1I1I", "<script>alert", code + "X"):
        assert typed_code(bad) is None, bad


def test_a_ticket_state_follows_its_order_check_in_and_dates():
    base = {"used": False, "invalidated": False, "refunded": False, "over": False}
    assert ticket_state(**base) == PaymentTicketState.unused
    assert ticket_state(**{**base, "used": True}) == PaymentTicketState.used
    assert ticket_state(**{**base, "used": True, "refunded": True}) == PaymentTicketState.refunded
    assert ticket_state(**{**base, "invalidated": True}) == PaymentTicketState.invalidated
    assert ticket_state(**{**base, "over": True}) == PaymentTicketState.expired
    assert check_in_refusal(PaymentTicketState.unused) is None
    assert check_in_refusal(PaymentTicketState.used) == CheckInRefusal.ticket_used
    assert check_in_refusal(PaymentTicketState.refunded) == CheckInRefusal.ticket_refunded


def test_an_event_is_over_after_its_end_and_a_ticket_without_dates_never_is():
    assert ticket_over(NOW - timedelta(hours=3), NOW - timedelta(hours=1), False, NOW)
    assert not ticket_over(NOW - timedelta(hours=3), NOW + timedelta(hours=1), False, NOW)  # running
    assert not ticket_over(
        NOW - timedelta(hours=1), None, False, NOW
    )  # no end: the door is open while it runs
    assert ticket_over(NOW - timedelta(days=2), None, False, NOW)
    assert not ticket_over(None, None, True, NOW)
    assert dates_problem(None, None, False) == "starts_at_required"
    assert dates_problem(NOW, NOW - timedelta(minutes=1), False) == "ends_before_start"
    assert dates_problem(None, None, True) is None
    assert time_zone_ok("Europe/Vienna") and not time_zone_ok("Mars/Olympus")


def test_a_ticket_prints_its_time_in_the_events_own_zone():
    from domain.catalog.events import ticket_when

    start = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)
    assert ticket_when(start, None, "Europe/Vienna", False, "Any day") == "2026-12-05 19:00 (Europe/Vienna)"
    assert (
        ticket_when(start, start + timedelta(hours=3), "Europe/Vienna", False, "x")
        == "2026-12-05 19:00 – 22:00 (Europe/Vienna)"
    )
    assert (
        ticket_when(start, start + timedelta(days=2), "UTC", False, "x")
        == "2026-12-05 18:00 – 2026-12-07 18:00 (UTC)"
    )
    assert ticket_when(None, None, "UTC", True, "Any day") == "Any day"
