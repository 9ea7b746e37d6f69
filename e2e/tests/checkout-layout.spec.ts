// The checkout holds still while it loads (#33.6): its quote and the customer's saved billing details arrive after
// the page, and used to replace skeletons of another height (CLS 0.079). Here both answers are held back until
// the skeletons have shown, and the page's layout shifts, as Chromium reports them, must add up to under 0.01. At
// a tablet's size, where the summary and the billing form stand beside the services, in view (0.073 before).
import { test, expect, signUp, uniqueEmail } from '../fixtures';
import { summary } from '../support/checkout';

test.use({ viewport: { width: 768, height: 1024 } });

test('the checkout does not shift while its quote and saved billing details load', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('steady'), password: 'SteadyPage1' });
  await page.goto('/how-we-work');
  // Three services: the summary gains a discount line the skeleton does not have.
  for (const title of ['Smart Website', 'Chat Helper', 'Product Photos'])
    await page.getByRole('button', { name: `Add to Cart ${title}` }).click();

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  for (const held of ['**/rest/v1/rpc/quote_cart', '**/rest/v1/billing_details*'])
    await page.route(held, async (route) => {
      await released;
      await route.continue();
    });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

  await page.goto('/checkout');
  await expect(summary(page).getByRole('status').first()).toBeVisible();
  release();
  await expect(summary(page).getByText('Discount (10%)')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
  // Every shift is reported within a frame of the change that caused it.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});
