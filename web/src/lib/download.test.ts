import { describe, expect, it } from 'vitest';
import { attachmentName, savedName } from './download';

describe('attachmentName', () => {
  it('reads the name a CSV is sent with, so the saved file says what it holds', () => {
    expect(attachmentName('attachment; filename="orders-2026-11-28.csv"')).toBe('orders-2026-11-28.csv');
    expect(attachmentName("attachment; filename*=UTF-8''Rechnungen%20M%C3%A4rz.csv")).toBe('Rechnungen März.csv');
    expect(attachmentName('attachment; filename=plain.csv')).toBe('plain.csv');
  });
  it('saves a CSV under its name, and opens a PDF or a picture to be read', () => {
    expect(savedName('attachment; filename="orders-2026-11-28.csv"', 'text/csv; charset=utf-8')).toBe('orders-2026-11-28.csv');
    expect(savedName('attachment; filename="Rechnung-1.pdf"', 'application/pdf')).toBeNull();
    expect(savedName('attachment; filename="scan.png"', 'image/png')).toBeNull();
  });
  it('opens what is not an attachment (a PDF shown inline) instead of saving it', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('inline; filename="invoice.pdf"')).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
  });
});
