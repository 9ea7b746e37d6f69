// The rehearsal project's fixtures: `rehearsal`, the production rehearsal site (e2e/support/rehearsal.ts), set up
// once per worker, and every page of a test on it (baseURL). A journey added later imports `test` from here.
// The site keeps config.toml's real rate limits: a journey signs in and sends e-mail as little as a visitor
// would (the whole project may send 2 auth e-mails an hour: the first order's address confirmation and the
// password change's reauthentication code).
import { test as base } from '../fixtures';
import { startRehearsal, type RehearsalSite } from '../support/rehearsal';

export const test = base.extend<object, { rehearsal: RehearsalSite }>({
  rehearsal: [
    async ({}, use) => {
      const { site, stop } = await startRehearsal();
      try {
        await use(site);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ rehearsal }, use) => use(rehearsal.shellUrl),
});

export { expect } from '../fixtures';
