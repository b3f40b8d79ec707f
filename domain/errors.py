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
        self, code: ErrorCode, message: str | None = None, fields: dict[str, object] | None = None
    ) -> None:
        self.code = code
        self.message = message or MESSAGES.get(code, code.value)
        self.fields = fields
        super().__init__(f"{code}: {self.message}")

    @property
    def status(self) -> int:
        if self.code in TOKEN_ERRORS:
            return 401
        return STATUS.get(self.code, 400)


def invalid(**fields: object) -> DomainError:
    return DomainError(ErrorCode.INVALID_INPUT, fields=fields)
