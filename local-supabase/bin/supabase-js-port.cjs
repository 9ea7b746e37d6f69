// A jest setup file for supabase-js's own suites (bin/supabase-js-suites.sh): their URLs name the Supabase CLI's
// port 54321, a developer's default port on a shared machine, so their requests go to the port the script
// started this service on (SUPABASE_JS_SUITE_URL) instead. supabase-js calls fetch with a URL string.
const target = new URL(process.env.SUPABASE_JS_SUITE_URL);
const fetchAtCliPort = globalThis.fetch;

globalThis.fetch = (input, init) => {
  if (typeof input !== 'string' && !(input instanceof URL)) return fetchAtCliPort(input, init);
  const url = new URL(input);
  if (url.port === '54321' && ['localhost', '127.0.0.1'].includes(url.hostname)) url.host = target.host;
  return fetchAtCliPort(url, init);
};
