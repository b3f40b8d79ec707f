// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { resetApiConfig } from '../../api/client';
import { json, mockFetch } from '../../api/__tests__/helpers';
import i18n from '../../i18n';
import { renderRoutes } from '../../test/render';
import MailViewPage from './MailViewPage';

beforeEach(async () => {
  resetApiConfig();
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a'.repeat(32);
const route = [{ path: '/email_logs/:token', element: <MailViewPage /> }];

describe("a mail's browser view", () => {
  it('shows the mail as sent, its web addresses as links and anything else as text', async () => {
    mockFetch((url) =>
      url === `/v1/emails/logs/${TOKEN}`
        ? json(200, { subject: 'Your order', body: 'Hello <b>Bea</b>\nYour page: https://shop.example/s/x/thank_you/1\njavascript:alert(1)', sent_at: '2026-11-29T08:00:00Z', created_at: '2026-11-29T08:00:00Z' })
        : json(404, {}),
    );
    renderRoutes(`/email_logs/${TOKEN}`, route);
    expect(await screen.findByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://shop.example/s/x/thank_you/1' })).toHaveAttribute('href', 'https://shop.example/s/x/thank_you/1');
    expect(screen.getByTestId('mail-body').textContent).toContain('Hello <b>Bea</b>'); // text, never markup
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();
  });

  it('says so when the link finds no mail', async () => {
    mockFetch(() => json(404, { error: 'not_found', message: 'This mail is not here.' }));
    renderRoutes(`/email_logs/${TOKEN}`, route);
    expect(await screen.findByText(/This mail is not here/)).toBeInTheDocument();
  });
});
