import { describe, expect, it } from 'vitest';
import { axisTicks, dailyCounts, sparklinePoints } from './sparkline';

describe('dashboard sparkline', () => {
  it('buckets orders by day, oldest first', () => {
    const now = new Date(2026, 10, 20, 12);
    const counts = dailyCounts([new Date(2026, 10, 20, 9).toISOString(), new Date(2026, 10, 20, 10).toISOString(), new Date(2026, 10, 18, 1).toISOString(), new Date(2026, 9, 1).toISOString()], 3, now);
    expect(counts.map((c) => c.count)).toEqual([1, 0, 2]);
    expect(counts[2]!.day).toBe('2026-11-20');
  });
  it('scales points into the box', () => {
    expect(sparklinePoints([0, 2], 100, 20, 0)).toBe('0.0,20.0 100.0,0.0');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});

describe('axisTicks', () => {
  it('labels the first and last day and evenly between', () => {
    const days = Array.from({ length: 14 }, (_, i) => `2026-11-${String(9 + i).padStart(2, '0')}`);
    expect(axisTicks(days, 5)).toEqual(['09.11', '12.11', '16.11', '19.11', '22.11']);
    expect(axisTicks(days.slice(0, 3), 5)).toEqual(['09.11', '10.11', '11.11']);
  });
});

