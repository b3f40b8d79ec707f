"""What the card provider can refuse, in Sellflow's words (callers never catch the SDK's exceptions for these)."""

from __future__ import annotations


class ProviderDeclined(Exception):
    """The provider refused the request for a reason the buyer can read (a 4xx such as a card decline)."""

    def __init__(self, message: str, code: str | None = None, intent_id: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.intent_id = intent_id


class WebhookRejected(Exception):
    """A webhook whose signature, timestamp or shape does not check out; `part` names which."""

    def __init__(self, message: str, part: str = "signature") -> None:
        super().__init__(message)
        self.message = message
        self.part = part


class ProviderRefused(Exception):
    """The provider refused a request as invalid (a 4xx other than a card decline): retrying cannot help."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
