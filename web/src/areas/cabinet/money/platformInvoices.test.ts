import { describe, expect, it } from 'vitest';
import spec from '../../../../openapi.json';
import { PLATFORM_INVOICE_STATES, monthLabel, platformInvoiceColor } from './platformInvoices';

describe('platform invoices', () => {
  it('read a period as month and year in the UI language', () => {
    expect(monthLabel('2026-11', 'en')).toBe('November 2026');
    expect(monthLabel('2026-03', 'de')).toBe('März 2026');
    expect(monthLabel('2027-01', 'de')).toBe('Januar 2027');
  });
  it('show a period they cannot read as given', () => {
    expect(monthLabel('2026-13', 'en')).toBe('2026-13');
    expect(monthLabel('soon', 'en')).toBe('soon');
  });
  it('know every state of the API and give each a colour', () => {
    const schemas = spec.components.schemas as Record<string, { enum?: string[] }>;
    expect([...PLATFORM_INVOICE_STATES].sort()).toEqual([...(schemas.PlatformInvoiceState?.enum ?? [])].sort());
    expect(platformInvoiceColor('paid')).toBe('success');
    expect(platformInvoiceColor('unpaid')).toBe('error');
    expect(platformInvoiceColor('on_hold')).toBe('warning');
    expect(platformInvoiceColor('something_new')).toBe('default');
  });
});
