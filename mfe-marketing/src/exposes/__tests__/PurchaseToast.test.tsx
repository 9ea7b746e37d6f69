import { act, fireEvent, screen } from '@testing-library/react';
import { setRuntimeConfig } from 'shared-lib';
import { renderSuspended, resetStores, testRuntimeConfig } from 'shared-lib/testing';
import PurchaseToast, { EVERY_MS, FIRST_AFTER_MS, STOPPED_KEY, VISIBLE_MS } from '../PurchaseToast';

afterEach(() => {
  jest.useRealTimers();
  resetStores();
  sessionStorage.clear();
});

describe('PurchaseToast', () => {
  const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

  it('appears after 10 s for 5 s, then every 30 s', async () => {
    setRuntimeConfig(testRuntimeConfig);
    jest.useFakeTimers();
    await renderSuspended(<PurchaseToast />);
    advance(FIRST_AFTER_MS - 1);
    expect(screen.queryByText(/just bought/)).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByText(/just bought/)).toBeInTheDocument();
    advance(VISIBLE_MS);
    expect(screen.queryByText(/just bought/)).not.toBeInTheDocument();
    advance(EVERY_MS - VISIBLE_MS);
    expect(screen.getByText(/just bought/)).toBeInTheDocument();
  });

  it('stays off when config.json switches it off', async () => {
    setRuntimeConfig({ ...testRuntimeConfig, purchaseToast: false });
    jest.useFakeTimers();
    await renderSuspended(<PurchaseToast />);
    advance(60_000);
    expect(screen.queryByText(/just bought/)).not.toBeInTheDocument();
  });

  it('is not a live region, stays while hovered or focused, and its close control stops it for the visit', async () => {
    setRuntimeConfig(testRuntimeConfig);
    jest.useFakeTimers();
    const { unmount } = await renderSuspended(<PurchaseToast />);
    advance(FIRST_AFTER_MS);
    const toast = screen.getByTestId('purchase-toast');
    expect(screen.queryByRole('status', { name: /just bought/ })).not.toBeInTheDocument();
    expect(toast).not.toHaveAttribute('aria-live');
    // eslint-disable-next-line testing-library/no-node-access -- no live region anywhere around it
    expect(toast.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();

    fireEvent.pointerEnter(toast);
    advance(VISIBLE_MS * 3);
    expect(screen.getByText(/just bought/)).toBeInTheDocument();
    fireEvent.pointerLeave(toast);
    const close = screen.getByRole('button', { name: 'Stop showing recent purchases' });
    act(() => close.focus());
    advance(VISIBLE_MS * 3);
    expect(screen.getByText(/just bought/)).toBeInTheDocument();
    act(() => close.blur());
    advance(VISIBLE_MS);
    expect(screen.queryByText(/just bought/)).not.toBeInTheDocument();

    advance(EVERY_MS - VISIBLE_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Stop showing recent purchases' }));
    expect(screen.queryByText(/just bought/)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STOPPED_KEY)).toBe('true');
    advance(EVERY_MS * 3);
    expect(screen.queryByText(/just bought/)).not.toBeInTheDocument();

    // Another page of the same visit: still stopped.
    unmount();
    await renderSuspended(<PurchaseToast />);
    advance(FIRST_AFTER_MS + EVERY_MS * 2);
    expect(screen.queryByText(/just bought/)).not.toBeInTheDocument();
  });
});
