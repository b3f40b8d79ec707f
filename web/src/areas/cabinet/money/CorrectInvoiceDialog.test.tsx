// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetApiConfig } from '../../../api/client';
import { setTokens } from '../../../api/tokens';
import { json, mockFetch, TOKENS } from '../../../api/__tests__/helpers';
import i18n from '../../../i18n';
import { renderRoutes } from '../../../test/render';
import { CorrectInvoiceDialog } from './CorrectInvoiceDialog';

beforeEach(async () => {
  resetApiConfig();
  setTokens(TOKENS);
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const open = (onClose = vi.fn()) => {
  renderRoutes('/cabinet/invoices', [
    { path: '/cabinet/invoices', element: <CorrectInvoiceDialog invoice={{ id: 7, number: 1001 }} onClose={onClose} /> },
  ]);
  return onClose;
};

describe('the correction dialog', () => {
  it('checks the buyer block while typing', () => {
    mockFetch(() => json(500, {}));
    open();
    expect(screen.getByText(/A finalised invoice cannot be changed/)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('correction-lines'), { target: { value: 'a\nb\nc\nd\ne\nf\ng' } });
    expect(screen.getByText('At most 6 lines')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('correction-lines'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('correction-submit'));
    expect(screen.getByText('Enter at least one line')).toBeInTheDocument();
  });

  it('issues the correction and names both new numbers', async () => {
    const fetch = mockFetch((url) =>
      url === '/v1/cabinet/invoices/7/correction'
        ? json(201, { reversal_number: 1002, corrected_id: 9, corrected_number: 1003 })
        : json(404, { error: 'NOT_FOUND', message: 'nope' }),
    );
    const onClose = open();
    fireEvent.change(screen.getByTestId('correction-lines'), { target: { value: ' Bea Buyer \n\nBuyer GmbH\nHauptstr. 1' } });
    fireEvent.change(screen.getByTestId('correction-country'), { target: { value: 'DE' } });
    fireEvent.click(screen.getByTestId('correction-submit'));
    expect(await screen.findByText('Credit memo no. 1002 and corrected invoice no. 1003 issued')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/correction')) ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ buyer_lines: ['Bea Buyer', 'Buyer GmbH', 'Hauptstr. 1'], buyer_country: 'DE' });
  });

  it("shows the API's message when the invoice cannot be corrected", async () => {
    mockFetch(() => json(409, { error: 'CONFLICT', type: 'CONFLICT', message: 'The invoice was already corrected' }));
    const onClose = open();
    fireEvent.change(screen.getByTestId('correction-lines'), { target: { value: 'Bea Buyer' } });
    fireEvent.click(screen.getByTestId('correction-submit'));
    await waitFor(() => expect(screen.getByTestId('correction-error')).toHaveTextContent('The invoice was already corrected'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
