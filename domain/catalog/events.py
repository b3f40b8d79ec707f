"""Event tickets (editor §3 Ticket; core §3 Payment ticket, §4 payment ticket states): a ticket's dates, place
and capacity; the payment ticket a paid order holds, its code, its state and its check-in. Pure rules."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

TICKET_NAME_MAX = 300
LOCATION_MAX = 300
TIME_ZONE_MAX = 64
TICKETS_MAX = 50  # tickets per event (not shown; docs/DECISIONS.md)
TICKET_LIMIT_MAX = 1_000_000
UNTIMED_LENGTH = timedelta(days=1)  # an event with a start and no end is open for a day

# A payment ticket's code: ten characters without look-alikes (no 0/O, 1/I/L), shown as XXXXX-XXXXX: 50 bits.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LEN = 10
CODE_SHAPE = r"^[2-9A-HJ-KM-NP-Za-hj-km-np-z -]{10,16}$"


class PaymentTicketState(StrEnum):
    """core §4: a payment ticket's state, derived from its order, its check-in and its event's dates."""

    used = "used"
    unused = "unused"
    refunded = "refunded"
    expired = "expired"
    invalidated = "invalidated"


class CheckInRefusal(StrEnum):
    ticket_used = "ticket_used"
    ticket_refunded = "ticket_refunded"
    ticket_invalidated = "ticket_invalidated"
    ticket_expired = "ticket_expired"
    ticket_upgraded = "ticket_upgraded"  # its holder upgraded it: the new ticket has its own code


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))


def shown_code(code: str) -> str:
    return f"{code[:5]}-{code[5:]}"


def typed_code(value: str) -> str | None:
    """A code as typed at the door (any case, spaces and dashes anywhere) in its stored form, or None."""
    code = "".join(c for c in value.upper() if c not in " -")
    if len(code) != CODE_LEN or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def time_zone_ok(value: str) -> bool:
    return value in _ZONES


_ZONES = frozenset(available_timezones())


def ticket_over(
    starts_at: datetime | None, ends_at: datetime | None, without_dates: bool, now: datetime
) -> bool:
    """The event is over: its end has passed (without an end, a day after its start: the door stays open while
    it runs). A ticket without dates never ends."""
    if without_dates:
        return False
    last = ends_at or (starts_at + UNTIMED_LENGTH if starts_at else None)
    return last is not None and last < now


def ticket_state(
    *,
    used: bool,
    invalidated: bool,
    refunded: bool,
    over: bool,
    upgraded: bool = False,
) -> PaymentTicketState:
    if refunded:
        return PaymentTicketState.refunded
    if invalidated or upgraded:
        return PaymentTicketState.invalidated
    if used:
        return PaymentTicketState.used
    if over:
        return PaymentTicketState.expired
    return PaymentTicketState.unused


def check_in_refusal(state: PaymentTicketState) -> CheckInRefusal | None:
    """Why a ticket cannot be let in (None: it can, once)."""
    return {
        PaymentTicketState.used: CheckInRefusal.ticket_used,
        PaymentTicketState.refunded: CheckInRefusal.ticket_refunded,
        PaymentTicketState.invalidated: CheckInRefusal.ticket_invalidated,
        PaymentTicketState.expired: CheckInRefusal.ticket_expired,
    }.get(state)


def dates_problem(starts_at: datetime | None, ends_at: datetime | None, without_dates: bool) -> str | None:
    if without_dates:
        return None
    if starts_at is None:
        return "starts_at_required"
    if ends_at is not None and ends_at < starts_at:
        return "ends_before_start"
    return None


# The words of a ticket's PDF in each of the 20 buyer languages (domain.languages.BUYER_LANGUAGES).
_TICKET_KEYS = ("ticket", "when", "where", "holder", "any_day", "online")
TICKET_PDF_WORDS = {
    lang: dict(zip(_TICKET_KEYS, words, strict=True))
    for lang, words in {
        "en": ("Ticket", "When", "Where", "Holder", "Any day", "Online"),
        "de": ("Ticket", "Wann", "Wo", "Inhaber", "An jedem Tag", "Online"),
        "es": ("Entrada", "Cuándo", "Dónde", "Titular", "Cualquier día", "En línea"),
        "fr": ("Billet", "Quand", "Où", "Titulaire", "N’importe quel jour", "En ligne"),
        "it": ("Biglietto", "Quando", "Dove", "Intestatario", "Qualsiasi giorno", "Online"),
        "nl": ("Ticket", "Wanneer", "Waar", "Houder", "Elke dag", "Online"),
        "pl": ("Bilet", "Kiedy", "Gdzie", "Posiadacz", "Dowolny dzień", "Online"),
        "pt_br": ("Ingresso", "Quando", "Onde", "Titular", "Qualquer dia", "Online"),
        "pt_pt": ("Bilhete", "Quando", "Onde", "Titular", "Qualquer dia", "Online"),
        "cs": ("Vstupenka", "Kdy", "Kde", "Držitel", "Kterýkoli den", "Online"),
        "da": ("Billet", "Hvornår", "Hvor", "Indehaver", "Enhver dag", "Online"),
        "sv": ("Biljett", "När", "Var", "Innehavare", "Vilken dag som helst", "Online"),
        "no": ("Billett", "Når", "Hvor", "Innehaver", "Hvilken som helst dag", "Online"),
        "el": ("Εισιτήριο", "Πότε", "Πού", "Κάτοχος", "Οποιαδήποτε ημέρα", "Διαδικτυακά"),
        "hr": ("Ulaznica", "Kada", "Gdje", "Vlasnik", "Bilo koji dan", "Online"),
        "hu": ("Jegy", "Mikor", "Hol", "Tulajdonos", "Bármely nap", "Online"),
        "ro": ("Bilet", "Când", "Unde", "Titular", "Orice zi", "Online"),
        "tr": ("Bilet", "Ne zaman", "Nerede", "Sahibi", "Herhangi bir gün", "Çevrim içi"),
        "ar": ("تذكرة", "متى", "أين", "حاملها", "أي يوم", "عبر الإنترنت"),
        "ko": ("티켓", "일시", "장소", "소지자", "아무 날이나", "온라인"),
    }.items()
}


def ticket_when(
    starts_at: datetime | None, ends_at: datetime | None, time_zone: str, without_dates: bool, any_day: str
) -> str:
    """When, as the ticket prints it: in the event's own time zone, named."""
    if without_dates or starts_at is None:
        return any_day
    zone = ZoneInfo(time_zone) if time_zone_ok(time_zone) else ZoneInfo("UTC")
    start = starts_at.astimezone(zone)
    text = start.strftime("%Y-%m-%d %H:%M")
    if ends_at is not None:
        end = ends_at.astimezone(zone)
        text += " – " + (
            end.strftime("%H:%M") if end.date() == start.date() else end.strftime("%Y-%m-%d %H:%M")
        )
    return f"{text} ({zone.key})"


def upgrade_price(held_value: int, target_price: int) -> int | None:
    """What upgrading costs (core §3 order type `upgrade`): the difference to a dearer ticket of the same event;
    None when the target is not dearer (a ticket is never upgraded down or sideways for nothing)."""
    return target_price - held_value if target_price > held_value else None


# An event ticket's design (editor §2 event tickets: "design"): the colour of its frame and band, the seller's logo,
# a note printed under the code, and whether the seller's name heads it. Values not shown; docs/DECISIONS.md.
TICKET_ACCENT_DEFAULT = "#285a5a"
TICKET_NOTE_MAX = 300
TICKET_LOGO_MAX_BYTES = 2 * 1024 * 1024
TICKET_LOGO_MIN_PX = 64  # a logo smaller than this prints blurred
TICKET_LOGO_MAX_PX = 4000


@dataclass(frozen=True)
class TicketDesign:
    accent_color: str = TICKET_ACCENT_DEFAULT
    note: str | None = None
    show_seller: bool = True
    logo_file_id: int | None = None

    @classmethod
    def of(cls, stored: dict[str, Any] | None) -> TicketDesign:
        d = stored or {}
        return cls(
            accent_color=d.get("accent_color") or TICKET_ACCENT_DEFAULT,
            note=d.get("note") or None,
            show_seller=d.get("show_seller", True),
            logo_file_id=d.get("logo_file_id"),
        )


def hex_rgb(color: str) -> tuple[int, int, int]:
    """#abc or #aabbcc (editor §5 hex colour) as red, green and blue."""
    digits = color.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
