// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, TOKENS } from '../../../../api/__tests__/helpers';
import { resetApiConfig } from '../../../../api/client';
import { setTokens } from '../../../../api/tokens';
import i18n from '../../../../i18n';
import { renderRoutes } from '../../../../test/render';
import { ClaimSettingsCard } from '../ClaimSettingsCard';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('claim settings', () => {
  it('fills in what is stored, refuses days out of order, and saves whole days', async () => {
    const fetch = mockFetch((url, init) =>
      url === '/v1/cabinet/claim_settings'
        ? json(200, init.method === 'PUT' ? JSON.parse(String(init.body)) : { strategy: 'dunning', first_days: 3, second_days: 7, third_days: 14 })
        : json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' }),
    );
    renderRoutes('/c', [{ path: '/c', element: <ClaimSettingsCard /> }]);
    const first = await screen.findByDisplayValue('3');
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.change(first, { target: { value: '9' } });
    expect(await screen.findByText(i18n.t('billing.daysOrder'))).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(first, { target: { value: '5' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ strategy: 'dunning', first_days: 5, second_days: 7, third_days: 14 });
  });
});
