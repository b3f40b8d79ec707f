"""A bank that takes SEPA credit transfer files (pain.001.001.03) and answers each transfer later, by signed
callback: booked, or returned. Real adapters: an EBICS client (e.g. `fintech`, `ebics-client`) or a bank's
payment API (Qonto, Solaris, Swan); locally deploy/bank_provider.py answers. Each transfer carries its
end-to-end id (`payout-{payee type}-{payee id}-{n}`), on which the bank deduplicates a file sent twice."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Protocol

import httpx
from sepaxml import SepaTransfer

from core.settings import get_settings


@dataclass(frozen=True)
class CreditTransfer:
    end_to_end_id: str
    name: str
    iban: str
    bic: str
    amount: int  # euro cents
    text: str


class BankRefused(Exception):
    """The bank refused the file as invalid (retrying cannot help)."""


class Bank(Protocol):
    async def send(self, transfers: list[CreditTransfer]) -> str:
        """Hands the transfers over as one pain.001 file; returns the file's message id."""
        ...


def pain001(transfers: list[CreditTransfer], debtor: tuple[str, str, str], day: date) -> bytes:
    name, iban, bic = debtor
    sepa = SepaTransfer(
        {"name": name, "IBAN": iban, "BIC": bic, "batch": True, "currency": "EUR"}, clean=True
    )
    for t in transfers:
        payment = {
            "name": t.name,
            "IBAN": t.iban,
            "amount": t.amount,
            "execution_date": day,
            "description": t.text,
            "endtoend_id": t.end_to_end_id,
        }
        if t.bic:  # within SEPA the IBAN alone reaches the account (a buyer's refund: no BIC known)
            payment["BIC"] = t.bic
        sepa.add_payment(payment)
    return bytes(sepa.export(validate=True))


class HttpBank:
    def __init__(self, base_url: str, api_key: str, debtor: tuple[str, str, str]) -> None:
        self.base_url, self.api_key, self.debtor = base_url.rstrip("/"), api_key, debtor

    async def send(self, transfers: list[CreditTransfer]) -> str:
        body = pain001(transfers, self.debtor, date.today())
        async with httpx.AsyncClient(timeout=15) as c:
            r = await c.post(
                f"{self.base_url}/v1/credit_transfers",
                content=body,
                headers={"Authorization": f"Bearer {self.api_key}", "Content-Type": "application/xml"},
            )
        if 400 <= r.status_code < 500:
            raise BankRefused(f"the bank refused the file: {r.status_code} {r.text[:200]}")
        r.raise_for_status()
        return str(r.json()["message_id"])


@lru_cache(maxsize=1)
def bank() -> Bank:
    s = get_settings()
    return HttpBank(
        s.bank_api_base, s.bank_api_key, (s.payout_debtor_name, s.payout_debtor_iban, s.payout_debtor_bic)
    )
