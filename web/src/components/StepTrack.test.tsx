// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StepTrack } from './StepTrack';

describe('the checkout’s steps', () => {
  it('tick the steps done, mark the current one and number the rest, in order', () => {
    render(<StepTrack labels={['Your plan', 'Payment', 'Done']} active={1} testId="steps" activeName="payment" />);
    const list = screen.getByTestId('steps');
    expect(list.tagName).toBe('OL');
    expect(list.dataset.activeStep).toBe('payment');
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Your plan', '2Payment', '3Done']); // the first is ticked
    expect(steps[0]!.querySelector('svg')).not.toBeNull();
    expect(steps.map((s) => s.getAttribute('aria-current'))).toEqual([null, 'step', null]);
  });

  it('tick every step once all are done', () => {
    render(<StepTrack labels={['Your plan', 'Payment', 'Done']} active={3} />);
    const steps = screen.getAllByRole('listitem');
    expect(steps.every((s) => s.querySelector('svg') !== null && s.getAttribute('aria-current') === null)).toBe(true);
  });
});
