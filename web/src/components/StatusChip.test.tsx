// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import '../i18n';
import { StatusChip } from './StatusChip';

describe('StatusChip', () => {
  it('renders an emphasised red state filled and bold', () => {
    render(<StatusChip state="payment_not_completed" />);
    const chip = screen.getByText('Not completed').closest('.MuiChip-root')!;
    expect(chip).toHaveClass('MuiChip-filled');
    expect(chip).toHaveClass('MuiChip-colorError');
    expect(chip.getAttribute('data-emphasised')).toBe('true');
  });
  it('renders a green state outlined', () => {
    render(<StatusChip state="paid" />);
    const chip = screen.getByText('Paid').closest('.MuiChip-root')!;
    expect(chip).toHaveClass('MuiChip-outlined');
    expect(chip).toHaveClass('MuiChip-colorSuccess');
  });
  it("reads an order's paying after its plan, as core §4's states and the plan types of editor §3", () => {
    render(<StatusChip state="paying" plan="subscription" />);
    render(<StatusChip state="paying" plan="installment" />);
    render(<StatusChip state="paying" plan="one_time" />);
    expect(screen.getByText('Subscription active')).toBeInTheDocument();
    expect(screen.getByText('Paying in rates')).toBeInTheDocument();
    expect(screen.getByText('Paying')).toBeInTheDocument();
  });
});
