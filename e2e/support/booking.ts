// Booking a discovery call on /contact and finding it in Account -> Meetings, as the booking spec and the
// production rehearsal do it. The database's real clock decides which slots are free, so a test takes whichever
// slot is offered first; the browser runs in New York (`timezoneId: 'America/New_York'`) to show local times.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { messageFromInbox } from './inbox';

export const calendar = (page: Page) => page.getByRole('region', { name: 'Book a discovery call' });

export interface Picked {
  /** 'Monday, November 24' */
  day: string;
  /** '9:00 AM' */
  time: string;
}

/** Opens /contact and picks the first free time of the first free day; the details form then shows. */
export async function pickFirstSlot(page: Page): Promise<Picked> {
  await page.goto('/contact');
  const picker = calendar(page);
  await expect(picker.getByText('Times are shown in your time zone: America/New_York')).toBeVisible();
  // The first day shown always has free times (a booked-out day only ever stands between two that have).
  await picker.getByRole('toolbar', { name: 'Choose a day' }).getByRole('button').first().click();
  const heading = picker.getByRole('heading', { name: /^Times on / });
  const day = ((await heading.textContent()) ?? '').replace('Times on ', '');
  const first = picker
    .getByRole('toolbar', { name: `Times on ${day}` })
    .getByRole('button')
    .first();
  const time = (await first.textContent()) ?? '';
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByRole('form', { name: 'Your details' })).toContainText(`${day}, ${time}`);
  return { day, time };
}

export const detailsForm = (page: Page) => calendar(page).getByRole('form', { name: 'Your details' });

export async function confirm(page: Page, name: string, email?: string): Promise<void> {
  const form = detailsForm(page);
  await form.getByLabel('Name').fill(name);
  if (email) await form.getByLabel('Email').fill(email);
  await form.getByLabel('Note (optional)').fill('We would like to automate our invoicing.');
  await form.getByRole('button', { name: 'Confirm booking' }).click();
}

/** The meeting card in Account -> Meetings for the picked slot. */
export async function expectMeeting(page: Page, picked: Picked) {
  const panel = page.getByRole('tabpanel', { name: 'Meetings' });
  const card = panel.getByRole('article', { name: 'Discovery Call' });
  await expect(card).toHaveCount(1);
  // 'Monday, November 24' -> 'November 24, 2026 at 9:00 AM' on the spec's card.
  await expect(card).toContainText(new RegExp(`${picked.day.split(', ')[1]}, \\d{4} at ${picked.time}`));
  await expect(card).toContainText('Status: Requested');
  await expect(card).toContainText('Notes: We would like to automate our invoicing.');
}

/**
 * A call booked without signing in with `email` and confirmed from the link its receipt e-mailed, in a browser
 * page of its own (as Meetings' offer of a guest's call needs it).
 */
export async function bookConfirmedAsGuest(browser: Browser, request: APIRequestContext, email: string) {
  const guest = await browser.newPage({ timezoneId: 'America/New_York' });
  await guest.addInitScript(() => window.localStorage.setItem('newsletter_popup_seen', 'true'));
  try {
    await pickFirstSlot(guest);
    await confirm(guest, 'Grace Hopper', email);
    const receipt = await messageFromInbox(request, email, /^Please confirm your Discovery Call on /);
    const link = new URL(receipt.links.find((url) => url.includes('/booking?token='))!);
    await guest.goto(link.pathname + link.search);
    await guest.getByRole('button', { name: 'Confirm my call' }).click();
    await expect(guest.getByRole('heading', { name: 'Your call is confirmed', level: 1 })).toBeVisible();
  } finally {
    await guest.close();
  }
}
