import { describe, expect, it } from 'vitest';
import { attachmentName } from './download';

describe('attachmentName', () => {
  it('reads the name a CSV is sent with, so the saved file says what it holds', () => {
    expect(attachmentName('attachment; filename="orders-2026-11-28.csv"')).toBe('orders-2026-11-28.csv');
    expect(attachmentName("attachment; filename*=UTF-8''Rechnungen%20M%C3%A4rz.csv")).toBe('Rechnungen März.csv');
    expect(attachmentName('attachment; filename=plain.csv')).toBe('plain.csv');
  });
  it('opens what is not an attachment (a PDF shown inline) instead of saving it', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('inline; filename="invoice.pdf"')).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
  });
});
