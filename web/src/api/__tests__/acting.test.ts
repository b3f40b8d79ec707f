// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { actingHeaders, actingPath, actingSeller, setActingSeller } from '../acting';

describe('working for a seller', () => {
  afterEach(() => {
    setActingSeller(null);
  });

  it('names the seller on cabinet calls only, while working for them', () => {
    expect(actingHeaders('/cabinet/orders')).toEqual({});
    expect(setActingSeller(7)).toBe(true);
    expect(setActingSeller(7)).toBe(false);
    expect(actingSeller()).toBe(7);
    expect(actingHeaders('/cabinet/orders')).toEqual({ 'Sellflow-Seller-Id': '7' });
    expect(actingHeaders('/v1/cabinet/orders/csv?x=1')).toEqual({ 'Sellflow-Seller-Id': '7' });
    expect(actingHeaders('/team_member/overview')).toEqual({});
    expect(actingHeaders('/publish/cabinet/x')).toEqual({});
    expect(sessionStorage.getItem('sf_acting_seller')).toBe('7');
    setActingSeller(null);
    expect(actingHeaders('/cabinet/orders')).toEqual({});
    expect(sessionStorage.getItem('sf_acting_seller')).toBeNull();
  });

  it('rewrites the cabinet’s paths to the team member’s seller paths', () => {
    expect(actingPath(7, '/cabinet')).toBe('/team_member/sellers/7');
    expect(actingPath(7, '/cabinet/orders/abc')).toBe('/team_member/sellers/7/orders/abc');
    expect(actingPath(7, '/cabinet/profile/edit?seller_profile_edit=true')).toBe('/team_member/sellers/7/profile/edit?seller_profile_edit=true');
  });
});
