// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../i18n';
import { SupportForm } from './SupportForm';

const sent = vi.hoisted(() => ({ bodies: [] as unknown[], keys: [] as string[] }));
vi.mock('../api/sdk.gen', () => ({
  writeToSupport: async (body: unknown, options: { idempotencyKey: string }) => {
    sent.bodies.push(body);
    sent.keys.push(options.idempotencyKey);
    return {};
  },
}));

function show() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SupportForm area="publish" />
    </QueryClientProvider>,
  );
}
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  sent.bodies = [];
  sent.keys = [];
});
afterEach(cleanup);

describe('the support form', () => {
  it('sends only a subject and a message with words in them, trimmed, and starts empty again', async () => {
    show();
    const send = screen.getByTestId('support-send');
    expect(send).toHaveProperty('disabled', true);
    type('support-subject', '   ');
    type('support-message', 'Hello');
    expect(send).toHaveProperty('disabled', true);
    type('support-subject', '  Payout late  ');
    type('support-message', '  Where is my money?  ');
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    await screen.findByTestId('support-sent');
    expect(sent.bodies).toEqual([{ area: 'publish', subject: 'Payout late', message: 'Where is my money?' }]);
    expect(screen.getByTestId('support-subject')).toHaveProperty('value', '');
    expect(screen.getByTestId('support-message')).toHaveProperty('value', '');
  });

  it('sends the next message under a new key, so it is not taken for the first one again', async () => {
    show();
    for (const text of ['one', 'two']) {
      type('support-subject', text);
      type('support-message', text);
      await waitFor(() => expect(screen.getByTestId('support-send')).toHaveProperty('disabled', false));
      fireEvent.click(screen.getByTestId('support-send'));
      await waitFor(() => expect(sent.bodies).toHaveLength(text === 'one' ? 1 : 2));
    }
    expect(new Set(sent.keys).size).toBe(2);
  });
});
