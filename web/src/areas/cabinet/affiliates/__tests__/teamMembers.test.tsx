// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, TOKENS } from '../../../../api/__tests__/helpers';
import { resetApiConfig } from '../../../../api/client';
import { setTokens } from '../../../../api/tokens';
import i18n from '../../../../i18n';
import { renderRoutes } from '../../../../test/render';
import TeamMembersPage from '../TeamMembersPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('inviting a sales team member', () => {
  it('refuses a fee that is no percentage as it is typed, and sends the fee in basis points', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/cabinet/team_members' && init.method === 'POST') return json(201, { id: 3 });
      if (url.startsWith('/v1/cabinet/team_members')) return json(200, { list: [], total_count: 0 });
      return json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'no' });
    });
    renderRoutes('/t', [{ path: '/t', element: <TeamMembersPage /> }]);
    fireEvent.click(await screen.findByTestId('invite-member'));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByTestId('invite-email'), { target: { value: 'sam@example.com' } });
    fireEvent.mouseDown(dialog.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: i18n.t('enums.teamRole.sales_team_member') }));
    fireEvent.change(dialog.getByTestId('invite-fee'), { target: { value: '120' } });
    expect(await dialog.findByText(i18n.t('teamMembers.badFee'))).toBeInTheDocument();
    expect(dialog.getByTestId('send-invite')).toBeDisabled();
    fireEvent.change(dialog.getByTestId('invite-fee'), { target: { value: '12,5' } });
    await waitFor(() => expect(dialog.getByTestId('send-invite')).toBeEnabled());
    fireEvent.click(dialog.getByTestId('send-invite'));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: 'sam@example.com', role: 'sales_team_member', fee_bp: 1250 });
  });
});
