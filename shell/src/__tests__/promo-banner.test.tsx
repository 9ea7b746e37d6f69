import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSuspended, resetStores } from 'shared-lib/src/testing';
import { loadExposed } from '../federation/remotes';
import { PromoBanner } from '../layout/PromoBanner';
import { fetchRunningPromotion, type RunningPromotion } from '../promotions/fetch-running-promotion';

jest.mock('../federation/remotes', () => ({ loadExposed: jest.fn(), retryRemote: jest.fn() }));
jest.mock('../promotions/fetch-running-promotion', () => ({ fetchRunningPromotion: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;
const fetchPromotion = fetchRunningPromotion as jest.MockedFunction<typeof fetchRunningPromotion>;

const RUNNING: RunningPromotion = {
  id: 'f0f0f0f0-0000-4000-8000-000000000901',
  words: '10% off your first project order this winter.',
  offer: 'newsletter',
};

afterEach(() => {
  resetStores();
  load.mockReset();
  fetchPromotion.mockReset();
});

/** The banner once its request has settled. */
async function renderBanner() {
  await renderSuspended(<PromoBanner afterDismiss={{ current: null }} />);
  await waitFor(() => expect(fetchPromotion).toHaveBeenCalledTimes(1));
  await act(async () => undefined);
}

async function openDialog() {
  fetchPromotion.mockResolvedValue(RUNNING);
  await renderBanner();
  const banner = await screen.findByRole('button', {
    name: '10% off your first project order this winter. See the details',
  });
  // Awaited act: the form's module promise settles inside it, so React renders what it led to.
  await act(async () => {
    banner.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return screen.findByRole('dialog', { name: '10% off your first project order' });
}

describe('which banner shows', () => {
  it('shows the running promotion’s words, fixed at the bottom of the window, and keeps the page clear of it', async () => {
    fetchPromotion.mockResolvedValue(RUNNING);
    await renderBanner();
    const bar = screen.getByRole('complementary', { name: 'Promotion' });
    const [details, dismiss] = within(bar).getAllByRole('button');
    expect(details).toHaveAccessibleName('10% off your first project order this winter. See the details');
    expect(dismiss).toHaveAccessibleName('Dismiss promotion');
    expect(bar).toHaveStyle({ position: 'fixed', bottom: '0px' });
    // jsdom lays nothing out (height 0); the page's end, focus scrolling and toasts read the variable.
    expect(document.documentElement.style.getPropertyValue('--promo-bar-height')).toBe('0px');
  });

  it('leads to the promotion’s link, a page of the site or an https address, instead of opening the offer', async () => {
    fetchPromotion.mockResolvedValue({ ...RUNNING, link: '/services/one-day-training' });
    const { unmount } = await renderSuspended(<PromoBanner afterDismiss={{ current: null }} />);
    const name = '10% off your first project order this winter. See the details';
    const onSite = await screen.findByRole('link', { name });
    expect(onSite).toHaveAttribute('href', '/services/one-day-training');
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await userEvent.click(onSite);
    expect(screen.getByTestId('location')).toHaveTextContent('/services/one-day-training');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    fetchPromotion.mockResolvedValue({ ...RUNNING, link: 'https://example.com/winter' });
    await renderSuspended(<PromoBanner afterDismiss={{ current: null }} />);
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', 'https://example.com/winter');
  });

  it('shows nothing while no promotion runs', async () => {
    fetchPromotion.mockResolvedValue(null);
    await renderBanner();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--promo-bar-height')).toBe('');
  });

  it('shows nothing for an offer this shell cannot open', async () => {
    fetchPromotion.mockResolvedValue({ ...RUNNING, offer: 'free-money' });
    await renderBanner();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('shows no banner and no error when the backend cannot be reached', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warning = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchPromotion.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderBanner();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // No toast either.
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    // Only a warning in the console says why: a handled failure of an extra is no error of the page.
    expect(warning).toHaveBeenCalledWith('[promotion]', expect.any(TypeError));
    expect(error).not.toHaveBeenCalled();
  });
});

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

describe('dismissing', () => {
  async function dismissThenRenderAgain(promotion: RunningPromotion) {
    fetchPromotion.mockResolvedValue(promotion);
    const { unmount } = await renderSuspended(<PromoBanner afterDismiss={{ current: null }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss promotion' }));
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument();
    unmount();
    fetchPromotion.mockClear();
    await renderBanner();
  }

  it('keeps the promotion dismissed for the browser session', async () => {
    await dismissThenRenderAgain(RUNNING);
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument();
  });

  it('works, and keeps it dismissed for the page, where the browser blocks storage', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      await dismissThenRenderAgain({ ...RUNNING, id: 'f0f0f0f0-0000-4000-8000-000000000902' });
      expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument();
    } finally {
      if (original) Object.defineProperty(window, 'sessionStorage', original);
    }
  });
});
