// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { resetApiConfig } from '../../api/client';
import { setTokens } from '../../api/tokens';
import { json, mockFetch, TOKENS } from '../../api/__tests__/helpers';
import i18n from '../../i18n';
import { renderRoutes } from '../../test/render';
import ProgramLandingPage from './ProgramLandingPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const PROGRAM = {
  id: 7, name: 'Bakers', shop: 'dana', cookies_expire: 180, type: 'multiple', commission_bp: 2000,
  lifetime: 'lifetime', lifetime_duration: 15, bonus: 0, landing: 'Recommend Bakers and earn 20 %.', marketplace: true,
};

describe('a program’s landing page', () => {
  it('shows the terms and joins with the inviting publisher as the referrer', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/v1/common/affiliate_programs/7/accept')) return json(200, { node_id: 3, affiliate_program_id: 7, state: 'requested' });
      if (url.startsWith('/v1/common/affiliate_programs/7')) return json(200, PROGRAM);
      if (url.startsWith('/v1/publish/affiliate_marketplace')) return json(200, { list: [], total_count: 0 });
      return json(404, { error: 'NOT_FOUND', message: String(init.method) });
    });
    renderRoutes('/publish/affiliate_marketplace/7?referrer_id=42', [{ path: '/publish/affiliate_marketplace/:id', element: <ProgramLandingPage /> }]);
    expect(await screen.findByText('Recommend Bakers and earn 20 %.')).toBeInTheDocument();
    expect(screen.getByText(/on every payment, for life/)).toBeInTheDocument();
    expect(screen.getByText(/A publisher invited you/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('landing-join'));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/accept'))).toBe(true));
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/accept'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ from_landing_page: true, referrer_id: 42 });
  });

  it('says so for an address that names no program', async () => {
    mockFetch(() => json(404, {}));
    renderRoutes('/publish/affiliate_marketplace/nope', [{ path: '/publish/affiliate_marketplace/:id', element: <ProgramLandingPage /> }]);
    expect(await screen.findByText('There is no such program.')).toBeInTheDocument();
  });
});
