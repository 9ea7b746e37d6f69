// Accessibility (issue 9): axe finds no serious or critical violations on any route of the spec, signed out
// and signed in, nor in the open cart panel and the open promo dialog.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import {
  addServiceToCart,
  cartButton,
  openRoute,
  openSharedPage,
  publicRoutes,
  signedInRoutes,
} from '../support/routes';

/** Fails with each serious or critical violation's id, impact, help and the selectors of the nodes at fault. */
async function expectNoSeriousViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n` +
      v.nodes
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`)
        .join('\n'),
  );
  expect(
    serious.map((v) => v.id),
    `axe on ${what}:\n${report.join('\n')}`,
  ).toEqual([]);
}

test.describe('signed out', () => {
  let shared: Page;
  test.beforeAll(async ({ browser }, workerInfo) => {
    shared = await openSharedPage(browser, workerInfo.project.use.baseURL);
  });
  test.afterAll(() => shared.context().close());

  for (const route of publicRoutes) {
    test(`axe: ${route}`, async () => {
      await openRoute(shared, route);
      await expectNoSeriousViolations(shared, route);
    });
  }
});

for (const route of signedInRoutes) {
  test(`axe, signed in: ${route}`, async ({ page }) => {
    await openRoute(page, route);
    await expectNoSeriousViolations(page, route);
  });
}

test('axe: the open cart panel', async ({ page }) => {
  await addServiceToCart(page);
  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the cart panel');
});

test('axe: the open promo-banner dialog', async ({ page }) => {
  await openRoute(page, '/');
  await page.getByRole('button', { name: /10% off your first project order/ }).click();
  await expect(page.getByRole('dialog', { name: '10% off your first project this September' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the promo dialog');
});
