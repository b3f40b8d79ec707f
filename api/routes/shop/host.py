"""`GET /v1/shop/_host`: the shop a verified domain serves, resolved from the request's `Host` header.

The web app, when it is opened on a seller's domain, asks this once and then uses the ordinary
`/v1/shop/{username}/…` routes; a reverse proxy in front of Sellflow asks the same (Caddy's on-demand TLS `ask`
endpoint, an nginx `auth_request`) before it serves or gets a certificate for a hostname: 200 for a verified
domain (active or active_with_ssl), 404 for anything else. `_host` cannot be a username (usernames start with a
letter or digit), so it never shadows a shop."""

from __future__ import annotations

from fastapi import APIRouter, Request

from api.deps import DB
from api.schemas.domains import HostShop
from api.web import host_of
from domain.errors import DomainError, ErrorCode
from store.accounts.queries import seller_user_of
from store.domains.queries import seller_of_host

router = APIRouter()


@router.get("/_host", response_model=HostShop)
async def shop_of_host(request: Request, s: DB) -> HostShop:
    host = host_of(request)
    found = await seller_of_host(s, host) if host else None
    user = await seller_user_of(s, found[1].id) if found else None
    if found is None or user is None or not user.username:
        raise DomainError(ErrorCode.NOT_FOUND, "No shop answers on this domain.")
    return HostShop(username=user.username, hostname=found[0].hostname, state=found[0].state)
