import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW, parseWindow, resolveWindow, windowFilters, windowValues } from '../dateWindow';
import { FILTER_TYPES, type FilterDef, activeCount, apiFilters, csvHref, listApiQuery } from '../filterDefs';
import { defaultState } from '../listState';

// Wednesday 2026-11-25, 15:30 local time
const NOW = new Date(2026, 10, 25, 15, 30);
const day = (d: Date | null) => (d ? `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()} ${d.getHours()}:${d.getMinutes()}` : null);

describe('the date window', () => {
  it('is the last 90 days unless the URL says otherwise, and that default is the bare URL', () => {
    expect(parseWindow(undefined)).toEqual({ token: DEFAULT_WINDOW });
    expect(parseWindow(['nonsense'])).toEqual({ token: DEFAULT_WINDOW });
    expect(windowValues({ token: 'last_90_days' })).toEqual([]);
    const { from, to } = resolveWindow({ token: 'last_90_days' }, NOW);
    expect(day(from)).toBe('2026-8-28 0:0');
    expect(to).toBeNull();
  });

  it('resolves current and previous weeks (from Monday), months and years', () => {
    const r = (token: string) => {
      const w = resolveWindow(parseWindow([token]), NOW);
      return [day(w.from), day(w.to)];
    };
    expect(r('current_week')).toEqual(['2026-11-23 0:0', null]);
    expect(r('previous_week')).toEqual(['2026-11-16 0:0', '2026-11-23 0:0']);
    expect(r('current_month')).toEqual(['2026-11-1 0:0', null]);
    expect(r('previous_month')).toEqual(['2026-10-1 0:0', '2026-11-1 0:0']);
    expect(r('previous_year')).toEqual(['2025-1-1 0:0', '2026-1-1 0:0']);
    expect(r('last_7_days')).toEqual(['2026-11-19 0:0', null]);
    expect(r('all')).toEqual([null, null]);
  });

  it('keeps two chosen days, each counted whole, and sends days or moments as the list takes them', () => {
    const w = parseWindow(['custom', '2026-11-01', '2026-11-03']);
    expect(windowValues(w)).toEqual(['custom', '2026-11-01', '2026-11-03']);
    expect(windowFilters('opened', w, true, NOW)).toEqual({ opened_from: ['2026-11-01'], opened_to: ['2026-11-03'] });
    const moments = windowFilters('created', w, false, NOW);
    expect(new Date(moments.created_from![0]!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(moments.created_to![0]!).getTime()).toBe(new Date(2026, 10, 4).getTime() - 1);
    expect(parseWindow(['custom', 'x', '2026-13'])).toEqual({ token: 'custom', from: undefined, to: undefined });
  });

  it('gives the same query all day long (the list is not asked again every render)', () => {
    const later = new Date(2026, 10, 25, 23, 59);
    expect(windowFilters('created', { token: 'last_30_days' }, false, NOW)).toEqual(windowFilters('created', { token: 'last_30_days' }, false, later));
  });
});

describe('the filter bar', () => {
  const defs: FilterDef[] = [
    { key: 'created', type: 'relative_date_range', label: 'Created' },
    { key: 'payment_state', type: 'multi_select', label: 'State' },
    { key: 'total', type: 'number_range', label: 'Total', scale: 100 },
    { key: 'code', type: 'text', label: 'Code' },
    { key: 'count', type: 'number', label: 'Count' },
    { key: 'paid', type: 'date_range_no_time', label: 'Paid', api: 'paid' },
  ];

  it('knows the thirteen types of editor §2', () => {
    expect(FILTER_TYPES).toHaveLength(13);
    expect(new Set(FILTER_TYPES).size).toBe(13);
  });

  it('sends ranges as their two ends, amounts in cents, and leaves out what is empty or not a number', () => {
    const out = apiFilters(defs, { payment_state: ['paid', 'paying'], total: ['12,50', ''], code: ['  SPRING '], count: ['abc'], paid: ['2026-11-01', '2026-11-02'] }, NOW);
    expect(out.payment_state).toEqual(['paid', 'paying']);
    expect(out.total_min).toEqual(['1250']);
    expect(out.total_max).toBeUndefined();
    expect(out.code).toEqual(['SPRING']);
    expect(out.count).toBeUndefined();
    expect(out.paid_from).toEqual(['2026-11-01']);
    expect(out.paid_to).toEqual(['2026-11-02']);
    expect(out.created_from).toHaveLength(1); // the default window, always
  });

  it('counts the filters set beside the window, and exports what the list shows without its page', () => {
    expect(activeCount(defs, { created: ['all'], payment_state: ['paid'], total: ['', ''] })).toBe(1);
    const q = listApiQuery({ ...defaultState({ per: 20, perOptions: [20] }), page: 3, query: 'bea', filters: { created: ['all'], payment_state: ['paid'] } }, defs, NOW);
    expect(q).toMatchObject({ page: 3, per: 20, query: 'bea', filters: { payment_state: ['paid'] } });
    expect(csvHref('/v1/cabinet/orders/csv', q)).toBe('/v1/cabinet/orders/csv?query=bea&filters[payment_state][]=paid');
  });
});
