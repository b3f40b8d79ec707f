"""Accounts and sessions: sign-up, confirmation, sign-in, renewal with fingerprint, token errors, throttle,
magic link and password reset — all as a user would, through mails."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import jwt
import pytest

from tests.integration.helpers import client, wait_mail

pytestmark = pytest.mark.integration


async def test_sign_in_renew_and_token_errors(stack, seller):
    async with client(stack) as c:
        s = seller
        r = await c.post("/v1/app/session", json={"email": s.email, "password": "correct-horse-1"})
        assert r.status_code == 400 and r.json()["fields"] == {"fingerprint": "required"}
        r = await c.post(
            "/v1/app/session", json={"email": s.email, "password": "correct-horse-1", "fingerprint": "fp-1"}
        )
        assert r.status_code == 200
        t = r.json()
        assert set(t) == {"access_token", "refresh_token", "expires_at", "refresh_expires_at"}
        me = (await c.get("/v1/app/user", headers={"Authorization": f"Bearer {t['access_token']}"})).json()
        assert me["profile_types"] == ["seller"] and me["seller"]["can_sell"] is True
        # wrong fingerprint: invalid refresh token, and the token is not spent
        r = await c.post(
            "/v1/app/session/renew_token", data={"refresh_token": t["refresh_token"], "fingerprint": "other"}
        )
        assert r.status_code == 401 and r.json()["type"] == "invalid_refresh_token"
        r = await c.post(
            "/v1/app/session/renew_token", data={"refresh_token": t["refresh_token"], "fingerprint": "fp-1"}
        )
        assert r.status_code == 200
        # a refresh token renews once (rotation)
        r2 = await c.post(
            "/v1/app/session/renew_token", data={"refresh_token": t["refresh_token"], "fingerprint": "fp-1"}
        )
        assert r2.json()["type"] == "invalid_refresh_token"
        r3 = await c.post("/v1/app/session/renew_token", data={"fingerprint": "fp-1"})
        assert r3.status_code == 401 and r3.json()["type"] == "missing_refresh_token"
        # access token error types
        assert (await c.get("/v1/app/user")).json()["type"] == "missing_access_token"
        bad = await c.get("/v1/app/user", headers={"Authorization": "Bearer nonsense"})
        assert bad.status_code == 401 and bad.json()["type"] == "invalid_access_token"
        from core.settings import get_settings

        expired = jwt.encode(
            {"sub": str(me["id"]), "typ": "access", "exp": datetime.now(UTC) - timedelta(seconds=5)},
            get_settings().jwt_secret,
            algorithm="HS256",
        )
        r = await c.get("/v1/app/user", headers={"Authorization": f"Bearer {expired}"})
        assert r.status_code == 401 and r.json() == {
            "error": "expired_access_token",
            "type": "expired_access_token",
            "message": "The access token has expired.",
        }


async def test_wrong_password_then_throttled(stack, seller):
    async with client(stack) as c:
        s = seller
        codes = []
        for _ in range(11):
            r = await c.post(
                "/v1/app/session", json={"email": s.email, "password": "wrong-pass", "fingerprint": "f"}
            )
            codes.append((r.status_code, r.json()["error"]))
        assert codes[0] == (401, "INVALID_CREDENTIALS")
        assert codes[-1] == (429, "MS_MAX_CONCURRENT_REQ")


async def test_sign_up_validation_and_checks(stack):
    async with client(stack) as c:
        r = await c.post("/v1/app/user", json={"email": "not-an-email", "password": "x"})
        assert r.status_code == 400 and r.json()["fields"]["email"] == "invalid email"
        r = await c.post("/v1/app/user", json={"email": "ok@example.com"})
        assert r.json()["fields"]["password"] == "required"
        r = await c.post("/v1/app/user", json={"email": "short@example.com", "password": "short"})
        assert r.status_code == 400 and "password" in r.json()["fields"]
        assert (await c.post("/v1/app/user/check_username", json={"username": "ab"})).json()[
            "message"
        ] == "too small"
        assert (await c.post("/v1/app/user/check_username", json={"username": "-bad-"})).json()[
            "message"
        ] == "invalid"
        assert (await c.post("/v1/app/user/check_username", json={"username": ""})).json()[
            "message"
        ] == "empty"
        assert (await c.post("/v1/app/user/check_username", json={"username": "demo-seller"})).json() == {
            "available": False,
            "message": "exists",
        }
        assert (await c.post("/v1/app/user/check_email", json={"email": "seller@sellflow.local"})).json()[
            "available"
        ] is False
        r = await c.post("/v1/app/user", json={"email": "seller@sellflow.local", "password": "long-enough-1"})
        assert r.status_code == 409


async def test_magic_link_and_password_reset(stack, seller):
    async with client(stack) as c:
        s = seller
        assert (
            await c.post("/v1/app/user/send_magic_link", json={"email": s.email, "profile_type": "seller"})
        ).status_code == 204
        mail = await wait_mail(stack, s.email, "sign-in link")
        token = re.search(r"magic_link\?token=([\w-]+)", mail["body"]).group(1)
        r = await c.post("/v1/app/session/magic_link", json={"token": token, "fingerprint": "fp"})
        assert r.status_code == 200 and r.json()["access_token"]
        again = await c.post("/v1/app/session/magic_link", json={"token": token, "fingerprint": "fp"})
        assert again.status_code == 400  # a link works once
        assert (await c.post("/v1/app/user/password", json={"email": s.email})).status_code == 204
        mail = await wait_mail(stack, s.email, "Reset")
        reset = re.search(r"reset_password_token=([\w-]+)", mail["body"]).group(1)
        assert (
            await c.put(
                "/v1/app/user/password", json={"reset_password_token": reset, "password": "brand-new-pass"}
            )
        ).status_code == 204
        ok = await c.post(
            "/v1/app/session", json={"email": s.email, "password": "brand-new-pass", "fingerprint": "f"}
        )
        assert ok.status_code == 200
        # unknown emails get the same answer (no account probing)
        assert (
            await c.post("/v1/app/user/password", json={"email": "nobody@example.com"})
        ).status_code == 204


async def _sign_in(c, email: str, fingerprint: str = "fp-r") -> dict:
    r = await c.post(
        "/v1/app/session", json={"email": email, "password": "correct-horse-1", "fingerprint": fingerprint}
    )
    assert r.status_code == 200, r.text
    return r.json()


async def _renew(c, refresh_token: str, fingerprint: str = "fp-r"):
    return await c.post(
        "/v1/app/session/renew_token", data={"refresh_token": refresh_token, "fingerprint": fingerprint}
    )


async def test_a_replayed_refresh_token_revokes_its_whole_family(stack, seller):
    async with client(stack) as c:
        stolen = (await _sign_in(c, seller.email))["refresh_token"]
        other_session = (await _sign_in(c, seller.email, "fp-other"))["refresh_token"]
        r = await _renew(c, stolen)  # the rightful user renews: the stolen token is now rotated
        assert r.status_code == 200
        current = r.json()["refresh_token"]
        r = await _renew(c, stolen)  # the thief replays it
        assert r.status_code == 401 and r.json()["type"] == "invalid_refresh_token"
        # the replay revoked the family: the rightful user's current token is dead too, and must sign in again
        assert (await _renew(c, current)).json()["type"] == "invalid_refresh_token"
        # another sign-in (another family) is untouched
        assert (await _renew(c, other_session, "fp-other")).status_code == 200


async def test_throttle_counts_an_email_however_it_is_typed(stack, seller):
    async with client(stack) as c:
        codes = []
        for i in range(11):
            typed = [seller.email, f" {seller.email}", seller.email.upper(), f"{seller.email}  "][i % 4]
            r = await c.post(
                "/v1/app/session", json={"email": typed, "password": "wrong-pass", "fingerprint": "f"}
            )
            codes.append(r.status_code)
        assert codes[:10] == [401] * 10 and codes[10] == 429


async def test_forwarded_for_from_an_untrusted_caller_does_not_reset_the_throttle(stack, seller):
    async with client(stack) as c:
        codes = []
        for i in range(11):
            r = await c.post(
                "/v1/app/session",
                json={"email": seller.email, "password": "wrong-pass", "fingerprint": "f"},
                headers={"X-Forwarded-For": f"203.0.113.{i}"},
            )
            codes.append(r.status_code)
        assert codes[10] == 429


async def test_someone_guessing_a_password_is_stopped_while_the_owner_still_signs_in(stack, seller):
    """Only failed sign-ins count, per client (address and browser) and account: a guesser is answered 429 after
    ten, while the account's owner signs in from their own browser at once, and a success counts nothing."""
    async with client(stack) as c:
        for fp in ("mine", "mine"):
            ok = await c.post(
                "/v1/app/session",
                json={"email": seller.email, "password": "correct-horse-1", "fingerprint": fp},
            )
            assert ok.status_code == 200, ok.text
        guesses = []
        for i in range(12):
            r = await c.post(
                "/v1/app/session",
                json={"email": seller.email, "password": f"guess-{i}", "fingerprint": "guesser"},
            )
            guesses.append(r.status_code)
        assert guesses[:10] == [401] * 10 and guesses[10:] == [429, 429]
        owner = await c.post(
            "/v1/app/session",
            json={"email": seller.email, "password": "correct-horse-1", "fingerprint": "mine"},
        )
        assert owner.status_code == 200, owner.text
        # the guesser's right guess is still refused for the minute
        late = await c.post(
            "/v1/app/session",
            json={"email": seller.email, "password": "correct-horse-1", "fingerprint": "guesser"},
        )
        assert late.status_code == 429
