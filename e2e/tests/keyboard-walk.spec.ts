// Issue 33, "How it is checked": the journeys a customer makes, walked with the keyboard alone (Tab, Shift+Tab,
// Enter, Space, Escape, arrows; no clicks): the whole journey at phone width, the forms at both widths. After
// every press that moves focus or changes the view, focus is on an element, never <body>, and never under the
// sticky header (support/keyboard.ts).
// One account carries sign-up (first one waiting for its e-mail confirmation, sent again), purchase
// (tabbing on the checkout while its data is held back, and a price the server refuses), booking, two-factor
// (a set-up cancelled half-way, then on, signing in with its code, off), the account's tabs (an invoice and
// back) and settings (billing details, e-mail, password with the e-mailed code) and the password reset; the
// forms with errors are walked signed out; at 375 px also the mobile menu, the newsletter popup and the
// promotion dialog, a signed-in cart's merge re-sorting the lines, the guest's booking link page and Meetings'
// offer of a guest's call. The promotion bar's dismissal is in promotion.spec.ts.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, signUp, test, uniqueEmail } from '../fixtures';
import { answerSignUpUnconfirmed, Authenticator, signOutFromMenu } from '../support/account-security';
import { bookConfirmedAsGuest, calendar, confirm, detailsForm, pickFirstSlot } from '../support/booking';
import { BUYER, startConsent, toast } from '../support/checkout';
import { linkFromInbox, messageFromInbox } from '../support/inbox';
import { isFocusWithin, KeyboardWalk } from '../support/keyboard';
import { promotionBanner, showPromotion } from '../support/promotion';
import { cartButton } from '../support/routes';

test.describe.configure({ mode: 'parallel' });
// The booking picker shows New York times. Reduced motion: scrolls are instant, so each check sees where a press
// left the page rather than a smooth scroll under way (the scroll padding that keeps focus clear of the header
// applies either way).
test.use({ timezoneId: 'America/New_York', reducedMotion: 'reduce' });

const PASSWORD = 'Walk-pass1';
const CHANGED_PASSWORD = 'Walk-pass2';
const NEW_PASSWORD = 'Walk-pass3';
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Holds back this page's requests to `paths` until the returned function is called. */
async function holdBack(page: Page, paths: string[]): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = (url: URL) => paths.includes(url.pathname);
  await page.route(held, async (route) => {
    await released;
    await route.fallback();
  });
  return async () => {
    release();
    await page.unroute(held);
  };
}

/**
 * This page's next quote of the cart says a euro more than the server charges (a price changed since it was
 * quoted), so the order placed at that total is refused by place_order itself.
 */
async function quoteOnceAtAStalePrice(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/rest/v1/rpc/quote_cart',
    async (route) => {
      const response = await route.fetch();
      const quote = (await response.json()) as { subtotal_cents: number; total_cents: number };
      await route.fulfill({
        response,
        json: { ...quote, subtotal_cents: quote.subtotal_cents + 100, total_cents: quote.total_cents + 100 },
      });
    },
    { times: 1 },
  );
}

/**
 * This page's next password change is answered as the auth server answers one from a session signed in more than
 * a day ago (secure_password_change: the local site's sessions are all recent). The code it then asks for is
 * e-mailed for real.
 */
async function answerPasswordChangeAsStale(page: Page): Promise<void> {
  let answered = false;
  await page.route(
    (url) => url.pathname === '/auth/v1/user',
    async (route) => {
      if (answered || route.request().method() !== 'PUT') return route.fallback();
      answered = true;
      // The real answer's headers (CORS, API version), read without changing anything.
      const response = await route.fetch({ method: 'GET', postData: '' });
      return route.fulfill({
        response,
        status: 400,
        json: { code: 'reauthentication_needed', message: 'Password update requires reauthentication' },
      });
    },
  );
}

/** The six-digit code of the newest e-mail `subject` to `to`. */
async function codeFromInbox(request: APIRequestContext, to: string, subject: string) {
  const { text } = await messageFromInbox(request, to, subject);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, 'the e-mail holds a six-digit code').toBeDefined();
  return code!;
}

/** Signs out from the account menu, which leads home. */
async function signOut(page: Page, walk: KeyboardWalk) {
  await walk.tabTo(page.getByRole('button', { name: 'Account menu' }), { back: true });
  await walk.press('Enter', page.getByRole('menuitem', { name: 'My Account' }));
  await walk.press('ArrowDown', page.getByRole('menuitem', { name: 'Sign Out' }));
  await walk.press('Enter', h1(page, 'AI made simple'));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/** Opens `path` as a typed address would, once its h1 shows. */
async function open(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path);
  await expect(heading ? h1(page, heading) : page.getByRole('heading', { level: 1 })).toBeVisible();
}

// The whole journey runs once, at the phone width, where the sticky header covers the most of a scrolled page and
// focus under it is likeliest; at 1280 px the width-dependent parts are walked: the forms below (whose error
// toast sits elsewhere), and keyboard.spec.ts's cart panel, checkout, skip link and promotion dialog (#46). The
// journey books a later day than the booking spec's (the first free one).
for (const { width, height, journey } of [
  { width: 375, height: 667, journey: true },
  { width: 1280, height: 800, journey: false },
]) {
  test.describe(`keyboard only at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    if (journey)
      test('one customer signs up, buys, books a call, turns two-factor on and off, changes the account, resets the password', async ({
        page,
        request,
      }) => {
        test.setTimeout(480_000); // the longest journey of the suite, one press at a time
        const walk = new KeyboardWalk(page);
        const email = uniqueEmail(`walk-${width}`);

        await test.step('sign-up: first one waiting for its confirmation, whose e-mail is sent again', async () => {
          await open(page, '/auth', 'Welcome Back');
          const signUpLeadingTo = async (next: string) => {
            await walk.tabTo(page.getByRole('button', { name: 'Sign up', exact: true }));
            await walk.press('Enter', h1(page, 'Create Your Account'));
            await walk.fill(page.getByLabel('Email'), email);
            await walk.fill(page.getByLabel('Password'), PASSWORD);
            await walk.press('Enter', h1(page, next));
          };
          await answerSignUpUnconfirmed(page, email);
          await signUpLeadingTo('Check your inbox');
          await walk.tabTo(page.getByRole('button', { name: 'Resend email' }));
          await walk.press(
            'Enter',
            page.getByRole('main').getByText(`We sent a new confirmation link to ${email}.`, { exact: true }),
          );
          await walk.tabTo(page.getByRole('button', { name: 'Back to sign in' }), { back: true });
          await walk.press('Enter', h1(page, 'Welcome Back'));
          // Signed up and in, the visitor is taken home.
          await signUpLeadingTo('AI made simple');
          await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
        });

        await test.step('the purchase journey: service, add to cart, cart, checkout with billing details, confirmation', async () => {
          await open(page, '/services/ai-website-building');
          await walk.tabTo(page.getByRole('button', { name: 'Add to Cart - €899.00' }));
          await walk.press('Enter', page.getByRole('link', { name: 'Go to Checkout' }));
          const cart = cartButton(page);
          await walk.tabTo(cart, { back: true });
          const panel = page.getByRole('dialog', { name: 'Your Cart' });
          await walk.press('Enter', () => expect(panel).toBeVisible());
          expect(await isFocusWithin(panel)).toBe(true);
          await walk.press('Escape', cart);
          await walk.press('Space', () => expect(panel).toBeVisible());
          await walk.tabTo(panel.getByRole('link', { name: 'Go to Checkout' }));
          // Tab while the checkout settles: its quote and the saved billing details are held back until the
          // visitor has moved past the cart line; focus stays where it was when they arrive.
          await quoteOnceAtAStalePrice(page);
          const release = await holdBack(page, ['/rest/v1/rpc/quote_cart', '/rest/v1/billing_details']);
          await walk.press('Enter', h1(page, 'Checkout'));
          const code = page.getByLabel('Discount code');
          await walk.tabTo(code);
          await release();
          const billing = page.getByRole('form', { name: 'Billing details' });
          // Shown to assistive technology (no longer hidden and inert under the skeleton) once the details are in.
          await expect(billing.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
          await expect(page.getByRole('button', { name: 'Complete Purchase' })).toBeEnabled();
          await expect(code).toBeFocused();
          await walk.fill(billing.getByLabel('Name', { exact: true }), BUYER.name);
          await walk.fill(billing.getByLabel('Address', { exact: true }), BUYER.address);
          await walk.fill(billing.getByLabel('Postal code (optional)'), BUYER.postalCode);
          await walk.fill(billing.getByLabel('City', { exact: true }), BUYER.city);
          await walk.fill(billing.getByLabel('Country', { exact: true }), BUYER.country);
          await expect(billing.getByLabel('Country', { exact: true })).toHaveValue('DE');
          // The required consent that work may start within the withdrawal period (#45.1): Space ticks it.
          const consent = startConsent(page);
          await walk.tabTo(consent);
          await walk.press('Space', () => expect(consent).toBeChecked());
          // The total shown was quoted a euro too high: place_order refuses it and records nothing. Its words take
          // focus while the button waits for the new quote; then the purchase goes through at the server's price.
          const purchase = page.getByRole('button', { name: 'Complete Purchase' });
          await walk.tabTo(purchase);
          await walk.press(
            'Enter',
            billing.getByText('Please check the new total, then complete your purchase.', { exact: true }),
          );
          await expect(toast(page, 'The price of your order has changed.')).toBeVisible();
          await expect(purchase).toBeEnabled();
          await walk.tabTo(purchase);
          await walk.press('Enter', h1(page, 'Thank you for your order'));
        });

        await test.step('booking a call from the confirmation page', async () => {
          await walk.tabTo(page.getByRole('link', { name: 'Book your kick-off call' }));
          await walk.press('Enter', page.getByRole('heading', { level: 1 }));
          // Days and times are one tab stop each (a toolbar): Tab enters at the chosen one, arrows move inside.
          const picker = calendar(page);
          const days = picker.getByRole('toolbar', { name: 'Choose a day' });
          const chosenDay = days.getByRole('button', { pressed: true });
          await walk.tabInto(days);
          await walk.expectOneTabStop(days, chosenDay);
          await walk.move(days, 'ArrowRight');
          const focusedDay = days.getByRole('button').and(page.locator(':focus'));
          await walk.press('Enter', () => expect(focusedDay).toHaveAttribute('aria-pressed', 'true'));
          const times = picker.getByRole('toolbar', { name: /^Times on / });
          await walk.press('Tab', times.getByRole('button').first());
          await walk.press('Enter', () => expect(detailsForm(page)).toBeVisible());
          await walk.expectOneTabStop(times, times.getByRole('button', { pressed: true }));
          await expect(detailsForm(page).getByLabel('Email')).toHaveValue(email);
          await walk.fill(detailsForm(page).getByLabel('Name'), BUYER.name);
          await walk.tabTo(detailsForm(page).getByRole('button', { name: 'Confirm booking' }));
          await walk.press('Enter', () =>
            expect(picker.getByRole('heading', { name: 'Your discovery call is booked' })).toBeVisible(),
          );
        });

        await test.step('two-factor: a set-up cancelled, then on, signing in with its code, then off', async () => {
          await walk.tabTo(page.getByRole('button', { name: 'Account menu' }), { back: true });
          await walk.press('Enter', page.getByRole('menuitem', { name: 'My Account' }));
          await walk.press('Enter', page.getByRole('heading', { level: 1 }));
          const setUp = page.getByRole('button', { name: 'Set up two-factor authentication' });
          const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
          await walk.tabTo(setUp);
          await walk.press('Enter', page.getByText(/^Scan this QR code/));
          // Thought better of half-way: Cancel gives focus back to the button that began the set-up.
          await walk.fill(page.getByLabel('Authentication code'), '123');
          await walk.tabTo(cancel);
          await walk.press('Enter', setUp);
          await walk.press('Enter', page.getByText(/^Scan this QR code/));
          const app = new Authenticator((await page.getByLabel('Setup key').textContent()) ?? '');
          // Copied, or a toast says to copy it by hand: either way focus stays on the button.
          const copy = page.getByRole('button', { name: 'Copy key' });
          await walk.tabTo(copy);
          await walk.press('Enter', copy);
          await walk.fill(page.getByLabel('Authentication code'), await app.nextCode());
          await walk.press('Enter', page.getByText(/^Two-factor authentication is on\./));

          // Signing in now asks for the code: that step cancelled first (back to the sign-in form), then the code.
          await signOut(page, walk);
          await open(page, '/auth', 'Welcome Back');
          const signIn = async () => {
            await walk.fill(page.getByLabel('Email'), email);
            await walk.fill(page.getByLabel('Password'), PASSWORD);
            await walk.press('Enter', h1(page, 'Two-factor authentication'));
          };
          await signIn();
          await walk.tabTo(cancel);
          await walk.press('Enter', h1(page, 'Welcome Back'));
          await signIn();
          await walk.fill(page.getByLabel('Authentication code'), await app.nextCode());
          await walk.press('Enter', h1(page, 'AI made simple'));
          await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

          // Remove, thought better of (Cancel gives focus back to Remove), then removed.
          await open(page, '/account');
          const remove = page.getByRole('button', { name: 'Remove', exact: true });
          const removeIntro = page.getByText(/^Enter a code from your authenticator app to remove/);
          await walk.tabTo(remove);
          await walk.press('Enter', removeIntro);
          await walk.tabTo(cancel);
          await walk.press('Enter', remove);
          await walk.press('Enter', removeIntro);
          await walk.fill(page.getByLabel('Authentication code'), await app.nextCode());
          await walk.press('Enter', page.getByText(/^Protect your account with a second step/));
        });

        await test.step("the account's tabs and an invoice, then its e-mail and password", async () => {
          // The tabs are one tab stop: arrows move between them and show each panel.
          const tabs = page.getByRole('tablist', { name: 'Account sections' });
          const tab = (name: string) => tabs.getByRole('tab', { name });
          await walk.tabTo(tab('Profile'), { back: true });
          await walk.move(tabs, 'ArrowRight');
          await expect(tab('Orders')).toHaveAttribute('aria-selected', 'true');
          // The order's invoice, and back to the orders with the page's own link.
          const orders = page.getByRole('tabpanel', { name: 'Orders' });
          await walk.tabTo(orders.getByRole('link', { name: /^\d{4}-\d+$/ }));
          await walk.press('Enter', h1(page, /^Invoice \d{4}-\d+$/));
          await expect(page.getByRole('article', { name: /^Invoice / })).toContainText(BUYER.address);
          await walk.tabTo(page.getByRole('link', { name: 'Your orders' }), { back: true });
          await walk.press('Enter', page.getByRole('heading', { level: 1 }));
          await expect(tab('Orders')).toHaveAttribute('aria-selected', 'true');
          await walk.tabTo(tab('Orders'));
          for (const [key, name] of [
            ['ArrowRight', 'Meetings'],
            ['Home', 'Profile'],
          ] as const) {
            await walk.move(tabs, key);
            await expect(tab(name)).toBeFocused();
            await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
          }
          await walk.press('Tab');
          await expect(tab('Profile')).not.toBeFocused();

          // The billing details the order saved: an empty name is refused (focus on it), then saved.
          const billing = page.getByRole('region', { name: 'Billing details' });
          const name = billing.getByRole('textbox', { name: 'Name', exact: true });
          await expect(name).toHaveValue(BUYER.name);
          await walk.tabTo(name);
          await page.keyboard.press('ControlOrMeta+A');
          await page.keyboard.press('Backspace');
          const save = billing.getByRole('button', { name: 'Save billing details' });
          await walk.tabTo(save);
          await walk.press('Enter', name);
          await page.keyboard.type('Grace Hopper');
          await walk.tabTo(save);
          await walk.press(
            'Enter',
            billing.getByText('Your next invoice will be made out to these details.'),
          );

          // The address changes once the link sent to the new one is opened (GoTrue's rule, whatever the config).
          await walk.fill(page.getByLabel('New email'), uniqueEmail(`walk-moved-${width}`));
          await walk.press('Enter', () =>
            expect(page.getByText(/^We sent a confirmation link to /).first()).toBeVisible(),
          );

          // A session signed in more than a day ago is asked for the e-mailed code: it is typed, and the password
          // step comes back with focus on its words.
          await answerPasswordChangeAsStale(page);
          const password = page.getByRole('region', { name: 'Change password' });
          await walk.fill(password.getByLabel('New password', { exact: true }), CHANGED_PASSWORD);
          await walk.fill(password.getByLabel('Confirm new password'), CHANGED_PASSWORD);
          await walk.press(
            'Enter',
            password.getByText(
              'You signed in more than a day ago, so we have emailed you a code to confirm it is you. Enter it to change your password.',
            ),
          );
          await walk.fill(
            password.getByLabel('Code from the email'),
            await codeFromInbox(request, email, 'Your AI Made Simple confirmation code'),
          );
          await walk.press(
            'Enter',
            password.getByText('Choose the password you will sign in with from now on.', { exact: true }),
          );
          await expect(toast(page, 'Your password has been changed.')).toBeVisible();
        });

        await test.step('sign out, then forgot password with the link from the inbox', async () => {
          await signOut(page, walk);

          await open(page, '/auth', 'Welcome Back');
          await walk.fill(page.getByLabel('Email'), email);
          await walk.tabTo(page.getByRole('button', { name: 'Forgot password?' }));
          await walk.press('Enter', h1(page, 'Reset your password'));
          await walk.tabTo(page.getByRole('button', { name: 'Send reset link' }));
          await walk.press('Enter', () => expect(h1(page, 'Check your inbox')).toBeVisible());

          await open(
            page,
            await linkFromInbox(request, email, 'Reset your AI Made Simple password'),
            'Choose a new password',
          );
          await walk.fill(page.getByLabel('New password', { exact: true }), NEW_PASSWORD);
          await walk.fill(page.getByLabel('Confirm new password'), NEW_PASSWORD);
          // Signed in with the new password, the account opens with focus on its heading.
          await walk.press('Enter', h1(page, 'My Account'));
          await expect(page).toHaveURL(/\/account$/);
        });
      });

    test('the contact and project forms, with errors first', async ({ page }) => {
      test.setTimeout(120_000);
      const walk = new KeyboardWalk(page);

      await open(page, '/contact');
      const contact = page.getByRole('form', { name: 'Send us a message' });
      await walk.tabTo(contact.getByRole('button', { name: 'Send Message' }));
      await walk.press('Enter', contact.getByLabel('Name', { exact: true }));
      // Escape puts the error toast away; focus stays in the field.
      await walk.press('Escape', contact.getByLabel('Name', { exact: true }));
      await page.keyboard.type('Grace Hopper');
      await walk.fill(contact.getByLabel('Email'), 'grace@example');
      await walk.fill(
        contact.getByLabel('Message', { exact: true }),
        'We would like to automate our invoicing.',
      );
      await walk.tabTo(contact.getByRole('button', { name: 'Send Message' }));
      await walk.press('Enter', contact.getByLabel('Email'));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('grace@example.com');
      await walk.tabTo(contact.getByRole('button', { name: 'Send Message' }));
      await walk.press('Enter', contact.getByText(/^Message sent!/));

      await open(page, '/enter-the-future');
      const project = page.getByRole('form', { name: 'Project request' });
      await walk.tabTo(project.getByRole('button', { name: 'Submit Project Request' }));
      await walk.press('Enter', project.getByLabel('Name', { exact: true }));
      await page.keyboard.type('Grace Hopper');
      await walk.fill(project.getByLabel('Email'), 'grace@example.com');
      await walk.fill(project.getByLabel('Project type'), 'AI Chatbot');
      await walk.fill(project.getByLabel('Budget'), '$10,000');
      await walk.fill(project.getByLabel('Timeline'), 'ASAP');
      await walk.fill(project.getByLabel('Project description'), 'A chatbot that answers our customers.');
      await walk.tabTo(project.getByRole('button', { name: 'Submit Project Request' }));
      await walk.press('Enter', project.getByText(/^Welcome to the Future!/));
      await expect(project.getByLabel('Name', { exact: true })).toHaveValue('');
    });
  });
}

test.describe('keyboard only at 375 px', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the mobile menu: opens from its button, Escape closes it onto the button, a link lands on its page', async ({
    page,
  }) => {
    const walk = new KeyboardWalk(page);
    await open(page, '/about');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await walk.tabTo(page.getByRole('button', { name: 'Open menu' }));
    await walk.press('Enter', page.getByRole('button', { name: 'Close menu' }));
    await expect(menu).toBeVisible();
    // Its links follow the button in the tab order.
    for (const name of ['Home', 'Our Services', 'Cases', 'Contact', 'Enter the Future']) {
      await walk.press('Tab', menu.getByRole('link', { name, exact: true }));
    }
    await walk.press('Escape', page.getByRole('button', { name: 'Open menu' }));
    await expect(menu).toBeHidden();
    await walk.press('Space', page.getByRole('button', { name: 'Close menu' }));
    await walk.tabTo(menu.getByRole('link', { name: 'Cases', exact: true }));
    // The menu closes with the route change; focus goes to the new page's heading.
    await walk.press('Enter', h1(page, /./));
    await expect(page).toHaveURL(/\/cases$/);
    await expect(menu).toBeHidden();
  });

  test.describe('with the newsletter popup', () => {
    test.use({ newsletterPopup: true });

    test('the newsletter popup and the promotion dialog each give focus back where it was', async ({
      page,
    }) => {
      // The popup opens once the visitor has been idle for 5 s (each press counts as activity), never on the
      // contact page: the visitor arrives from there, and the page's clock is moved on once focus is on a link.
      await page.clock.install();
      await showPromotion(page);
      await open(page, '/contact');
      const walk = new KeyboardWalk(page);
      await walk.tabTo(page.getByRole('contentinfo').getByRole('link', { name: 'Services' }));
      await walk.press('Enter', h1(page, /./));
      const link = page.getByRole('main').getByRole('link').first();
      await walk.tabTo(link);
      await page.clock.fastForward(5000);
      const popup = page.getByRole('dialog', { name: 'Get 10% off your first project' });
      await expect.poll(() => isFocusWithin(popup)).toBe(true);
      await walk.press('Escape', link);
      await expect(popup).toBeHidden();

      // The promotion bar is last in the tab order.
      const banner = promotionBanner(page);
      await walk.tabTo(banner);
      const promotion = page.getByRole('dialog', { name: '10% off your first project order' });
      await walk.press('Enter', () => expect.poll(() => isFocusWithin(promotion)).toBe(true));
      await walk.press('Escape', banner);
      await expect(promotion).toBeHidden();
    });
  });

  test("a signed-in cart's merge re-sorts the lines: focus stays on the same line's Remove button", async ({
    page,
  }) => {
    test.slow(); // an account with a saved cart, a guest's cart, then the sign-in that merges them
    const email = uniqueEmail('walk-merge');
    await signUp(page, { email, password: PASSWORD });
    await page.goto('/how-we-work');
    for (const title of ['Product Photos', 'Chat Helper']) {
      const saved = page.waitForResponse('**/rest/v1/rpc/replace_cart');
      await page.getByRole('button', { name: `Add to Cart ${title}` }).click();
      await saved;
    }
    // Signed out, the cart here is emptied (the account keeps its copy); as a guest, two services.
    await signOutFromMenu(page);
    await page.goto('/how-we-work');
    for (const title of ['Smart Website', 'Product Photos']) {
      await page.getByRole('button', { name: `Add to Cart ${title}` }).click();
    }
    // Signed in, the saved cart is read only once focus is on the guest's first line in the cart panel.
    const release = await holdBack(page, ['/rest/v1/cart_items']);
    await signIn(page, { email, password: PASSWORD });
    const walk = new KeyboardWalk(page);
    await walk.tabTo(cartButton(page), { back: true });
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await walk.press('Enter', () => expect(panel).toBeVisible());
    const remove = panel.getByRole('button', { name: 'Remove Smart Website from cart' });
    await walk.tabTo(remove);
    await release();
    // The saved lines come first: Smart Website's moves to the end (React moves its element), and its button
    // keeps focus (the browser's focus fixup runs after the move, when the element is back in the page).
    const removes = panel.getByRole('button', { name: /^Remove .* from cart$/ });
    await expect(removes).toHaveCount(3);
    await expect(removes.last()).toHaveAccessibleName('Remove Smart Website from cart');
    await expect(remove).toBeFocused();
  });

  test("Meetings' offer of a guest's call: e-mail its link, then add the call from the link's page", async ({
    page,
    browser,
    request,
  }) => {
    test.slow(); // a guest booking, its receipt and the link's e-mail go through the sender and the inbox
    const email = uniqueEmail('walk-offer');
    await bookConfirmedAsGuest(browser, request, email);
    await signUp(page, { email, password: PASSWORD });
    await open(page, '/account?tab=meetings');

    const walk = new KeyboardWalk(page);
    const offer = page.getByRole('region', { name: 'Calls booked with your email' });
    await walk.tabTo(offer.getByRole('button', { name: 'Email me the link' }));
    await walk.press('Enter', offer.getByText(`We've e-mailed the link to ${email}.`, { exact: false }));

    const mail = await messageFromInbox(request, email, /^Your Discovery Call on /);
    const link = new URL(mail.links.find((url) => url.includes('/booking?token='))!);
    await open(page, link.pathname + link.search);
    await walk.tabTo(page.getByRole('button', { name: 'Add to my account' }));
    await walk.press('Enter', h1(page, 'Your call is confirmed'));
    await expect(page.getByText('It is in your account under Meetings.')).toBeVisible();
    await walk.tabTo(page.getByRole('link', { name: 'View my meetings' }));
    await walk.press('Enter', page.getByRole('heading', { level: 1 }));
    await expect(
      page.getByRole('tabpanel', { name: 'Meetings' }).getByRole('article', { name: 'Discovery Call' }),
    ).toHaveCount(1);
  });

  test("a guest's booking link: confirm the call, then cancel it", async ({ page, request }) => {
    test.slow(); // the receipt goes through the e-mail function and the inbox
    const email = uniqueEmail('walk-link');
    // The booking itself is walked above; here the page its e-mailed link opens.
    await pickFirstSlot(page);
    await confirm(page, 'Grace Hopper', email);
    await expect(calendar(page).getByRole('heading', { name: 'Please confirm your call' })).toBeVisible();
    const link = (
      await messageFromInbox(request, email, /^Please confirm your Discovery Call on /)
    ).links.find((url) => url.includes('/booking?token='));
    await open(page, new URL(link!).pathname + new URL(link!).search, 'Confirm your call');

    const walk = new KeyboardWalk(page);
    await walk.tabTo(page.getByRole('button', { name: 'Confirm my call' }));
    await walk.press('Enter', h1(page, 'Your call is confirmed'));
    await walk.tabTo(page.getByRole('button', { name: 'Cancel this call' }));
    await walk.press('Enter', () =>
      expect(page.getByRole('button', { name: 'Yes, cancel the call' })).toBeVisible(),
    );
    await walk.tabTo(page.getByRole('button', { name: 'Yes, cancel the call' }));
    await walk.press('Enter', page.getByText('Your call is cancelled, and its time is free for others.'));
  });
});
