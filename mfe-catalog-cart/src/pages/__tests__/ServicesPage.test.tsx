import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCartStore } from 'shared-lib';
import { renderSuspended, resetStores } from 'shared-lib/src/testing';
import ServicesPage from '../ServicesPage';

afterEach(resetStores);

it('lists both groups from the catalogue with prices, badges and Learn More links', async () => {
  await renderSuspended(<ServicesPage />, { route: '/how-we-work' });
  expect(screen.getByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
  const full = screen.getByRole('region', { name: 'Full Deliverables' });
  const workshops = screen.getByRole('region', { name: 'Workshops' });
  expect(within(full).getAllByRole('article')).toHaveLength(10);
  expect(within(workshops).getAllByRole('article')).toHaveLength(3);
  const smart = screen.getByRole('article', { name: 'Smart Website' });
  expect(within(smart).getByText('€899.00')).toBeInTheDocument();
  expect(within(smart).getByText('POPULAR')).toBeInTheDocument();
  expect(
    within(screen.getByRole('article', { name: 'Product Photos' })).getByText('POPULAR'),
  ).toBeInTheDocument();
  expect(
    within(screen.getByRole('article', { name: '2 Day Training' })).getByText('BEST VALUE'),
  ).toBeInTheDocument();
  expect(screen.getAllByText(/POPULAR|BEST VALUE/)).toHaveLength(3);
  expect(within(smart).getByRole('link', { name: 'Learn More Smart Website' })).toHaveAttribute(
    'href',
    '/services/ai-website-building',
  );
  const custom = screen.getByRole('region', { name: 'Custom Project' });
  expect(within(custom).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  expect(within(custom).getByRole('link', { name: 'How custom projects work' })).toHaveAttribute(
    'href',
    '/custom-projects',
  );
});

it('toggles a service in and out of the cart and updates the discount hint', async () => {
  await renderSuspended(<ServicesPage />, { route: '/how-we-work' });
  expect(screen.getByText('Add 3+ services for 10% off')).toBeInTheDocument();
  for (const title of ['Smart Website', 'Chat Helper', 'Smart Emails', 'AI Dashboard']) {
    await userEvent.click(screen.getByRole('button', { name: `Add to Cart ${title}` }));
  }
  expect(useCartStore.getState().items.map((i) => i.id)).toEqual([
    'smart-website',
    'chat-helper',
    'smart-emails',
    'ai-dashboard',
  ]);
  expect(screen.getByText('Add 1 more for 15% off')).toBeInTheDocument();
  const remove = screen.getByRole('button', { name: 'Remove Chat Helper' });
  expect(remove).toHaveTextContent('Remove');
  await userEvent.click(remove);
  expect(useCartStore.getState().items).toHaveLength(3);
  expect(screen.getByText('Add 2 more for 15% off')).toBeInTheDocument();
});
