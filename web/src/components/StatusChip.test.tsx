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
});
