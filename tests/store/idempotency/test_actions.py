"""A POST's Idempotency-Key: claimed once, its answer kept and given again, another body refused, a key given back
after a server error runs again; two requests racing for one key: one runs."""

from __future__ import annotations

import asyncio
import uuid

from store.idempotency.actions import answer_kept, key_claimed, key_released


async def test_a_key_is_claimed_once_and_its_answer_is_given_again():
    scope, key = uuid.uuid4().hex, "k-1"
    assert (await key_claimed(scope, key, "body-a")).first
    running = await key_claimed(scope, key, "body-a")
    assert (running.first, running.status) == (False, None)  # the first one still runs
    await answer_kept(scope, key, 201, b'{"id": 7}')
    again = await key_claimed(scope, key, "body-a")
    assert (again.first, again.same_body, again.status, again.body) == (False, True, 201, b'{"id": 7}')
    assert not (await key_claimed(scope, key, "body-b")).same_body  # the same key with another request


async def test_keys_of_other_callers_or_paths_do_not_meet():
    key = "shared-key"
    assert (await key_claimed(uuid.uuid4().hex, key, "x")).first
    assert (await key_claimed(uuid.uuid4().hex, key, "x")).first


async def test_a_key_given_back_after_a_server_error_runs_again():
    scope, key = uuid.uuid4().hex, "k-2"
    assert (await key_claimed(scope, key, "b")).first
    await key_released(scope, key)
    assert (await key_claimed(scope, key, "b")).first


async def test_an_answered_key_is_never_given_back():
    scope, key = uuid.uuid4().hex, "k-3"
    await key_claimed(scope, key, "b")
    await answer_kept(scope, key, 200, b"{}")
    await key_released(scope, key)
    assert (await key_claimed(scope, key, "b")).status == 200


async def test_two_requests_racing_for_one_key_run_once():
    scope = uuid.uuid4().hex
    claims = await asyncio.gather(*(key_claimed(scope, "race", "b") for _ in range(8)))
    assert sum(c.first for c in claims) == 1
