import { act, screen } from '@testing-library/react';
import { setRuntimeConfig } from 'shared-lib';
import { renderSuspended, resetStores, testRuntimeConfig } from 'shared-lib/testing';
import PurchaseToast, { EVERY_MS, FIRST_AFTER_MS, VISIBLE_MS } from '../PurchaseToast';

afterEach(() => {
  jest.useRealTimers();
  resetStores();
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
});
