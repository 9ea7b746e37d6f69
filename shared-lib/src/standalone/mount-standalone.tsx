// A minimal host page so a team can run its remote alone (`npm run dev -w mfe-account`) without the shell:
// the same providers, its own routes, a plain nav of its pages and the toasts.
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import type { RemoteRoute } from '../contracts';
import { fetchRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { startSessionSync } from '../session/session-sync';
import { syncCartAcrossTabs } from '../stores/cart';
import { DesignProvider } from '../ui/providers';
import { routerFuture } from '../routes/paths';
import { Toaster } from '../ui/toaster';
import { LiveRegion } from '../ui/live-region';

export interface StandaloneOptions {
  name: string;
  routes: readonly RemoteRoute[];
  widgets?: readonly ComponentType[];
}

export async function mountStandalone({ name, routes, widgets = [] }: StandaloneOptions): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    setRuntimeConfig(await fetchRuntimeConfig());
  } catch (error) {
    root.render(
      <p style={{ padding: '2rem', fontFamily: 'system-ui' }}>
        No config.json for {name}: run <code>npm run dev</code> once at the repository root to write it.
      </p>,
    );
    throw error;
  }
  syncCartAcrossTabs();
  void startSessionSync();
  root.render(
    <DesignProvider>
      <BrowserRouter future={routerFuture}>
        <nav
          aria-label={`${name} pages`}
          style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', padding: '1rem' }}
        >
          <strong>{name} (standalone)</strong>
          {routes
            .filter((r) => !r.path.includes(':'))
            .map((r) => (
              <Link key={r.path} to={r.path}>
                {r.path}
              </Link>
            ))}
        </nav>
        <main id="main">
          <Routes>
            {routes.map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
          </Routes>
        </main>
        {widgets.map((Widget, i) => (
          <Widget key={i} />
        ))}
        <Toaster />
        <LiveRegion />
      </BrowserRouter>
    </DesignProvider>,
  );
}
