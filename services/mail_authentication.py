"""What a manager sees of the platform's mail authentication: the records the sending domain publishes (SPF, DMARC,
the DKIM key), each looked up through the resolver and said to be published only when the answer carries that
very value."""

from __future__ import annotations

from dataclasses import dataclass

from providers.dns.resolver import DnsLookupError, txt_lookup
from providers.mail.dkim import MailRecord, dkim_key, mail_records, sending_domain


@dataclass(frozen=True)
class MailAuthentication:
    """The sending domain, whether its mail is signed, and each record with whether it is published (None: the
    resolver did not answer)."""

    domain: str
    signed: bool
    records: list[tuple[MailRecord, bool | None]]


def _same(a: str, b: str) -> bool:
    return "".join(a.split()).strip('"') == "".join(b.split()).strip('"')


async def mail_authentication() -> MailAuthentication:
    key = dkim_key()
    checked: list[tuple[MailRecord, bool | None]] = []
    for record in mail_records(key):
        try:
            found = await txt_lookup().txt_values(record.name)
        except DnsLookupError:
            checked.append((record, None))
            continue
        checked.append((record, any(_same(v, record.value) for v in found)))
    return MailAuthentication(sending_domain(), key is not None, checked)
