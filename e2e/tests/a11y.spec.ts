// Accessibility (issue 9): axe finds no serious or critical violations on any route of the spec, signed out and
// signed in, nor in the open cart panel and promo dialog; no page scrolls sideways on a phone or a desktop.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, signUp, uniqueEmail } from '../fixtures';

const servicePages = [
  '/services/ai-website-building',
  '/services/ai-product-shoots',
  '/services/custom-gpts',
  '/services/ai-branding',
  '/services/content-automation',
  '/services/social-media-ai',
  '/services/ai-chatbots',
  '/services/email-automation',
  '/services/workflow-automation',
  '/services/ai-dashboard',
  '/services/ai-strategy-call',
  '/services/mvp-masterclass',
  '/services/one-day-training',
  '/services/two-day-training',
];

const publicRoutes = [
  '/',
  '/about',
  '/how-we-work',
  ...servicePages,
  '/cases',
  '/careers',
  '/contact',
  '/enter-the-future',
  '/custom-projects',
  '/blog',
  '/blog/from-idea-to-mvp',
  '/privacy',
  '/terms',
  '/auth',
  '/no-such-page',
];

async function expectNoSeriousViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `${what}\n${report.join('\n')}`).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('every public route: no serious axe violations, one h1, no sideways scroll at 375 and 1280 px', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  for (const route of publicRoutes) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectNoHorizontalScroll(page);
      await testInfo.attach(`${route} at ${width}px`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      if (width === 1280) await expectNoSeriousViolations(page, route);
    }
  }
});

test('signed in: /account and /checkout, the open cart panel and the promo dialog', async ({ page }) => {
  // A fresh account, so the cart saved here never leaks into other tests' demo user.
  await signUp(page, { email: uniqueEmail('a11y'), password: 'Access1ble' });
  await page.goto('/how-we-work');
  await page.getByRole('button', { name: 'Add to Cart Smart Website' }).click();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Cart, 1 item/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
  await expectNoSeriousViolations(page, 'cart panel');
  await page.keyboard.press('Escape');

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expectNoSeriousViolations(page, '/checkout');

  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expectNoSeriousViolations(page, '/account');

  await page.getByRole('button', { name: /10% off your first project order/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'promo dialog');
});

test('keyboard only: skip link, add a service, open the cart, close it with Escape, go to checkout', async ({
  page,
}) => {
  await page.goto('/how-we-work');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  const add = page.getByRole('button', { name: 'Add to Cart Smart Website' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Smart Website' })).toBeVisible();

  const cart = page.getByRole('banner').getByRole('button', { name: /^Cart, 1 item/ });
  await cart.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(panel).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cart).toBeFocused();

  await page.keyboard.press('Enter');
  await panel.getByRole('link', { name: 'Go to Checkout' }).focus();
  await page.keyboard.press('Enter');
  // Signed out, checkout asks for sign-in first.
  await expect(page).toHaveURL('/auth');
});

test.describe('keyboard only: newsletter', () => {
  test.use({ newsletterPopup: true });

  test('the popup takes focus and subscribes with the keyboard', async ({ page }) => {
    await page.goto('/about');
    const dialog = page.getByRole('dialog', { name: 'Get 10% off your first project' });
    await expect(dialog).toBeVisible({ timeout: 8000 });
    await expect(dialog.getByLabel('Name')).toBeVisible();
    await dialog.getByLabel('Name').focus();
    await page.keyboard.type('Kim');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`kim-${Date.now()}@example.com`);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Success! 🎉')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
