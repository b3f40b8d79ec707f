// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import DomainsPage from './DomainsPage';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const domain = (over: Record<string, unknown> = {}) => ({
  id: 7,
  hostname: 'xn--mller-kva.example',
  display_hostname: 'müller.example',
  kind: 'custom',
  state: 'error',
  record: { type: 'TXT', name: '_sellflow.xn--mller-kva.example', value: 'sellflow-verification=abc', ttl: 300, state: 'waiting' },
  delegation: {
    type: 'CNAME',
    name: '_acme-challenge.xn--mller-kva.example',
    value: '0f1e2d3c4b5a69788796.acme.sellflow.site',
    ttl: 300,
    state: 'waiting',
  },
  routing: [{ type: 'A', name: 'xn--mller-kva.example', value: '203.0.113.10', ttl: 300, state: 'waiting', seen: [] }],
  routing_checked_at: null,
  attempts: 12,
  message: null,
  note: {
    code: 'txt_failed',
    record: '_sellflow.xn--mller-kva.example',
    expected: 'sellflow-verification=abc',
    attempts: 12,
    seen: ['v=spf1 -all'],
    dns_error: '',
    cause: '',
  },
  certificate_not_after: null,
  created_at: '2026-11-23T10:00:00Z',
  ...over,
});
const overview = (list: unknown[]) => ({ platform_suffix: 'sellflow.site', ttl_options: [300, 3600, 86400, 604800], record_type: 'TXT', list });
const page = () => renderRoutes('/cabinet/domains', [{ path: '/cabinet/domains', element: <DomainsPage /> }]);

describe('the Domains page', () => {
  it('shows the record to set with its TTL, the state in words, the error and "check again"', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/v1/cabinet/domains/7/check') && init.method === 'POST') return json(202, domain({ state: 'waiting' }));
      if (url.startsWith('/v1/cabinet/domains')) return json(200, overview([domain()]));
      return json(404, {});
    });
    page();
    const card = await screen.findByTestId('domain-card');
    expect(within(card).getByText('müller.example')).toBeInTheDocument();
    expect(within(card).getByText('Error')).toBeInTheDocument();
    expect(within(card).getAllByText('Not found yet')).toHaveLength(3); // the TXT, the A record and the CNAME
    expect(within(card).getByText('_sellflow.xn--mller-kva.example')).toBeInTheDocument();
    expect(within(card).getByText('sellflow-verification=abc')).toBeInTheDocument();
    expect(within(card).getAllByText('5 minutes')).toHaveLength(3);
    // the workflow's code and facts, worded by the page
    expect(
      within(card).getByText(
        'The TXT record _sellflow.xn--mller-kva.example with the value sellflow-verification=abc was not found after 12 checks. Set it at your DNS host, then choose “Check again”. Found instead: “v=spf1 -all”.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('No SSL certificate yet')).toBeInTheDocument();
    expect(within(card).getAllByRole('button', { name: /Copy/ })).toHaveLength(6); // TXT, A and CNAME, name and value
    expect(within(card).getByTestId('domain-awaited')).toHaveTextContent('The checks stopped without finding the record.')
    fireEvent.click(within(card).getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => String(u).includes('/domains/7/check') && i?.method === 'POST')).toBe(true),
    );
  });

  it('shows the certificate CNAME of a custom domain and offers a check while it is looked for', async () => {
    // a domain last checked before notes: the check's own words
    const message = 'Waiting for the CNAME record _acme-challenge.xn--mller-kva.example pointing to 0f1e2d3c4b5a69788796.acme.sellflow.site';
    mockFetch(() => json(200, overview([domain({ state: 'active', message, note: null, record: { ...domain().record, state: 'submitted' } })])));
    page();
    const card = await screen.findByTestId('domain-card');
    const cname = within(card).getByTestId('delegation');
    expect(within(cname).getByText('Certificate record (CNAME)')).toBeInTheDocument();
    expect(within(cname).getByText('CNAME')).toBeInTheDocument();
    expect(within(cname).getByTestId('delegation-name')).toHaveTextContent('_acme-challenge.xn--mller-kva.example');
    expect(within(cname).getByTestId('delegation-value')).toHaveTextContent('0f1e2d3c4b5a69788796.acme.sellflow.site');
    expect(within(cname).getByText('Not found yet')).toBeInTheDocument();
    expect(within(card).getByText(message)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('shows no CNAME for a Sellflow subdomain', async () => {
    mockFetch(() =>
      json(200, overview([domain({ kind: 'subdomain', hostname: 'anna.sellflow.site', display_hostname: 'anna.sellflow.site', delegation: null, routing: [] })])),
    );
    page();
    const card = await screen.findByTestId('domain-card');
    expect(within(card).queryByTestId('delegation')).toBeNull();
    expect(within(card).queryByTestId('routing')).toBeNull();
    expect(within(card).getByText('Sellflow sets this record for you.')).toBeInTheDocument();
  });

  it('shows the certificate expiry of an active domain and offers no check', async () => {
    const notAfter = new Date(Date.now() + 60 * 86_400_000).toISOString();
    mockFetch(() =>
      json(
        200,
        overview([
          domain({
            state: 'active_with_ssl',
            message: null,
            note: null,
            certificate_not_after: notAfter,
            record: { ...domain().record, state: 'submitted' },
            delegation: { ...domain().delegation, state: 'submitted' },
            routing: [{ type: 'A', name: 'xn--mller-kva.example', value: '203.0.113.10', ttl: 300, state: 'submitted', seen: ['203.0.113.10'] }],
            routing_checked_at: '2026-11-24T09:00:00Z',
          }),
        ]),
      ),
    );
    page();
    const card = await screen.findByTestId('domain-card');
    expect(within(card).getByText('Active with SSL')).toBeInTheDocument();
    expect(within(card).getAllByText('Found')).toHaveLength(3);
    expect(within(card).getByTestId('domain-awaited')).toHaveTextContent('Nothing: your shop answers on https://müller.example.');
    expect(within(card).getByText(/SSL certificate valid until .* \((59|60) days left\)/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('shows the CNAME that routes a domain below its apex, what it points to instead, and checks it again', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/v1/cabinet/domains/7/check') && init.method === 'POST') return json(202, domain());
      return json(
        200,
        overview([
          domain({
            hostname: 'shop.example.com',
            display_hostname: 'shop.example.com',
            state: 'active_with_ssl',
            note: null,
            certificate_not_after: new Date(Date.now() + 60 * 86_400_000).toISOString(),
            record: { ...domain().record, state: 'submitted' },
            routing: [{ type: 'CNAME', name: 'shop.example.com', value: 'shops.sellflow.site', ttl: 3600, state: 'waiting', seen: ['old-shop.example.net'] }],
            routing_checked_at: '2026-11-24T09:00:00Z',
          }),
        ]),
      );
    });
    page();
    const card = await screen.findByTestId('domain-card');
    const routing = within(card).getByTestId('routing');
    expect(within(routing).getByText('Routing record')).toBeInTheDocument();
    expect(within(routing).getByTestId('routing-name')).toHaveTextContent('shop.example.com');
    expect(within(routing).getByTestId('routing-value')).toHaveTextContent('shops.sellflow.site');
    expect(within(routing).getByText('1 hour')).toBeInTheDocument();
    expect(within(routing).getByText('Add this CNAME record so that visitors of your domain reach your shop.')).toBeInTheDocument();
    expect(within(routing).getByText(/Found instead: CNAME “old-shop.example.net”/)).toBeInTheDocument();
    expect(within(card).getByTestId('domain-awaited')).toHaveTextContent('its routing record does not point to Sellflow yet');
    fireEvent.click(within(card).getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => String(u).includes('/domains/7/check') && i?.method === 'POST')).toBe(true),
    );
  });

  it('reads in German: the routing records of an apex domain and what is awaited', async () => {
    await i18n.changeLanguage('de');
    mockFetch(() =>
      json(
        200,
        overview([
          domain({
            state: 'waiting',
            note: null,
            routing: [
              { type: 'A', name: 'xn--mller-kva.example', value: '203.0.113.10', ttl: 300, state: 'waiting', seen: [] },
              { type: 'AAAA', name: 'xn--mller-kva.example', value: '2001:db8::10', ttl: 300, state: 'waiting', seen: [] },
            ],
          }),
        ]),
      ),
    );
    page();
    const card = await screen.findByTestId('domain-card');
    const routing = within(card).getByTestId('routing');
    expect(within(routing).getByText('Weiterleitungs-Einträge')).toBeInTheDocument();
    expect(within(routing).getByTestId('routing-1-value')).toHaveTextContent('2001:db8::10');
    expect(within(routing).getByText('Noch nicht geprüft.')).toBeInTheDocument();
    expect(within(card).getByTestId('domain-awaited')).toHaveTextContent('Sellflow wartet auf den TXT-Eintrag unten.');
  });

  it('says how to start when there is no domain, and shows why a name is refused', async () => {
    mockFetch((_url, init) => {
      if (init.method === 'POST')
        return json(400, { error: 'INVALID_INPUT', message: 'Some fields are invalid.', type: 'INVALID_INPUT', fields: { name: 'an IP address is not a domain' } });
      return json(200, overview([]));
    });
    page();
    expect(await screen.findByText(/No domains yet/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: '10.0.0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('An IP address is not a domain')).toBeInTheDocument();
  });
});
