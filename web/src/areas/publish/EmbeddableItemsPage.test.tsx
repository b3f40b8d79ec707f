// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, TOKENS } from '../../api/__tests__/helpers';
import { resetApiConfig } from '../../api/client';
import { setTokens } from '../../api/tokens';
import i18n from '../../i18n';
import { renderRoutes } from '../../test/render';
import EmbeddableItemsPage from './EmbeddableItemsPage';

const me = { id: 4, email: 'pia@example.com', username: 'pia', first_name: 'Pia', last_name: 'P', confirmed: true, locale: 'en', profile_types: ['publisher'], seller: null };
const program = { affiliate_program_id: 7, name: 'Guides', shop: 'nora', state: 'accepted' };

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe("a publisher's embeddable item", () => {
  it('checks a custom link\'s path by the contract before saving, and saves the item for the chosen program', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/app/user') return json(200, me);
      if (url === '/v1/publish/embeddable_items' && init.method === 'POST') return json(201, { id: 1 });
      if (url === '/v1/publish/embeddable_items') return json(200, { list: [], total_count: 0 });
      if (url.startsWith('/v1/publish/affiliate_nodes')) return json(200, { list: [program], total_count: 1 });
      return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
    });
    renderRoutes('/publish/embeddable_items', [{ path: '/publish/embeddable_items', element: <EmbeddableItemsPage /> }]);
    fireEvent.click(await screen.findByTestId('embed-new'));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByTestId('embed-name'), { target: { value: ' Blog sidebar ' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: i18n.t('publish.embeds.purpose') }));
    fireEvent.click(await screen.findByRole('option', { name: i18n.t('publish.embeds.purposes.custom_link') }));
    fireEvent.change(dialog.getByLabelText(i18n.t('publish.embeds.customPath')), { target: { value: 'no slash' } });
    fireEvent.click(dialog.getByTestId('embed-save'));
    expect(await dialog.findByText(i18n.t('validation.pattern.customPath'))).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(dialog.getByLabelText(i18n.t('publish.embeds.customPath')), { target: { value: '/guides' } });
    fireEvent.click(dialog.getByTestId('embed-save'));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ name: 'Blog sidebar', affiliate_program_id: 7, purpose: 'custom_link', custom_path: '/guides', product_id: null });
  });
});
