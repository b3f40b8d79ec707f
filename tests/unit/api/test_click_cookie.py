"""The cookie a click on a publisher's link leaves (issue 23): it names the click, and only a cookie the server
signed for this shop names one."""

from services.referrals import click_of_token, click_token


def test_a_signed_click_reads_back_and_a_changed_one_does_not() -> None:
    token = click_token(7, 42)
    assert click_of_token(7, token) == 42
    assert click_of_token(8, token) is None  # another shop's
    assert click_of_token(7, token.replace("42.", "43.")) is None  # another click, same signature
    assert click_of_token(7, "42." + "0" * 32) is None
    for bad in (None, "", "42", ".abc", "x.y", "9" * 40 + ".abc"):
        assert click_of_token(7, bad) is None
