import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSuspended, resetStores } from 'shared-lib/src/testing';
import { loadExposed } from '../federation/remotes';
import { PromoBanner } from '../layout/PromoBanner';

jest.mock('../federation/remotes', () => ({ loadExposed: jest.fn(), retryRemote: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

afterEach(() => {
  resetStores();
  load.mockReset();
});

async function openDialog() {
  await renderSuspended(<PromoBanner />);
  const banner = screen.getByRole('button', {
    name: '10% off your first project order this September. See the details',
  });
  // Awaited act: the form's module promise settles inside it, so React renders what it led to.
  await act(async () => {
    banner.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return screen.findByRole('dialog', { name: '10% off your first project this September' });
}

it('says how to get the code and use it once, and shows the marketing remote’s newsletter form', async () => {
  load.mockReturnValue(
    Promise.resolve({ default: () => <form aria-label="Newsletter from the marketing remote" /> }) as never,
  );
  const dialog = await openDialog();
  expect(load).toHaveBeenCalledWith('marketing', './NewsletterForm');
  expect(
    within(dialog).getByText(
      'Subscribe to AI Insights, our newsletter, and get a code for 10% off your first project order.',
    ),
  ).toBeInTheDocument();
  const steps = within(dialog)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(steps).toEqual([
    'Subscribe below with your name and email.',
    'You receive your discount code at once. Copy it: it is also kept in this browser.',
    'Choose your services on Our Services, sign in, and enter the code at checkout. Each code can be used once. If your cart already earns a larger volume discount, you get the larger one: discounts never stack.',
  ]);
  expect(
    await within(dialog).findByRole('form', { name: 'Newsletter from the marketing remote' }),
  ).toBeVisible();
  expect(within(dialog).queryByRole('link', { name: 'Subscribe to AI Insights' })).not.toBeInTheDocument();
  // Nothing promises a discount at checkout without a code.
  expect(dialog).not.toHaveTextContent(/comes off at checkout/);
});

it('links to the newsletter popup when the marketing remote has no ./NewsletterForm', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // As the federation runtime answers after fetching the remote's manifest.
  const missing = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('mfe_marketing has no ./NewsletterForm')), 10),
  );
  missing.catch(() => undefined);
  load.mockReturnValue(missing);
  localStorage.setItem('newsletter_popup_seen', 'true');
  const dialog = await openDialog();
  const link = await within(dialog).findByRole('link', { name: 'Subscribe to AI Insights' });
  expect(link).toHaveAttribute('href', '/');
  link.addEventListener('click', (event) => event.preventDefault()); // jsdom does not navigate
  await userEvent.click(link);
  expect(localStorage.getItem('newsletter_popup_seen')).toBeNull();
});
