// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, TOKENS } from '../../../../api/__tests__/helpers';
import { resetApiConfig } from '../../../../api/client';
import { setTokens } from '../../../../api/tokens';
import i18n from '../../../../i18n';
import { renderRoutes } from '../../../../test/render';
import ResellerPage from '../ResellerPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('asking to sell through the platform', () => {
  it('sends the message trimmed and shows the request waiting', async () => {
    const own = { selling_mode: 'selling_by_ownself', requests: [] };
    const waiting = { selling_mode: 'selling_by_ownself', requests: [{ id: 1, state: 'waiting', message: 'Please', reason: null, created_at: '2026-11-29T10:00:00Z', decided_at: null }] };
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/cabinet/reseller_requests' && init.method === 'POST') return json(201, waiting);
      if (url.startsWith('/v1/cabinet/reseller')) return json(200, own);
      return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
    });
    renderRoutes('/r', [{ path: '/r', element: <ResellerPage /> }]);
    fireEvent.change(await screen.findByTestId('reseller-message'), { target: { value: '  We sell across the EU.  ' } });
    fireEvent.click(screen.getByTestId('ask-reseller'));
    expect(await screen.findByTestId('cancel-request')).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ message: 'We sell across the EU.' });
  });
});
