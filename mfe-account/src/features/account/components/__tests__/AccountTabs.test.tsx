import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { AccountTabs } from '../AccountTabs';

const USER = { id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'ada@example.com' };

beforeEach(() => createTestSupabase(() => json([])));
afterEach(resetStores);

describe('AccountTabs', () => {
  it('opens the tab the URL names, so a reload of /account?tab=orders stays on Orders', async () => {
    renderWithProviders(<AccountTabs user={USER} profile={<p>Profile settings</p>} />, {
      route: '/account?tab=orders',
    });
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Orders' })).toBeInTheDocument();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('puts the chosen tab in the URL, and Profile (the default) keeps the plain /account', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountTabs user={USER} profile={<p>Profile settings</p>} />, { route: '/account' });
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Meetings' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/account?tab=meetings');
    expect(screen.getByRole('tab', { name: 'Meetings' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/account$/);
  });

  it('falls back to Profile for a tab it does not have', () => {
    renderWithProviders(<AccountTabs user={USER} profile={<p>Profile settings</p>} />, {
      route: '/account?tab=billing',
    });
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });
});
