import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { webcrypto } from 'node:crypto';
import type * as WebStreams from 'node:stream/web';
import type * as Undici from 'undici';

// jsdom lacks a few platform APIs the app relies on.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!globalThis.crypto?.getRandomValues) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto });
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => undefined;

// jsdom has no Request, Response or ReadableStream, which supabase-js and createTestSupabase need. Node's own
// implementations (undici) are installed once the web streams they build on exist.
if (typeof globalThis.Response === 'undefined') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const streams = require('node:stream/web') as typeof WebStreams;
  Object.assign(globalThis, {
    ReadableStream: streams.ReadableStream,
    TransformStream: streams.TransformStream,
    WritableStream: streams.WritableStream,
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Request, Response, Headers, FormData } = require('undici') as typeof Undici;
  Object.assign(globalThis, { Request, Response, Headers, FormData });
}

// Component tests each build their own supabase-js client on purpose; its warning about that is noise here.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Multiple GoTrueClient instances')) return;
  warn(...args);
};
