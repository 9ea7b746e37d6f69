import {
  fetchRuntimeConfig,
  parseRuntimeConfig,
  RuntimeConfigError,
  setRuntimeConfig,
  siteUrl,
} from '../runtime-config';

const valid = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'key',
  remotes: {
    marketing: 'http://localhost:3001/mf-manifest.json',
    catalog: 'https://cdn.example.com/catalog/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
    backoffice: 'http://localhost:3004/mf-manifest.json',
  },
};

describe('parseRuntimeConfig', () => {
  it('accepts a complete config, and ignores the purchaseToast switch an older config.json may still have', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
    expect(parseRuntimeConfig({ ...valid, purchaseToast: false })).toEqual(valid);
  });

  it('passes on the CAPTCHA site key when there is one, and none for an empty one', () => {
    expect(parseRuntimeConfig({ ...valid, captchaSiteKey: '0x4AAAAAAA' })).toEqual({
      ...valid,
      captchaSiteKey: '0x4AAAAAAA',
    });
    expect(parseRuntimeConfig({ ...valid, captchaSiteKey: '' })).toEqual(valid);
  });

  it.each([
    [{ ...valid, supabaseUrl: 'not a url' }, 'supabaseUrl must be an http(s) URL'],
    [{ ...valid, supabaseUrl: 'javascript:alert(1)' }, 'supabaseUrl must be an http(s) URL'],
    [{ ...valid, supabaseAnonKey: '' }, 'supabaseAnonKey is required'],
    [
      { ...valid, remotes: { ...valid.remotes, account: undefined } },
      'remotes.account must be an http(s) URL',
    ],
    [
      { ...valid, remotes: { ...valid.remotes, backoffice: 'ftp://cdn.example.com/backoffice' } },
      'remotes.backoffice must be an http(s) URL',
    ],
    [{ ...valid, siteUrl: 'javascript:alert(1)' }, 'siteUrl must be an http(s) URL'],
    [{ ...valid, siteUrl: 'shop.example.com' }, 'siteUrl must be an http(s) URL'],
    [{ ...valid, captchaSiteKey: 42 }, 'captchaSiteKey must be a string'],
    [null, 'supabaseAnonKey is required'],
  ])('refuses %j with a message naming the field', (input, message) => {
    expect(() => parseRuntimeConfig(input)).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(input)).toThrow(message);
  });
});

describe('siteUrl', () => {
  it("is config.json's origin, without a trailing slash", () => {
    const config = parseRuntimeConfig({ ...valid, siteUrl: 'https://shop.example.com/' });
    expect(config.siteUrl).toBe('https://shop.example.com');
    setRuntimeConfig(config);
    expect(siteUrl()).toBe('https://shop.example.com');
  });

  it("falls back to the page's own origin for a config.json written before SITE_URL existed", () => {
    const config = parseRuntimeConfig(valid);
    expect(config).not.toHaveProperty('siteUrl');
    setRuntimeConfig(config);
    expect(siteUrl()).toBe(window.location.origin);
  });
});

describe('fetchRuntimeConfig', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const serve = (status: number, body: unknown) => {
    const fetchMock = jest.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    return fetchMock;
  };

  it('reads /config.json the way the page preloads it and checks it', async () => {
    const fetchMock = serve(200, valid);
    await expect(fetchRuntimeConfig()).resolves.toEqual(valid);
    // The preload in index.html is a same-origin, default-cache fetch; any other mode would download it twice.
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { credentials: 'same-origin' });
  });

  it('reports a missing config as a config error', async () => {
    serve(404, {});
    await expect(fetchRuntimeConfig()).rejects.toThrow(new RuntimeConfigError('config.json: HTTP 404'));
  });

  it('reports a config with a bad field', async () => {
    serve(200, { ...valid, supabaseAnonKey: '' });
    await expect(fetchRuntimeConfig()).rejects.toThrow('supabaseAnonKey is required');
  });
});
