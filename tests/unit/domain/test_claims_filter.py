"""The claims list's inkasso filter agrees with what the list shows (core §6): a seller sees a claim at court as
`pre_court`, so the seller's `pre_court` filter finds it; managers and power sellers filter each stage apart."""

from __future__ import annotations

import pytest

from domain.billing.claims import InkassoStatus, inkasso_filter_values, visible_inkasso


@pytest.mark.parametrize("stored", ["pre_court", "court", "post_court"])
def test_a_seller_finds_by_pre_court_every_claim_shown_as_pre_court(stored: str):
    shown = visible_inkasso(InkassoStatus(stored), manager_or_power_seller=False)
    assert shown == InkassoStatus.pre_court
    assert stored in inkasso_filter_values([shown.value], manager_or_power_seller=False)


def test_managers_and_power_sellers_filter_each_court_stage_apart():
    assert inkasso_filter_values(["pre_court"], manager_or_power_seller=True) == ["pre_court"]
    assert inkasso_filter_values(["court"], manager_or_power_seller=True) == ["court"]


def test_other_stages_are_left_as_asked():
    assert inkasso_filter_values(["in_inkasso", "no"], manager_or_power_seller=False) == ["in_inkasso", "no"]
