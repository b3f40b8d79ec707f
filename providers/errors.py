"""What a provider's call failed with, and whether trying again later can help."""

from __future__ import annotations


class ProviderError(Exception):
    def __init__(self, message: str, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable
