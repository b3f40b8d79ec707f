"""The platform's product review as rules: what publishing, unpublishing and a manager's decision do."""

from __future__ import annotations

import pytest

from domain.catalog.products import (
    NotSellableReason,
    Publication,
    ReviewDecision,
    ReviewState,
    publish_outcome,
    review_notes,
    review_outcome,
    unpublish_outcome,
)

P, R = Publication, ReviewState


@pytest.mark.parametrize(
    ("is_free", "publication", "review", "expected"),
    [
        (False, P.unpublished, R.not_for_review, (P.published, R.in_review)),  # paid: sells, in review
        (True, P.unpublished, R.not_for_review, (P.published, R.free)),  # a free one needs no review
        (False, P.unpublished, R.reviewed, (P.published, R.reviewed)),  # reviewed once stays reviewed
        (False, P.rejected, R.rejected, (P.publish_pending, R.in_review)),  # rejected: waits for a new review
        (False, P.unpublished, R.rejected, (P.publish_pending, R.in_review)),  # unpublishing does not skip it
        (True, P.rejected, R.rejected, (P.publish_pending, R.in_review)),  # made free does not skip it either
    ],
)
def test_publishing(is_free, publication, review, expected):
    out = publish_outcome(is_free=is_free, publication=publication, review_state=review)
    assert (out.publication, out.review_state) == expected


def test_withdrawing_a_product_waiting_after_a_rejection_keeps_it_rejected():
    out = unpublish_outcome(P.publish_pending, R.in_review)
    assert (out.publication, out.review_state) == (P.unpublished, R.rejected)
    out = unpublish_outcome(P.published, R.in_review)
    assert (out.publication, out.review_state) == (P.unpublished, R.in_review)


def test_a_managers_decision():
    assert review_outcome(ReviewDecision.reviewed, P.publish_pending).publication == P.published
    assert review_outcome(ReviewDecision.reviewed, P.unpublished).publication == P.unpublished
    out = review_outcome(ReviewDecision.rejected, P.published)
    assert (out.publication, out.review_state) == (P.rejected, R.rejected)


def test_power_sellers_review_notes_on_what_sells():
    assert review_notes(R.in_review, P.published, False) == [NotSellableReason.on_review]
    assert review_notes(R.not_for_review, P.published, False) == [NotSellableReason.not_reviewed]
    assert review_notes(R.not_for_review, P.published, True) == []
    assert review_notes(R.in_review, P.unpublished, False) == []
