// A guest's booking proven by the link e-mailed to its address (#30.1, #31.4): a guest books, the receipt with the
// link arrives, its page shows the call, confirms it only on the button and cancels it after a second step;
// Meetings offers a confirmed call booked with the account's address by its day only and adds it through a link
// sent to that address. The browser runs in New York to show local times (e2e/support/booking.ts).
import { expect, signUp, test, uniqueEmail } from '../fixtures';
import { bookConfirmedAsGuest, calendar, confirm, pickFirstSlot } from '../support/booking';
import { messageFromInbox } from '../support/inbox';

test.use({ timezoneId: 'America/New_York' });
// Each goes through the sender and the inbox (Deno starts the function) besides booking and signing up.
test.slow();

const RECEIPT = /^Please confirm your Discovery Call on /;

test('a guest books, opens the link from the inbox, confirms the call on its page and cancels it there', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('guest-proof');
  const picked = await pickFirstSlot(page);
  await confirm(page, 'Grace Hopper', email);
  await expect(calendar(page).getByRole('heading', { name: 'Please confirm your call' })).toBeVisible();

  const receipt = await messageFromInbox(request, email, RECEIPT);
  const link = receipt.links.find((url) => url.includes('/booking?token='))!;
  expect(link).toBeDefined();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Confirm your call', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Discovery Call:/)).toContainText(`${picked.day}, ${picked.time}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // Opening the page confirmed nothing: a reload still asks.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm my call' }).click();
  const done = page.getByRole('heading', { name: 'Your call is confirmed', level: 1 });
  await expect(done).toBeFocused();
  await expect(page.getByText("We'll confirm the call by email.")).toBeVisible();
  await page.reload();
  await expect(done).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm my call' })).toHaveCount(0);

  // The same link cancels it, after asking once more; the time is free again and the agency is told.
  await expect(page.getByText('To change the time, cancel this call and book another.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel this call' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
  await expect(page.getByText('Your call is cancelled, and its time is free for others.')).toBeFocused();
  await expect(page.getByRole('link', { name: 'Book another time' })).toHaveAttribute('href', '/contact');
  await messageFromInbox(request, 'hello@shop.example.com', /^Cancelled: Discovery Call with Grace Hopper, /);
  await page.reload();
  await expect(page.getByText('This call was cancelled. You are welcome to book a new one.')).toBeVisible();
});

test("Meetings offers a confirmed guest call booked with the account's address and adds it through the link", async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('offer');
  await bookConfirmedAsGuest(browser, request, email);

  await signUp(page, { email, password: 'Sup3rSecret' });
  await page.goto('/account?tab=meetings');
  const panel = page.getByRole('tabpanel', { name: 'Meetings' });
  await expect(panel).toContainText('No meetings booked yet');
  const offer = panel.getByRole('region', { name: 'Calls booked with your email' });
  const call = offer.getByRole('article', { name: 'Discovery Call' });
  await expect(call).toContainText(/^Discovery Call[A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(offer).not.toContainText('Grace');
  await call.getByRole('button', { name: 'Email me the link' }).click();
  await expect(call.getByRole('status')).toContainText(`We've e-mailed the link to ${email}.`);

  const mail = await messageFromInbox(request, email, /^Your Discovery Call on /);
  const link = new URL(mail.links.find((url) => url.includes('/booking?token='))!);
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Add to my account' }).click();
  await expect(page.getByText('It is in your account under Meetings.')).toBeVisible();
  await page.getByRole('link', { name: 'View my meetings' }).click();
  await expect(panel.getByRole('article', { name: 'Discovery Call' })).toHaveCount(1);
  await expect(panel.getByRole('region', { name: 'Calls booked with your email' })).toHaveCount(0);
});
