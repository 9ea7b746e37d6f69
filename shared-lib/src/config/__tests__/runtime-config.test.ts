import { parseRuntimeConfig, RuntimeConfigError } from '../runtime-config';

const valid = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'key',
  remotes: {
    marketing: 'http://localhost:3001/mf-manifest.json',
    catalog: 'https://cdn.example.com/catalog/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
  },
};

describe('parseRuntimeConfig', () => {
  it('accepts a complete config and defaults the purchase toast to on', () => {
    expect(parseRuntimeConfig(valid)).toEqual({ ...valid, purchaseToast: true });
    expect(parseRuntimeConfig({ ...valid, purchaseToast: false }).purchaseToast).toBe(false);
  });

  it.each([
    [{ ...valid, supabaseUrl: 'not a url' }, 'supabaseUrl must be an http(s) URL'],
    [{ ...valid, supabaseUrl: 'javascript:alert(1)' }, 'supabaseUrl must be an http(s) URL'],
    [{ ...valid, supabaseAnonKey: '' }, 'supabaseAnonKey is required'],
    [
      { ...valid, remotes: { ...valid.remotes, account: undefined } },
      'remotes.account must be an http(s) URL',
    ],
    [{ ...valid, purchaseToast: 'no' }, 'purchaseToast must be true or false'],
    [null, 'supabaseAnonKey is required'],
  ])('refuses %j with a message naming the field', (input, message) => {
    expect(() => parseRuntimeConfig(input)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(input)).toThrow(message);
  });
});
