import { screen } from '@testing-library/react';
import { renderSuspended as renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { useSessionStore } from 'shared-lib';
import { AppRoutes } from '../app/routes';
import { pageShape } from '../federation/PageSkeleton';
import { Layout } from '../layout/Layout';

// Every remote is slow: its modules never arrive during the test.
jest.mock('../federation/remotes', () => ({
  loadExposed: () => new Promise(() => undefined),
  retryRemote: jest.fn(),
}));
// No promotion runs.
jest.mock('../promotions/fetch-running-promotion', () => ({ fetchRunningPromotion: async () => null }));

afterEach(resetStores);

describe('while a remote loads', () => {
  it.each([
    ['/how-we-work', 'services'],
    ['/contact', 'form'],
    ['/about', 'page'],
  ])(
    '%s shows a %s skeleton named Loading..., with the header and footer around it',
    async (route, shape) => {
      await renderWithProviders(
        <Layout>
          <AppRoutes />
        </Layout>,
        { route },
      );
      const status = screen.getByRole('status', { name: 'Loading...' });
      expect(status).toHaveAttribute('aria-busy', 'true');
      expect(status).toHaveTextContent('Loading...');
      expect(screen.getByTestId('page-skeleton')).toHaveAttribute('data-shape', shape);
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    },
  );

  it('shows the account’s skeleton while the session check runs', async () => {
    useSessionStore.setState({ status: 'loading' });
    await renderWithProviders(<AppRoutes />, { route: '/account' });
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.getByTestId('page-skeleton')).toHaveAttribute('data-shape', 'account');
  });
});

it('picks the shape of each kind of page', () => {
  expect(pageShape('/account')).toBe('account');
  expect(pageShape('/checkout')).toBe('checkout');
  expect(pageShape('/auth')).toBe('form');
  expect(pageShape('/enter-the-future')).toBe('form');
  expect(pageShape('/services/ai-chatbots')).toBe('page');
  expect(pageShape('/blog/some-article')).toBe('page');
});
