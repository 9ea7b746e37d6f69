import { act, fireEvent, screen } from '@testing-library/react';
import { createTestSupabase, json, renderSuspended, resetStores } from 'shared-lib/testing';
import PurchaseToast, { EVERY_MS, FIRST_AFTER_MS, STOPPED_KEY, VISIBLE_MS } from '../PurchaseToast';
import { formatAge } from '../../features/recent-purchases/utils/age';

const recent = [
  { service: 'Chat Helper', country: 'Austria', age_minutes: 5 },
  { service: 'Smart Website', country: 'France', age_minutes: 180 },
];

/** The backend's recent purchases; counts how often they were asked for. */
function backend(answer: () => Response | Promise<Response>) {
  const asked = { count: 0 };
  createTestSupabase((url) => {
    if (url.pathname !== '/rest/v1/rpc/recent_purchases') throw new Error(`unexpected ${url.pathname}`);
    asked.count += 1;
    return answer();
  });
  return asked;
}

afterEach(() => {
  jest.useRealTimers();
  resetStores();
  sessionStorage.clear();
});

const advance = async (ms: number) => {
  await act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
};
const toastText = () => screen.queryByTestId('purchase-toast')?.textContent ?? null;

describe('PurchaseToast', () => {
  it('tells of each real recent purchase once: after 10 s for 5 s, then every 30 s, then stops', async () => {
    jest.useFakeTimers();
    const asked = backend(() => json(recent));
    await renderSuspended(<PurchaseToast />);
    await advance(FIRST_AFTER_MS - 1);
    expect(asked.count).toBe(0);
    expect(toastText()).toBeNull();
    await advance(1);
    expect(toastText()).toBe('A customer from Austria bought Chat Helper, 5 minutes ago');
    await advance(VISIBLE_MS);
    expect(toastText()).toBeNull();
    await advance(EVERY_MS - VISIBLE_MS);
    // Its age grows with the time the page has been open.
    expect(toastText()).toBe('A customer from France bought Smart Website, 3 hours ago');
    await advance(VISIBLE_MS + EVERY_MS * 3);
    expect(toastText()).toBeNull();
    expect(asked.count).toBe(1);
  });

  it('shows nothing when no customer agreed to be shown, nor when the backend cannot be reached', async () => {
    jest.useFakeTimers();
    backend(() => json([]));
    const { unmount } = await renderSuspended(<PurchaseToast />);
    await advance(FIRST_AFTER_MS + EVERY_MS * 3);
    expect(toastText()).toBeNull();
    unmount();

    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    backend(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderSuspended(<PurchaseToast />);
    await advance(FIRST_AFTER_MS + EVERY_MS * 3);
    expect(toastText()).toBeNull();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('is not a live region, stays while hovered or focused, and its close control stops it for the visit', async () => {
    jest.useFakeTimers();
    backend(() => json([...recent, ...recent]));
    const { unmount } = await renderSuspended(<PurchaseToast />);
    await advance(FIRST_AFTER_MS);
    const toast = screen.getByTestId('purchase-toast');
    expect(toast).not.toHaveAttribute('aria-live');
    // eslint-disable-next-line testing-library/no-node-access -- no live region anywhere around it
    expect(toast.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();

    fireEvent.pointerEnter(toast);
    await advance(VISIBLE_MS * 3);
    expect(toastText()).not.toBeNull();
    fireEvent.pointerLeave(toast);
    const close = screen.getByRole('button', { name: 'Stop showing recent purchases' });
    act(() => close.focus());
    await advance(VISIBLE_MS * 3);
    expect(toastText()).not.toBeNull();
    act(() => close.blur());
    await advance(VISIBLE_MS);
    expect(toastText()).toBeNull();

    await advance(EVERY_MS - VISIBLE_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Stop showing recent purchases' }));
    expect(toastText()).toBeNull();
    expect(sessionStorage.getItem(STOPPED_KEY)).toBe('true');
    await advance(EVERY_MS * 3);
    expect(toastText()).toBeNull();

    // Another page of the same visit: still stopped.
    unmount();
    await renderSuspended(<PurchaseToast />);
    await advance(FIRST_AFTER_MS + EVERY_MS * 2);
    expect(toastText()).toBeNull();
  });
});

describe('formatAge', () => {
  it.each([
    [0.5, 'just now'],
    [1, '1 minute ago'],
    [59, '59 minutes ago'],
    [60, '1 hour ago'],
    [24 * 60 - 1, '23 hours ago'],
    [24 * 60, '1 day ago'],
    [13 * 24 * 60, '13 days ago'],
  ])('%s minutes: %s', (minutes, words) => {
    expect(formatAge(minutes)).toBe(words);
  });
});
