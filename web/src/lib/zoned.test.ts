import { describe, expect, it } from 'vitest';
import { formatInZone, isoToZoned, zonedToIso } from './zoned';

describe("an event's wall times", () => {
  it('reads a typed wall time in the event zone, across daylight saving', () => {
    expect(zonedToIso('2027-05-01T18:00', 'Europe/Vienna')).toBe('2027-05-01T16:00:00.000Z'); // CEST, +2
    expect(zonedToIso('2027-01-15T18:00', 'Europe/Vienna')).toBe('2027-01-15T17:00:00.000Z'); // CET, +1
    expect(zonedToIso('2027-05-01T18:00', 'America/New_York')).toBe('2027-05-01T22:00:00.000Z');
    expect(zonedToIso('tomorrow', 'Europe/Vienna')).toBeNull();
  });

  it('shows the instant back as the same wall time', () => {
    expect(isoToZoned('2027-05-01T16:00:00Z', 'Europe/Vienna')).toBe('2027-05-01T18:00');
    expect(formatInZone('2027-05-01T16:00:00Z', 'Europe/Vienna', 'en-GB')).toMatch(/18:00/);
  });
});
