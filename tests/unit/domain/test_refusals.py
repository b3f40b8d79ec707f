"""Every refusal the API can answer a 409 with has its English words, and `refused` answers with the code itself."""

from __future__ import annotations

import pytest

from domain.errors import MESSAGES_REFUSED, ErrorCode, Refusal, refused


@pytest.mark.parametrize("code", list(Refusal))
def test_every_refusal_has_its_words_and_answers_its_own_code(code: Refusal):
    err = refused(code)
    assert err.status == 409 and err.code == ErrorCode.CONFLICT
    assert err.reason == code.value
    assert err.message == MESSAGES_REFUSED[code] and err.message.endswith(".")


def test_a_code_outside_the_catalogue_is_answered_as_gone():
    assert refused("no_such_code").reason == Refusal.gone.value
