import { isSecondFactorToken, isStaffToken } from '../access-token';

const encode = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: unknown) => `${encode('{"alg":"HS256"}')}.${encode(JSON.stringify(claims))}.sig`;

describe("the access token's claims as the browser reads them", () => {
  it('takes staff from app_metadata.role alone, which only the service role sets', () => {
    expect(isStaffToken(token({ app_metadata: { role: 'staff' } }))).toBe(true);
    expect(isStaffToken(token({ app_metadata: { role: 'customer' } }))).toBe(false);
    expect(isStaffToken(token({ user_metadata: { role: 'staff' }, app_metadata: {} }))).toBe(false);
    expect(isStaffToken(token({ role: 'staff' }))).toBe(false);
  });

  it('knows a verified second factor by aal2', () => {
    expect(isSecondFactorToken(token({ aal: 'aal2' }))).toBe(true);
    expect(isSecondFactorToken(token({ aal: 'aal1' }))).toBe(false);
  });

  it.each([['not a token'], [''], ['a.%%%.c'], [`x.${encode('null')}.y`], [`x.${encode('"staff"')}.y`]])(
    'reads no role and no level from %j',
    (value) => {
      expect(isStaffToken(value)).toBe(false);
      expect(isSecondFactorToken(value)).toBe(false);
    },
  );
});
