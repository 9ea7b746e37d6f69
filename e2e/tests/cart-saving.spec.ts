// A signed-in customer's cart with the backend's save refused (#33.6; the retry itself is unit-tested in
// mfe-catalog-cart's cart-saver): the site says the add could not be saved, keeps trying, and once the backend
// answers again it saves, so the account holds the service when signed in elsewhere. The retry's waits (2, 5, 15,
// then 30 s) pass on the page's fake clock.
import {
  test,
  expect,
  loadUntilLiveApp,
  signIn,
  signUp,
  skipNewsletterPopup,
  uniqueEmail,
} from '../fixtures';
import { toast } from '../support/checkout';
import { cartButton } from '../support/routes';

test('an add the backend could not save is said, retried, and saved once the backend is back', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ins, each a few seconds on a busy machine.
  test.setTimeout(120_000);
  const account = { email: uniqueEmail('cart-retry'), password: 'CartRetry123' };
  await page.clock.install();
  await signUp(page, account);
  await page.goto('/how-we-work');

  let down = true;
  let attempts = 0;
  await page.route('**/rest/v1/rpc/replace_cart', async (route) => {
    attempts += 1;
    if (down) await route.abort('connectionrefused');
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Add to Cart Smart Website' }).click();
  // Kept in this browser, and the customer is told it is not in the account yet.
  await expect(cartButton(page)).toHaveAccessibleName(/^Cart, 1 item/);
  await expect(toast(page, 'Your cart could not be saved.')).toBeVisible();
  await expect(toast(page, 'We will keep trying. Until then it is kept in this browser only.')).toBeVisible();
  const firstTries = attempts;
  expect(firstTries).toBeGreaterThanOrEqual(1);

  // Still down at the next try (at most 30 s on): tried again, and said only once.
  await page.clock.fastForward(30_000);
  await expect.poll(() => attempts).toBeGreaterThan(firstTries);
  await expect(toast(page, 'Your cart could not be saved.')).toHaveCount(1);

  // Back: a later try saves it, and the customer is told.
  down = false;
  await page.clock.fastForward(30_000);
  await expect(toast(page, 'Your cart is saved.')).toBeVisible();

  // Signed in on another device (nothing of this browser's storage), the account holds the service.
  const elsewhere = await browser.newContext({ baseURL });
  await skipNewsletterPopup(elsewhere);
  loadUntilLiveApp(elsewhere);
  const other = await elsewhere.newPage();
  await signIn(other, account);
  await expect(cartButton(other)).toHaveAccessibleName(/^Cart, 1 item/);
  await cartButton(other).click();
  await expect(other.getByRole('dialog', { name: 'Your Cart' })).toContainText('Smart Website');
  await elsewhere.close();
});
