// Booking a discovery call from the contact page (issue #21): a customer books a free slot, finds it in Account ->
// Meetings and no longer in the picker; a guest's booking joins no account by its address, and another booking
// for that address learns only that a link was e-mailed (issue #30); a network over its budget is told how long to
// wait; two visitors after one time get one booking and one explanation; an unreachable backend gives words and
// Retry; axe at phone and desktop width. The database's real clock decides which slots are free, so the tests take whichever slot is
// offered first and hold on any day of the week; the browser runs in New York to show local times.
import type { Locator } from '@playwright/test';
import { expect, signUp, test, uniqueEmail } from '../fixtures';
import { expectNoSeriousViolationsAtBothWidths } from '../support/axe';
import { calendar, confirm, detailsForm, expectMeeting, pickFirstSlot } from '../support/booking';

test.use({ timezoneId: 'America/New_York' });

const BACKEND = /\/(auth|rest)\/v1\//;
// shared-lib's ERROR_MESSAGES.network (the e2e package does not import app code).
const NETWORK = "We couldn't reach our server. Please check your internet connection and try again.";
const TAKEN = 'Sorry, that time has just been booked. Please choose another time.';
const ADDRESS_HAS_BOOKING = "We've e-mailed that address a link to manage its booking.";
const PASSWORD = 'Sup3rSecret';

/** The times the picker offers on `day` ('Monday, November 24'; [] when the day is gone or booked out). */
async function timesOn(picker: Locator, day: string): Promise<string[]> {
  // Named by the words it shows, 'Mon Nov 24, 3 times free' (or 'no times free', disabled).
  const [weekday = '', monthDay = ''] = day.split(', ');
  const [month = '', date = ''] = monthDay.split(' ');
  const dayButton = picker
    .getByRole('toolbar', { name: 'Choose a day' })
    .getByRole('button', { name: `${weekday.slice(0, 3)} ${month.slice(0, 3)} ${date},`, disabled: false });
  if ((await dayButton.count()) === 0) return [];
  await dayButton.click();
  return picker
    .getByRole('toolbar', { name: `Times on ${day}` })
    .getByRole('button')
    .allTextContents();
}

test('a signed-in customer books a call: it is in Account -> Meetings and gone from the picker', async ({
  page,
}) => {
  const email = uniqueEmail('booker');
  await signUp(page, { email, password: PASSWORD });
  const picked = await pickFirstSlot(page);
  await expect(detailsForm(page).getByLabel('Email')).toHaveValue(email);
  await confirm(page, 'Ada Lovelace');

  const picker = calendar(page);
  const booked = picker.getByRole('heading', { name: 'Your discovery call is booked' });
  await expect(booked).toBeVisible();
  await expect(picker).toContainText(`${picked.day}, ${picked.time}`);
  await expect(page.getByTestId('live-region')).toContainText('Call booked!');

  await picker.getByRole('button', { name: 'Book another call' }).click();
  await expect(picker.getByRole('toolbar', { name: 'Choose a day' })).toBeVisible();
  expect(await timesOn(picker, picked.day)).not.toContain(picked.time);
  await page.reload();
  expect(await timesOn(calendar(page), picked.day)).not.toContain(picked.time);

  await page.goto('/account?tab=meetings');
  await expectMeeting(page, picked);
});

test("a guest's booking joins no account by its address, and booking that address again only says a link was e-mailed", async ({
  page,
}) => {
  const email = uniqueEmail('guest');
  const picked = await pickFirstSlot(page);
  await confirm(page, 'Grace Hopper', email);
  // A guest's booking waits for the link e-mailed to its address (#30.1; guest-booking.spec.ts follows it).
  await expect(calendar(page).getByRole('heading', { name: 'Please confirm your call' })).toBeVisible();
  await expect(calendar(page).getByRole('link', { name: 'View my meetings' })).toHaveCount(0);

  // Someone else with that address: told nothing of the booked call, not its date.
  const again = await pickFirstSlot(page);
  await confirm(page, 'Mallory', email.toUpperCase());
  const address = detailsForm(page).getByLabel('Email');
  await expect(address).toHaveAccessibleDescription(ADDRESS_HAS_BOOKING);
  await expect(address).toBeFocused();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(ADDRESS_HAS_BOOKING);
  await expect(detailsForm(page)).toContainText(`${again.day}, ${again.time}`);
  await expect(calendar(page)).not.toContainText(`${picked.day}, ${picked.time}`);

  // Signing up with the address brings no booking into the account.
  await signUp(page, { email, password: PASSWORD });
  await page.goto('/account?tab=meetings');
  await expect(page.getByRole('tabpanel', { name: 'Meetings' })).toContainText('No meetings booked yet');
});

// How the form words a network that booked too often (the database's 429), keeping the time and details, is
// BookingCalendar.test.tsx's; the budget itself is local-supabase's fair-use test (#46).

test('two visitors after one time: one books it, the other is told in words and offered the rest', async ({
  page,
  browser,
}) => {
  const other = await browser.newPage({ timezoneId: 'America/New_York' });
  await other.addInitScript(() => window.localStorage.setItem('newsletter_popup_seen', 'true'));
  try {
    const picked = await pickFirstSlot(page);
    const otherPicked = await pickFirstSlot(other);
    expect(otherPicked).toEqual(picked);

    await confirm(page, 'First Visitor', uniqueEmail('first'));
    await expect(calendar(page).getByRole('heading', { name: 'Please confirm your call' })).toBeVisible();

    await confirm(other, 'Second Visitor', uniqueEmail('second'));
    const refusal = calendar(other).getByText(TAKEN, { exact: true });
    await expect(refusal).toBeVisible();
    await expect(refusal).toBeFocused();
    await expect(detailsForm(other)).toHaveCount(0);
    await expect(calendar(other).getByRole('toolbar', { name: 'Choose a day' })).toBeVisible();
    expect(await timesOn(calendar(other), picked.day)).not.toContain(picked.time);
    // What was typed is still there for the next time picked.
    await calendar(other)
      .getByRole('toolbar', { name: /^Times on / })
      .getByRole('button')
      .first()
      .click();
    await expect(detailsForm(other).getByLabel('Name')).toHaveValue('Second Visitor');
  } finally {
    await other.close();
  }
});

test('with the backend unreachable the picker says so in words, and Retry loads the times', async ({
  page,
}) => {
  await page.route(BACKEND, (route) => route.abort('internetdisconnected'));
  await page.goto('/contact');
  const picker = calendar(page);
  await expect(picker).toContainText('Available times could not be loaded.');
  await expect(picker).toContainText(NETWORK);
  await expect(picker).not.toContainText(/TypeError|Failed to fetch|localhost|:\d{4}/);
  await page.unroute(BACKEND);
  await picker.getByRole('button', { name: 'Retry' }).click();
  await expect(picker.getByRole('toolbar', { name: 'Choose a day' })).toBeVisible();
  await expect(picker).not.toContainText('Available times could not be loaded.');
});

test('axe finds nothing serious in the picker and its form at 1280 and 375 px', async ({ page }) => {
  await pickFirstSlot(page);
  await expectNoSeriousViolationsAtBothWidths(page, 'the picker and its form', { include: 'main' });
});
