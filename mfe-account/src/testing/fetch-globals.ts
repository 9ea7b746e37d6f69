// jsdom has no Request, Response or ReadableStream, yet createTestSupabase (`input instanceof Request`) and
// json() (`new Response`) need them. Import this first in a component test that answers supabase-js calls.
// Belongs in tools/jest/setup-dom.ts once the lead adds it there (reported), then this file goes.
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import type * as Undici from 'undici';

if (typeof globalThis.Response === 'undefined') {
  Object.assign(globalThis, { ReadableStream, TransformStream, WritableStream });
  // Loaded after the streams exist: undici reads them when it is first evaluated.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Request, Response, FormData } = require('undici') as typeof Undici;
  Object.assign(globalThis, { Request, Response, FormData });
}

// Every test builds its own client on purpose; supabase-js warns about each one sharing the storage key.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Multiple GoTrueClient instances')) return;
  warn(...args);
};
