// The shell composing three remotes at runtime: client-side navigation across slices, one shared cart store,
// one copy of the shared singletons, and a remote that is down (then back) without taking the site with it.
import { test, expect } from '../fixtures';
import { mainBackend, startSite, type SiteServers } from '../support/servers';

test('navigation reaches a page of each remote without a full reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /AI made simple/i })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const header = page.getByRole('banner');

  await header.getByRole('link', { name: 'Our Services' }).click();
  await expect(page).toHaveURL('/how-we-work');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await header.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByText('Sign in to access your cart and checkout')).toBeVisible();

  await header.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

test('a cart change inside the catalogue slice shows in the shell header (one store)', async ({ page }) => {
  await page.goto('/how-we-work');
  const cart = page.getByRole('banner').getByRole('button', { name: /^Cart, 0 items/ });
  await expect(cart).toBeVisible();
  await page
    .getByRole('button', { name: /^Add to Cart / })
    .first()
    .click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();
});

test('exactly one copy of react-dom, of the router and of zustand is downloaded', async ({ page }) => {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    }
  });
  // Visit a page of every remote so all of them have loaded their code.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Our Services' }).click();
  await expect(page).toHaveURL('/how-we-work');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByText('Sign in to access your cart and checkout')).toBeVisible();
  // The test inspects the downloads: a quiet network means every script the remotes asked for has arrived.
  // eslint-disable-next-line playwright/no-networkidle
  await page.waitForLoadState('networkidle');

  const bodies = await Promise.all(scripts);
  // Markers that only react-dom's client, react-router-dom (react-router inside it) and zustand's store factory
  // contain once minified.
  const reactDom = bodies.filter((s) => s.body.includes('__reactContainer$'));
  const router = bodies.filter((s) => s.body.includes('__reactRouterVersion'));
  const zustand = bodies.filter((s) => /getInitialState:\(\)=>/.test(s.body));
  expect(reactDom.map((s) => s.url)).toHaveLength(1);
  expect(router.map((s) => s.url)).toHaveLength(1);
  expect(zustand.map((s) => s.url)).toHaveLength(1);
});

test.describe('a remote that is down', () => {
  let site: SiteServers;

  test.beforeAll(async () => {
    site = await startSite(await mainBackend());
  });

  test.afterAll(async () => {
    await site.close();
  });

  test('shows the unavailable panel on its routes while the rest works, and Retry recovers it', async ({
    page,
  }) => {
    await site.stop('account');
    await page.goto(`${site.shellUrl}/auth`);
    const panel = page.getByTestId('remote-unavailable');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Temporarily unavailable' })).toBeVisible();

    // The header, footer, cart badge and the other slices keep working.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /AI made simple/i })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Our Services' }).click();
    await page
      .getByRole('button', { name: /^Add to Cart / })
      .first()
      .click();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, 1 item/ })).toBeVisible();

    // Back on the account route, the panel is there until the server returns; then Retry loads it in place.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await expect(panel).toBeVisible();
    await site.start('account');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Sign in to access your cart and checkout')).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
  });
});
