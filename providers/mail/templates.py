"""Mail templates: `templates/{locale}/{name}.txt`, Jinja2: every mail in English and German, the buyer's order mails
(domain.mail.BUYER_MAILS) in all 20 buyer languages; a mail is written in the recipient's language where its
template is, in English otherwise. A template's first line is `Subject: …`, then a blank line, then the body."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from domain.mail import MAIL_LOCALES, MailTemplate

TEMPLATES = Path(__file__).parent / "templates"


@dataclass(frozen=True)
class RenderedMail:
    subject: str
    body: str


@lru_cache(maxsize=1)
def _env() -> Environment:
    # Plain-text mails: no HTML escaping; a missing variable is an error, never an empty hole in a mail.
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=False,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )


@lru_cache(maxsize=512)
def _language(template: MailTemplate, locale: str) -> str:
    """The recipient's language where the template is written in it, English otherwise (asked once per pair)."""
    return locale if (TEMPLATES / locale / f"{template.value}.txt").is_file() else MAIL_LOCALES[0]


def render(template: MailTemplate, locale: str, context: dict[str, str]) -> RenderedMail:
    lang = _language(template, locale)
    text = _env().get_template(f"{lang}/{template.value}.txt").render(**context)
    head, _, body = text.partition("\n\n")
    if not head.startswith("Subject: "):
        raise ValueError(f"mail template {lang}/{template.value} has no subject line")
    # one line, whatever a name or title in it held (a line break in a header is refused by the mail library)
    return RenderedMail(subject=" ".join(head.removeprefix("Subject: ").split()), body=body)
