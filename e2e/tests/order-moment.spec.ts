// The moment after "Complete Purchase" (#45.3), watched frame by frame as a customer sees it: after an empty
// submit and a refused code, the purchase leads to the confirmation without a frame of the empty cart, without a
// frame lacking the site's header (a blank page), and without the checkout's error toasts over the thank-you page.
import { expect, signUp, test, uniqueEmail } from '../fixtures';
import { checkoutWith, fillBilling, toast } from '../support/checkout';

interface Frame {
  /** Milliseconds since the press. */
  at: number;
  path: string;
  emptyCart: boolean;
  header: boolean;
  errorToast: boolean;
}

declare global {
  interface Window {
    __frames?: Frame[];
  }
}

test('the first second after Complete Purchase: no empty cart, no blank frame, no error toast on the confirmation', async ({
  page,
}) => {
  await signUp(page, { email: uniqueEmail('moment'), password: 'MomentPass123' });
  await checkoutWith(page, ['Smart Website']);
  const purchase = page.getByRole('button', { name: 'Complete Purchase' });
  await expect(purchase).toBeEnabled();

  // An empty submit: the form's error toast.
  await purchase.click();
  await expect(toast(page, 'Validation Error')).toBeVisible();
  // A code that does not exist: another error toast.
  await page.getByLabel('Discount code').fill('WRONG0CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Invalid discount code')).toBeVisible();
  await fillBilling(page);

  // From before the press: every DOM change and every animation frame records what the page shows.
  await page.evaluate(() => {
    const start = performance.now();
    const frames: Frame[] = [];
    window.__frames = frames;
    const record = () =>
      frames.push({
        at: performance.now() - start,
        path: location.pathname,
        emptyCart: document.body.innerText.includes('Your cart is empty'),
        header: document.querySelector('header') !== null,
        errorToast: document.querySelector('[aria-label="Notifications"] [role="alert"]') !== null,
      });
    new MutationObserver(record).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    const tick = () => {
      record();
      if (performance.now() - start < 1500) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await purchase.click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  // The first second (and a half) is over.
  await expect
    .poll(() => page.evaluate(() => (window.__frames ?? []).at(-1)?.at ?? 0), { timeout: 10_000 })
    .toBeGreaterThan(1000);

  const frames = await page.evaluate(() => window.__frames ?? []);
  expect(frames.length).toBeGreaterThan(10);
  expect(frames.filter((frame) => frame.emptyCart)).toEqual([]);
  expect(frames.filter((frame) => !frame.header)).toEqual([]);
  expect(frames.filter((frame) => frame.path === '/checkout/confirmation' && frame.errorToast)).toEqual([]);
  // And none is on screen now.
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0);
});
