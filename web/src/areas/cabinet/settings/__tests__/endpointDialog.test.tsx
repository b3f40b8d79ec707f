// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, TOKENS } from '../../../../api/__tests__/helpers';
import { resetApiConfig } from '../../../../api/client';
import { setTokens } from '../../../../api/tokens';
import i18n from '../../../../i18n';
import { renderRoutes } from '../../../../test/render';
import WebhooksPage from '../WebhooksPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('adding a webhook endpoint', () => {
  it('says a private address is refused at the field, then adds the public one with the events ticked', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/cabinet/webhook_endpoints' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { url: string };
        return body.url.includes('10.0.0.1')
          ? json(400, { error: 'INVALID_INPUT', type: 'INVALID_INPUT', message: 'no', fields: { url: 'webhook_url_private' } })
          : json(201, { id: 5, url: body.url, description: '', events: ['order.paid'], state: 'active', secret: 'whsec_x' });
      }
      if (url.startsWith('/v1/cabinet/webhook_endpoints')) return json(200, { list: [], total_count: 0 });
      return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
    });
    renderRoutes('/cabinet/webhooks', [
      { path: '/cabinet/webhooks', element: <WebhooksPage /> },
      { path: '/cabinet/webhooks/:id', element: <div>ENDPOINT PAGE</div> },
    ]);
    fireEvent.click(await screen.findByTestId('add-endpoint'));
    fireEvent.change(await screen.findByTestId('endpoint-url'), { target: { value: ' https://10.0.0.1/hook ' } });
    fireEvent.click(screen.getByTestId('save-endpoint'));
    expect(await screen.findByText(i18n.t('webhooks.privateUrl'))).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('endpoint-url'), { target: { value: 'https://hooks.example.com/in' } });
    fireEvent.click(screen.getByLabelText(i18n.t('webhooks.allEvents')));
    fireEvent.click(screen.getByTestId('save-endpoint'));
    expect(await screen.findByText('ENDPOINT PAGE')).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([u, init]) => String(u) === '/v1/cabinet/webhook_endpoints' && init?.method === 'POST');
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toMatchObject({ url: 'https://10.0.0.1/hook' });
    await waitFor(() => expect(JSON.parse(String(posts.at(-1)?.[1]?.body))).toEqual({ url: 'https://hooks.example.com/in', description: '', events: ['order.paid'] }));
  });
});
