// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import ExportPage from './ExportPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the bookkeeping export', () => {
  it('sends the month chosen and says at the field when the API refuses it', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/cabinet/exports' && init.method === 'POST') {
        return json(400, { error: 'INVALID_INPUT', type: 'INVALID_INPUT', message: 'no', fields: { period: 'not closed' } });
      }
      if (url.startsWith('/v1/cabinet/exports')) return json(200, { list: [], total_count: 0 });
      return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
    });
    renderRoutes('/e', [{ path: '/e', element: <ExportPage /> }]);
    fireEvent.change(await screen.findByLabelText(i18n.t('money.period')), { target: { value: '2026-10' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('money.export') }));
    expect(await screen.findByText(i18n.t('money.badPeriod'))).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ period: '2026-10' });
  });
});
