import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuro, servicePaths, useAnnouncerStore, useCartStore } from 'shared-lib';
import { getServicePageByPath, services } from 'shared-lib/catalogue';
import { renderSuspended, resetStores } from 'shared-lib/src/testing';
import ServiceDetailPage from '../ServiceDetailPage';

afterEach(resetStores);

it('shows the Smart Website page as the spec describes and adds it to the cart once', async () => {
  await renderSuspended(<ServiceDetailPage />, { route: '/services/ai-website-building' });
  expect(screen.getByRole('heading', { level: 1, name: 'Smart Website' })).toBeInTheDocument();
  expect(screen.getByText('Beautiful website, built with AI.')).toBeInTheDocument();
  expect(screen.getByText('€899.00')).toBeInTheDocument();
  expect(screen.getByText(/subscriptions at other companies/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'What you get' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Ready to get started?' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Go to Checkout' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Add to Cart - €899.00' }));
  expect(screen.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
  const checkout = screen.getByRole('link', { name: 'Go to Checkout' });
  expect(checkout).toHaveAttribute('href', '/checkout');
  // The disabled button cannot keep focus; it moves on to the new link, and the live region says what happened.
  expect(checkout).toHaveFocus();
  expect(useAnnouncerStore.getState().current?.message).toBe(
    'Smart Website added. Cart: 1 item. Add 3+ services for 10% off',
  );
  expect(useCartStore.getState().items.map((i) => [i.id, i.price, i.path])).toEqual([
    ['smart-website', 899, '/services/ai-website-building'],
  ]);
  expect(screen.getAllByRole('link', { name: 'Contact Us' })[0]).toHaveAttribute('href', '/contact');
});

it('shows the strategy call with Book Your Call instead of a price', async () => {
  await renderSuspended(<ServiceDetailPage />, { route: '/services/ai-strategy-call' });
  expect(screen.getByText('Expert guidance to plan your AI transformation')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Book Your Call' })).toHaveAttribute(
    'href',
    '/contact?call=strategy',
  );
  expect(screen.queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
});

it('gives a workshop the same price and cart control', async () => {
  await renderSuspended(<ServiceDetailPage />, { route: '/services/two-day-training' });
  expect(screen.getByRole('button', { name: 'Add to Cart - €1,799.00' })).toBeEnabled();
});

it('has a page for all 14 service paths', () => {
  expect(servicePaths).toHaveLength(14);
});

// One test per path: fourteen page renders in one test outgrew jest's 5 s on a busy 2-core machine.
it.each(servicePaths)(
  'gives %s its own title, tagline, benefits, three steps and a way to act',
  async (path) => {
    const page = getServicePageByPath(path)!;
    await renderSuspended(<ServiceDetailPage />, { route: path });
    expect(screen.getByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
    expect(screen.getByText(page.tagline)).toBeInTheDocument();
    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(screen.getByRole('region', { name: 'What you get' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(0);
    const service = services.find((s) => s.path === path);
    if (service) {
      expect(
        screen.getByRole('button', { name: `Add to Cart - ${formatEuro(service.price)}` }),
      ).toBeEnabled();
    } else {
      expect(screen.getByRole('link', { name: 'Book Your Call' })).toHaveAttribute(
        'href',
        '/contact?call=strategy',
      );
    }
  },
);
