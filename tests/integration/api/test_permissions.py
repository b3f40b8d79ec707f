"""The permission matrix walked (issue 23): every endpoint of the OpenAPI with every role (no session, a payer, a
seller, a publisher, a team member, a team member acting for the seller they work for, a manager). A role the table
does not name is refused before the route runs (401 without a session, 403 with one), and a role it names is never
refused for its role. A team member acting for a seller they do not work for finds nothing there: 404 from every
cabinet endpoint."""

from __future__ import annotations

import re
import secrets

import pytest

from api.app import create_app
from api.permissions import Role, operations_of, roles_of, rule
from domain.teams import ACTING_HEADER
from tests.integration.helpers import client, db_value, manager_headers, new_seller, wait_mail

pytestmark = pytest.mark.integration


async def _signed_up(stack, c, profile: str) -> dict[str, str]:
    username = f"perm-{profile.replace('_', '-')}-{secrets.token_hex(3)}"
    email = f"{username}@example.com"
    r = await c.post(
        "/v1/app/user",
        json={"email": email, "password": "correct-horse-1", "profile_type": profile, "username": username},
    )
    assert r.status_code == 201, r.text
    mail = await wait_mail(stack, email, "Confirm")
    token = re.search(r"confirmation_token=([\w-]+)", mail["body"]).group(1)
    r = await c.post("/v1/app/user/confirmation", json={"confirmation_token": token, "fingerprint": "fp"})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


def _concrete(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "1", path)


async def test_every_endpoint_with_every_role(stack, spoils_sellers_ahead):
    async with client(stack) as c:
        seller = await new_seller(stack, c, "perm-seller", legitimate=False)
        publisher = await _signed_up(stack, c, "publisher")
        assert (await c.post("/v1/publish/payment_account", headers=publisher)).status_code == 200
        member = await _signed_up(stack, c, "team_member")
        me = (await c.get("/v1/app/user", headers=member)).json()
        r = await c.post(
            "/v1/cabinet/team_members",
            json={"email": me["email"], "role": "team_member"},
            headers=seller.headers,
        )
        assert r.status_code == 201, r.text
        assert (
            await c.post(f"/v1/team_member/invites/{r.json()['id']}/accept", headers=member)
        ).status_code == 200
        assert (await c.post("/v1/team_member/payment_account", headers=member)).status_code == 200
        seller_id = await db_value("select seller_id from team_members where id = :i", i=r.json()["id"])
        stranger = await db_value(
            "select s.id from sellers s join users u on u.id = s.user_id where u.email = 'seller@sellflow.local'"
        )
        callers: dict[Role | None, dict[str, str]] = {
            None: {},
            Role.payer: await _signed_up(stack, c, "payer"),
            Role.seller: seller.headers,
            Role.publisher: publisher,
            Role.team_member: member,
            Role.acting_team_member: {**member, ACTING_HEADER: str(seller_id)},
            Role.manager: await manager_headers(c),
        }
        # the roles each caller holds now (the shared stack's demo manager may have gained a profile in another test)
        held: dict[Role | None, frozenset[Role]] = {None: frozenset()}
        for role, headers in callers.items():
            if role is not None:
                held[role] = roles_of((await c.get("/v1/app/user", headers=headers)).json()["profile_types"])
        held[Role.acting_team_member] = frozenset({Role.user, Role.acting_team_member})
        wrong: list[str] = []
        walked = 0
        # what gives the caller another profile changes their roles, so it is walked last: adding a profile (a
        # seller's by default) and joining a program (the demo seller's is number 1: a publisher's)
        changes = {"/v1/app/user/profiles", "/v1/common/affiliate_programs/{program_id}/accept"}
        ops = sorted(operations_of(create_app().openapi()), key=lambda op: op[1] in changes)
        for method, path in ops:
            allowed = rule(method, path)
            if Role.anyone in allowed:
                continue  # a public endpoint's 401/403 are its own answers (a wrong password, a forged signature)
            url = _concrete(path)
            for role, headers in callers.items():
                walked += 1
                kwargs = {"headers": {**headers, "Idempotency-Key": secrets.token_hex(8)}}
                if method in ("POST", "PUT", "PATCH"):
                    kwargs["json"] = {}
                status = (await c.request(method, url, **kwargs)).status_code
                # the acting header names a seller on cabinet calls only; elsewhere it is the team member's call
                cabinet = url.startswith("/v1/cabinet/")
                mine = held[Role.team_member if role == Role.acting_team_member and not cabinet else role]
                may = role is not None and (Role.user in allowed or bool(allowed & mine))
                if may and status in (401, 403):
                    wrong.append(f"{role} refused {method} {path}: {status}")
                if not may and status != (401 if role is None else 403):
                    wrong.append(f"{role or 'no session'} got {status} from {method} {path}")
                assert status < 500, f"{role} {method} {path}: {status}"
            if Role.acting_team_member in allowed and path.startswith("/v1/cabinet/"):
                # for a seller they do not work for: nothing there
                kwargs["headers"] = {
                    **member,
                    ACTING_HEADER: str(stranger),
                    "Idempotency-Key": secrets.token_hex(8),
                }
                status = (await c.request(method, url, **kwargs)).status_code
                if status != 404:
                    wrong.append(f"acting for a stranger got {status} from {method} {path}")
        assert walked > 1000
        assert not wrong, "\n".join(wrong[:40])
