"""Which mails a user chooses to get (core §2 `/publish/email_notification`; issue 23). Mails about money and
access (payments, refunds, payouts, invitations) always go; the notices here are the ones a busy seller or
publisher may turn off, each for the mail it stands for. Everything is on until the user turns it off."""

from __future__ import annotations

from enum import StrEnum

from domain.mail import MailTemplate


class Notice(StrEnum):
    program_decisions = "program_decisions"  # to a publisher: a seller accepted, rejected or ended them
    publisher_requests = "publisher_requests"  # to a seller: a publisher asks to join a program


NOTICE_OF: dict[MailTemplate, Notice] = {
    MailTemplate.affiliate_decided: Notice.program_decisions,
    MailTemplate.affiliate_requested: Notice.publisher_requests,
}

# the notices each area's settings page offers
AREA_NOTICES: dict[str, tuple[Notice, ...]] = {
    "publish": (Notice.program_decisions,),
    "cabinet": (Notice.publisher_requests,),
}


def wanted(template: MailTemplate, muted: list[str] | None) -> bool:
    """Whether a mail of `template` goes to a user who turned off `muted`."""
    notice = NOTICE_OF.get(template)
    return notice is None or notice.value not in (muted or [])
