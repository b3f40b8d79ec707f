// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { enqueueSnackbar, SnackbarProvider } from './notistack';

describe("the shop's toasts", () => {
  it('show what was said before the page was drawn, then the newest, each closing after its time', async () => {
    enqueueSnackbar('Said before the page', { variant: 'info' });
    render(
      <SnackbarProvider autoHideDuration={4000}>
        <p>page</p>
      </SnackbarProvider>,
    );
    expect(await screen.findByText('Said before the page')).toBeTruthy(); // the toast's code loads with the first
    vi.useFakeTimers();
    act(() => void enqueueSnackbar('The card was declined', { variant: 'error' }));
    expect(screen.getByText('The card was declined')).toBeTruthy();
    expect(screen.getByRole('alert').className).toContain('Error');
    act(() => void vi.advanceTimersByTime(4500));
    act(() => void vi.advanceTimersByTime(1000)); // the closing transition
    expect(screen.queryByText('The card was declined')).toBeNull();
    vi.useRealTimers();
  });
});
