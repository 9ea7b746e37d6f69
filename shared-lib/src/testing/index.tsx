// Test helpers for every package's component tests: one render with every provider the site has.
// Imported as 'shared-lib/src/testing' from tests only, never from app code.
import type { ReactElement } from 'react';
import { act, render, screen, within, type RenderOptions, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createClient } from '@supabase/supabase-js';
import { DesignProvider } from '../ui/providers';
import { Toaster } from '../ui/toaster';
import { dataApiOptions, provideSupabase, type StorefrontClient } from '../supabase/client';
import { setRuntimeConfig } from '../config/runtime-config';
import { useCartStore } from '../stores/cart';
import { useSessionStore } from '../stores/session';
import { useToastStore } from '../stores/toast';
import { useAnnouncerStore } from '../stores/announcer';
import { routerFuture } from '../routes/paths';
import { remoteDescriptors, type RemoteKey } from '../contracts';
import type { Database } from '../supabase/database.types';

export const TEST_SUPABASE_URL = 'http://supabase.test';

export const testRuntimeConfig = {
  supabaseUrl: TEST_SUPABASE_URL,
  supabaseAnonKey: 'test-anon-key',
  // Each remote where `npm run dev` serves it by default (its descriptor's port).
  remotes: Object.fromEntries(
    Object.entries(remoteDescriptors).map(([key, { port }]) => [
      key,
      `http://localhost:${port}/mf-manifest.json`,
    ]),
  ) as Record<RemoteKey, string>,
};

/** Shows the current location, so tests can assert where a component navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface ProviderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern the UI is mounted at (for pages with params such as /blog/:slug). */
  path?: string;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, ...options }: ProviderOptions = {},
) {
  return render(
    <DesignProvider>
      <MemoryRouter initialEntries={[route]} future={routerFuture}>
        <Routes>
          <Route path={path ?? '*'} element={ui} />
          {path ? <Route path="*" element={null} /> : null}
        </Routes>
        <LocationProbe />
        <Toaster />
      </MemoryRouter>
    </DesignProvider>,
    options,
  );
}

/**
 * renderWithProviders inside an awaited act(), for trees that suspend (lazy pages, React's `use`): React 19 only
 * retries a suspended render from an awaited act scope.
 */
export async function renderSuspended(
  ui: ReactElement,
  options: ProviderOptions = {},
): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = renderWithProviders(ui, options);
  });
  return result!;
}

export type FetchHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * The real supabase-js client, with its HTTP calls answered by `handler` instead of a server, so component tests
 * exercise the same request building and response parsing as production.
 */
export function createTestSupabase(handler: FetchHandler): StorefrontClient {
  setRuntimeConfig(testRuntimeConfig);
  const client = createClient<Database>(TEST_SUPABASE_URL, 'test-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: dataApiOptions,
    global: {
      fetch: (input: RequestInfo | URL, init: RequestInit = {}) =>
        Promise.resolve(handler(new URL(input instanceof Request ? input.url : String(input)), init)),
    },
  });
  provideSupabase(client);
  return client;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** Puts every shared store back to its first state; call in afterEach. */
export function resetStores(): void {
  useCartStore.setState({ items: [], appliedCode: null });
  useSessionStore.setState({
    status: 'loading',
    user: null,
    accessToken: null,
    awaitingSecondFactor: false,
    staff: false,
    secondFactorVerified: false,
    passwordRecovery: false,
    signedOutOn: null,
  });
  useToastStore.setState({ toasts: [] });
  useAnnouncerStore.setState({ current: null });
  localStorage.clear();
  sessionStorage.clear();
  provideSupabase(null);
}

/**
 * The definition (<dd>) a description list inside `container` gives `term` (<dt>). Each list pairs one <dd> with
 * each <dt>, so they are matched by position, as assistive technology reads them.
 */
export function definitionOf(container: HTMLElement, term: string): HTMLElement {
  const terms = within(container).getAllByRole('term');
  const definitions = within(container).getAllByRole('definition');
  const index = terms.findIndex((t) => t.textContent === term);
  if (index < 0 || terms.length !== definitions.length) throw new Error(`no single definition of “${term}”`);
  return definitions[index]!;
}

/** The toast showing `text`: its live message, an alert when destructive, otherwise a status. */
export async function findToast(text: string): Promise<HTMLElement> {
  // The same words may also stand beside the form (an inline error), so more than one match is fine here.
  await screen.findAllByText(text);
  // A toast's content: an alert for an error, a plain block for the rest (read out through the live region).
  const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
  const toast = items.find((item) => within(item).queryAllByText(text).length > 0);
  if (!toast) throw new Error(`“${text}” is not in a toast`);
  return toast.firstElementChild as HTMLElement;
}

/**
 * Makes `window.matchMedia` answer `(min-width: …em)` queries as a viewport `width` CSS pixels wide would (1em =
 * 16px), for components that pick a layout in script. Returns the function that puts the original back.
 */
export function mockViewportWidth(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    return { ...original(query), matches: min ? width >= Number(min[1]) * 16 : false };
  };
  return () => {
    window.matchMedia = original;
  };
}

export { describeRemoteContract } from './remote-contract';
