// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { PAGE_SIZES, type ListDefaults } from '../listState';
import { useListParams, type ListParams } from '../useListParams';

const defaults: ListDefaults = { per: 20, perOptions: PAGE_SIZES, sortKey: 'created_at', sortDir: 'desc' };
let current: ListParams | null = null;

function Probe() {
  current = useListParams(defaults);
  const location = useLocation();
  return <div data-testid="search">{decodeURIComponent(location.search)}</div>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
}

describe('useListParams keeps the list state in the URL', () => {
  it('resets the page when the page size changes', () => {
    renderAt('/cabinet/orders?page=3');
    act(() => current!.setPer(50));
    expect(screen.getByTestId('search')).toHaveTextContent('?per=50');
    expect(current!.state.page).toBe(1);
  });

  it('resets the page when filters are applied, and writes them as bracket params', () => {
    renderAt('/cabinet/orders?page=3&query=ada');
    act(() => current!.applyFilters({ payment_state: ['paid', 'paying'] }));
    expect(screen.getByTestId('search')).toHaveTextContent('?query=ada&filters[payment_state][]=paid&filters[payment_state][]=paying');
    expect(current!.state).toMatchObject({ page: 1, filters: { payment_state: ['paid', 'paying'] } });
  });

  it('corrects a page beyond the last once the total is known', () => {
    renderAt('/cabinet/orders?page=9');
    act(() => current!.syncTotal(45));
    expect(current!.state.page).toBe(3);
    act(() => current!.syncTotal(0));
    expect(current!.state.page).toBe(1);
  });

  it('toggles the direction when sorting on the same key', () => {
    renderAt('/cabinet/orders');
    act(() => current!.toggleSort('total'));
    expect(current!.state).toMatchObject({ sortKey: 'total', sortDir: 'asc' });
    act(() => current!.toggleSort('total'));
    expect(current!.state).toMatchObject({ sortKey: 'total', sortDir: 'desc' });
    expect(screen.getByTestId('search')).toHaveTextContent('?sortKey=total');
  });
});
