// A visitor whose browser refuses site data (cookies and site data blocked: merely reading `localStorage` or
// `sessionStorage` throws a SecurityError). The site still works for the life of the page (shared-lib's
// browser-storage): the popup shows once, a dismissed promotion stays away, the cart holds what was added.
import { test, expect } from '../fixtures';
import { promotionBanner, showPromotion } from '../support/promotion';
import { cartButton } from '../support/routes';

test.use({ newsletterPopup: true });

test('with site data blocked the site works and remembers for the page what it could not store', async ({
  page,
}) => {
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    }
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.clock.install();
  await showPromotion(page);

  await page.goto('/how-we-work');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(promotionBanner(page)).toBeVisible();

  // The popup's first possible moment passes on the page's clock.
  const popup = page.getByRole('dialog', { name: 'Get 10% off your first project' });
  await page.clock.runFor(8_000);
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  await page.getByRole('button', { name: 'Dismiss promotion' }).click();
  await expect(page.getByRole('complementary', { name: 'Promotion' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to Cart Smart Website' }).click();
  await expect(cartButton(page)).toHaveAccessibleName(/^Cart, 1 item/);
  await cartButton(page).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByText('Smart Website')).toBeVisible();
  await page.keyboard.press('Escape');

  // Another page of the site, reached in the app: the popup stays seen, the promotion dismissed.
  await page.getByRole('banner').getByRole('link', { name: 'Cases' }).click();
  await expect(page).toHaveURL('/cases');
  await page.clock.runFor(8_000);
  await expect(popup).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Promotion' })).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName(/^Cart, 1 item/);
  expect(pageErrors).toEqual([]);
});
