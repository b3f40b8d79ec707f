import { describe, expect, it } from 'vitest';
import { isOwnHost, shopPrefix, toAppPath, toDomainPath } from './hostShop';

describe('the shop on a seller domain', () => {
  it("knows Sellflow's own hosts", () => {
    expect(isOwnHost('127.0.0.1', [])).toBe(true);
    expect(isOwnHost('localhost', [])).toBe(true);
    expect(isOwnHost('[::1]', [])).toBe(true);
    expect(isOwnHost('app.sellflow.com', ['app.sellflow.com'])).toBe(true);
    expect(isOwnHost('APP.sellflow.com.', ['app.sellflow.com'])).toBe(true);
    expect(isOwnHost('shop.example.test', ['app.sellflow.com'])).toBe(false);
  });

  it('maps the domain paths to the shop routes and back', () => {
    const p = shopPrefix('anna');
    expect(p).toBe('/s/anna');
    expect(toAppPath(p, '/')).toBe('/s/anna');
    expect(toAppPath(p, '/course')).toBe('/s/anna/course');
    expect(toAppPath(p, '/course/thank_you/T1')).toBe('/s/anna/course/thank_you/T1');
    expect(toAppPath(p, '/s/anna/course')).toBe('/s/anna/course');
    expect(toDomainPath(p, '/s/anna')).toBe('/');
    expect(toDomainPath(p, '/s/anna?x=1')).toBe('/?x=1');
    expect(toDomainPath(p, '/s/anna/course/thank_you/T1')).toBe('/course/thank_you/T1');
    expect(toDomainPath(p, '/s/anna/payment/T1/manage')).toBe('/payment/T1/manage');
    expect(toDomainPath(p, '/s/annabel/x')).toBe('/s/annabel/x');
    expect(toDomainPath(p, '/users/sign_in')).toBe('/users/sign_in');
  });
});
