"""Who may call what (core §6 roles, editor §6; issue 23): one table, enforced in one place.

Every endpoint belongs to an area, and an area to the roles that hold its profile: the cabinet to sellers, the
publisher area to publishers, the payer area to payers, the admin to managers, the shop and the webhooks to anyone
(the webhooks prove themselves by signature). The exceptions are listed by method and path. `authorize`, a
dependency of every route of the app, looks the route up and refuses a caller without a session (401) or without
a role the rule names (403) before the route runs; the routes then scope what they read and write to the caller's
own profile (one seller never reaches another's data: 404). `docs/PERMISSIONS.md` is this table, written out
(`python -m sellflow.cli permissions`), and a test walks every endpoint with every role.

A team member works in a seller's cabinet by naming the seller in `ACTING_HEADER` (domain/teams.py): on such a
call their one role is `acting_team_member`, whatever else they hold, which the cabinet grants except where only the
account's owner may act (`OWNER_ONLY`: the seller's identity, bank accounts and documents, payout settings and
cashouts, payment settings, the way the shop sells (reseller), the account's deletion, the team, the webhooks and the owner's notification settings); `current_seller` then answers 404 for a seller
they do not work for. Roles with no endpoints of their own yet (reseller) are named so that the table can grant
them.
"""

from __future__ import annotations

import time
from enum import StrEnum

from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import DB, acting_seller_id
from api.security import user_id_from
from domain.accounts.accounts import ProfileType
from domain.errors import DomainError, ErrorCode
from store.accounts.queries import profile_types


class Role(StrEnum):
    anyone = "anyone"  # no session needed
    user = "user"  # any signed-in user, whatever their profiles
    payer = "payer"
    seller = "seller"
    publisher = "publisher"
    network_publisher = "network_publisher"
    team_member = "team_member"
    acting_team_member = "acting_team_member"  # a team member on a cabinet call for the seller they work for
    sales_team_member = "sales_team_member"
    reseller = "reseller"
    manager = "manager"


ANYONE = frozenset({Role.anyone})
SIGNED_IN = frozenset({Role.user})
SELLERS = frozenset({Role.seller})
PUBLISHERS = frozenset({Role.publisher, Role.network_publisher})
PAYERS = frozenset({Role.payer})
MANAGERS = frozenset({Role.manager})
TEAM = frozenset({Role.team_member, Role.sales_team_member})
# a payee's payment account: the details, bank account and documents they are legitimated by
PAYEES = SELLERS | PUBLISHERS | TEAM
CABINET = SELLERS | {Role.acting_team_member}

# by path prefix, the first that matches (everything outside /v1/ is a page or a file: anyone)
AREAS: tuple[tuple[str, frozenset[Role]], ...] = (
    ("/v1/cabinet/", CABINET),
    ("/v1/team_member/", TEAM),
    ("/v1/publish/", PUBLISHERS),
    ("/v1/payer/", PAYERS),
    ("/v1/admin/", MANAGERS),
    ("/v1/shop/", ANYONE),
    ("/v1/embed/", ANYONE),
    ("/v1/webhooks/", ANYONE),
    ("/v1/common/", ANYONE),
    ("/v1/emails/", ANYONE),  # an unsubscribe link: the signed link is the permission
    ("/emails/", ANYONE),  # the same link's one-click POST from a mail client (RFC 8058)
    ("/v1/app/", ANYONE),
    ("/v1/health", ANYONE),
)

# the cabinet's parts only the account's owner may use, by path prefix (not a team member acting for them)
OWNER_ONLY = (
    "/v1/cabinet/account_deletion",
    "/v1/cabinet/team_members",
    "/v1/cabinet/reseller",
    "/v1/cabinet/webhook_",  # endpoints and deliveries: their secret signs what the shop's own systems trust
    "/v1/cabinet/notification_settings",  # what reaches the owner's own mailbox
)

# the endpoints whose rule is not their area's
EXCEPTIONS: dict[tuple[str, str], frozenset[Role]] = {
    ("PUT", "/v1/cabinet/payout_settings"): SELLERS,
    ("POST", "/v1/cabinet/cashouts"): SELLERS,
    ("PUT", "/v1/cabinet/payment_settings"): SELLERS,
    ("GET", "/v1/team_member/invites"): SIGNED_IN,  # looked at before accepting makes a team member
    ("POST", "/v1/team_member/invites/{member_id}/accept"): SIGNED_IN,
    ("POST", "/v1/team_member/invites/{member_id}/decline"): SIGNED_IN,
    ("GET", "/v1/app/user"): SIGNED_IN,
    ("PATCH", "/v1/app/user"): SIGNED_IN,
    ("POST", "/v1/app/user/profiles"): SIGNED_IN,
    ("GET", "/v1/app/user/notices"): SIGNED_IN,
    ("PUT", "/v1/app/user/notices"): SIGNED_IN,
    ("POST", "/v1/common/affiliate_programs/{program_id}/accept"): SIGNED_IN,  # joining makes a publisher
    ("POST", "/v1/common/support_messages"): SIGNED_IN,
    ("GET", "/v1/publish/affiliate_marketplace"): SIGNED_IN,  # looked at before joining
    ("GET", "/v1/publish/affiliate_marketplace/products"): SIGNED_IN,
    ("GET", "/v1/publish/affiliate_marketplace/sellers"): SIGNED_IN,
    ("GET", "/v1/publish/affiliate_marketplace/publishers"): SIGNED_IN,  # a seller looks for publishers too
    ("GET", "/v1/cabinet/seller_profile"): PAYEES,
    ("PUT", "/v1/cabinet/seller_profile"): PAYEES,
    ("POST", "/v1/cabinet/seller_profile/submit"): PAYEES,
    ("GET", "/v1/cabinet/legitimation"): PAYEES,
    ("GET", "/v1/cabinet/bank_accounts"): PAYEES,
    ("POST", "/v1/cabinet/bank_accounts"): PAYEES,
    ("DELETE", "/v1/cabinet/bank_accounts/{account_id}"): PAYEES,
    ("GET", "/v1/cabinet/documents"): PAYEES,
    ("POST", "/v1/cabinet/documents"): PAYEES,
    ("DELETE", "/v1/cabinet/documents/{document_id}"): PAYEES,
    ("GET", "/v1/cabinet/documents/{document_id}/file"): PAYEES,
}


def rule(method: str, path: str) -> frozenset[Role]:
    """Who may call `method path` (the route's template, e.g. `/v1/cabinet/orders/{token}`)."""
    if (found := EXCEPTIONS.get((method.upper(), path))) is not None:
        return found
    if not path.startswith("/v1/"):
        return ANYONE
    if path.startswith(OWNER_ONLY):
        return SELLERS
    for prefix, roles in AREAS:
        if path.startswith(prefix) or path == prefix.rstrip("/"):
            return roles
    return MANAGERS  # an endpoint nobody placed is closed until it is


def permits(allowed: frozenset[Role], roles: frozenset[Role]) -> bool:
    """Whether a caller holding `roles` (none without a session; a signed-in user's include `user`) may call an
    endpoint the table gives to `allowed`."""
    return Role.anyone in allowed or (Role.user in roles and (Role.user in allowed or bool(allowed & roles)))


def roles_of(profiles: list[ProfileType] | list[str]) -> frozenset[Role]:
    """A signed-in user's roles: any user's, and one for each profile they hold."""
    return frozenset({Role.user, *(Role(str(p)) for p in profiles if str(p) in Role.__members__)})


# the caller's profiles, briefly remembered: a rule that lets them in needs no query; one that would refuse them
# asks the database again (a profile just added, e.g. by joining a program, counts at once)
_SEEN_S = 30.0
_seen: dict[int, tuple[float, frozenset[Role]]] = {}


async def _roles(s: AsyncSession, user_id: int, fresh: bool) -> frozenset[Role]:
    now = time.monotonic()
    hit = _seen.get(user_id)
    if hit and not fresh and now - hit[0] < _SEEN_S:
        return hit[1]
    roles = roles_of(await profile_types(s, user_id))
    if len(_seen) > 50_000:
        _seen.clear()
    _seen[user_id] = (now, roles)
    return roles


def _capacity(roles: frozenset[Role], acting: bool) -> frozenset[Role]:
    """The roles a call is made in: on a cabinet call for another seller, a team member's acting role alone."""
    if not acting:
        return roles
    return (
        frozenset({Role.user, Role.acting_team_member})
        if Role.team_member in roles
        else frozenset({Role.user})
    )


def _bearer(request: Request) -> str | None:
    scheme, _, token = (request.headers.get("authorization") or "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def route_template(request: Request) -> str | None:
    """The matched route's full path template (`/v1/cabinet/orders/{token}`): FastAPI keeps an included router's
    routes with their own paths and puts the prefixed one in its effective route context."""
    context = request.scope.get("fastapi", {}).get("effective_route_context")
    found = getattr(context, "path_format", None) or getattr(request.scope.get("route"), "path", None)
    return found if isinstance(found, str) else None


async def authorize(request: Request, s: DB) -> None:
    """The table enforced: 401 without a valid session where one is needed, 403 without a role the rule names."""
    path = route_template(request)
    if path is None:
        return
    await authorize_path(request, s, path)


async def authorize_path(request: Request, s: AsyncSession, path: str) -> None:
    """`authorize` for the route whose path template is `path` (api/lean.py names it without FastAPI's routing)."""
    allowed = rule(request.method, path)
    if Role.anyone in allowed:
        return
    user_id = user_id_from(_bearer(request))
    if permits(allowed, SIGNED_IN):
        return
    acting = acting_seller_id(request) is not None
    if permits(allowed, _capacity(await _roles(s, user_id, fresh=False), acting)):
        return
    if permits(allowed, _capacity(await _roles(s, user_id, fresh=True), acting)):
        return
    raise DomainError(ErrorCode.FORBIDDEN, "Your profile may not do this.")


SHOWN = (
    Role.anyone,
    Role.user,
    Role.payer,
    Role.seller,
    Role.publisher,
    Role.team_member,
    Role.acting_team_member,
    Role.manager,
)


def matrix(operations: list[tuple[str, str]]) -> str:
    """The table as docs/PERMISSIONS.md shows it: every endpoint against every role (✓ may call it)."""
    head = "| endpoint | " + " | ".join(r.value for r in SHOWN) + " |"
    lines = [
        "# Who may call what",
        "",
        "Generated from `api/permissions.py` by `python -m sellflow.cli permissions` (a test keeps it current).",
        "`anyone` needs no session; `user` is any signed-in user. `acting_team_member` is a team member on a",
        "cabinet call naming the seller they work for (`Sellflow-Seller-Id`); for a seller they do not work for,",
        "such a call answers 404. Of the roles not shown, the affiliate-network publisher may do what a publisher",
        "may, a sales team member what a team member may in their own area, and a reseller has no endpoints of",
        "their own yet.",
        "A route then scopes what it reads and writes to the caller's own profile: another seller's order,",
        "program or item answers 404.",
        "",
        head,
        "|" + "---|" * (len(SHOWN) + 1),
    ]
    for method, path in sorted(operations, key=lambda x: (x[1], x[0])):
        allowed = rule(method, path)
        cells = [
            "✓"
            if (Role.anyone in allowed or r in allowed or (Role.user in allowed and r != Role.anyone))
            else ""
            for r in SHOWN
        ]
        lines.append(f"| `{method} {path}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def operations_of(spec: dict) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return [(m.upper(), p) for p, ops in spec["paths"].items() for m in ops]
