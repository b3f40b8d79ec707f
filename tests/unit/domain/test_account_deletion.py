"""The account deletion rules: the wizard step of core §2 for each phase, the checks of each flow kind, the
retention date and the scrambled address."""

from __future__ import annotations

from datetime import date

import pytest

from domain.accounts.account_deletion import (
    CHECK_ORDER,
    CheckKind,
    CheckResult,
    DeletionPhase,
    FlowKind,
    WizardStep,
    check_message,
    checks_for,
    retention_until,
    scrambled_email,
    wizard_step,
)

OK = [CheckResult(k, True) for k in CHECK_ORDER]
BLOCKED = [CheckResult(CheckKind.active_orders, False, 1), *OK[2:]]


@pytest.mark.parametrize(
    ("kind", "phase", "checks", "step"),
    [
        (None, None, [], WizardStep.why_deleting),
        (FlowKind.deletion, DeletionPhase.canceled, [], WizardStep.why_deleting),
        (FlowKind.deletion, DeletionPhase.preparing, [], WizardStep.preparing_account),
        (FlowKind.deletion, DeletionPhase.preparing, BLOCKED, WizardStep.deletion_not_possible),
        (FlowKind.deletion, DeletionPhase.ready, OK, WizardStep.ready_to_be_deleted),
        (FlowKind.deletion, DeletionPhase.working, OK, WizardStep.confirm_deletion),
        (FlowKind.deletion, DeletionPhase.deleted, OK, WizardStep.confirm_deletion),
        (FlowKind.deactivation, DeletionPhase.ready, OK[1:2], WizardStep.first_deactivate),
        (FlowKind.deactivation, DeletionPhase.preparing, BLOCKED[:1], WizardStep.deletion_not_possible),
        (FlowKind.deactivation, DeletionPhase.deactivated, OK[1:2], WizardStep.confirm_deactivation),
        (FlowKind.deactivation, DeletionPhase.reactivated, OK[1:2], WizardStep.why_deleting),
    ],
)
def test_the_wizard_step_follows_the_phase(kind, phase, checks, step):
    assert wizard_step(kind, phase, checks) == step


def test_a_deletion_checks_everything_a_deactivation_only_orders():
    assert checks_for(FlowKind.deletion) == CHECK_ORDER and len(CHECK_ORDER) == 4
    assert checks_for(FlowKind.deactivation) == (CheckKind.active_orders,)


@pytest.mark.parametrize("kind", CHECK_ORDER)
def test_every_check_has_a_success_and_a_failure_message(kind):
    assert check_message(kind, True) != check_message(kind, False)


@pytest.mark.parametrize(
    ("deleted", "until"),
    [(date(2026, 11, 23), date(2036, 12, 31)), (date(2027, 1, 1), date(2037, 12, 31))],
)
def test_bookkeeping_is_kept_ten_years_from_the_end_of_the_year(deleted, until):
    assert retention_until(deleted) == until


def test_the_scrambled_address_is_unique_and_undeliverable():
    assert scrambled_email(7) == "deleted-seller-7@deleted.invalid" != scrambled_email(8)
