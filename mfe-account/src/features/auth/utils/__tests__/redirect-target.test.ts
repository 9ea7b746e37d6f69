import { redirectTarget } from '../redirect-target';

describe('redirectTarget', () => {
  it('goes home when nothing sent the user here', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget({ from: 42 })).toBe('/');
  });

  it('returns to the protected page that sent the user here, query included', () => {
    expect(redirectTarget({ from: '/account' })).toBe('/account');
    expect(redirectTarget({ from: '/checkout' })).toBe('/checkout');
    expect(redirectTarget({ from: '/checkout?step=2' })).toBe('/checkout?step=2');
  });

  it('returns staff to the back office whose guard asked for their second factor', () => {
    expect(redirectTarget({ from: '/admin' })).toBe('/admin');
  });

  it('ignores any other destination', () => {
    expect(redirectTarget({ from: '/about' })).toBe('/');
    expect(redirectTarget({ from: 'https://evil.example/account' })).toBe('/');
    expect(redirectTarget({ from: '//evil.example/account' })).toBe('/');
    expect(redirectTarget({ from: '/account/../admin' })).toBe('/');
  });
});
