import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCartStore, useSessionStore } from 'shared-lib';
import { renderSuspended as renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { PromoBanner } from '../layout/PromoBanner';

// The cart button comes from the catalogue remote; here it is down, so the header's fallback shows.
jest.mock('../federation/remotes', () => {
  const down = Promise.reject(new Error('catalogue remote is down'));
  down.catch(() => undefined);
  return { loadExposed: () => down, retryRemote: jest.fn() };
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

afterEach(resetStores);

describe('Header', () => {
  it('shows the spec navigation and the primary button', async () => {
    await renderWithProviders(<Header />);
    // jsdom matches no media query, so the desktop nav is display:none here; the mobile menu is tested below.
    // A hidden element has no accessible name, so it is found by its label instead of its role and name.
    const nav = screen.getByLabelText('Main', { selector: 'nav' });
    const links = within(nav).getAllByRole('link', { hidden: true });
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Our Services', '/how-we-work'],
      ['Cases', '/cases'],
      ['Contact', '/contact'],
    ]);
    expect(screen.getByText('Enter the Future', { selector: 'a' })).toHaveAttribute(
      'href',
      '/enter-the-future',
    );
  });

  it('shows a sign-in icon when signed out and the account menu when signed in', async () => {
    useSessionStore.getState().setSession(null);
    const { unmount } = await renderWithProviders(<Header />);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    unmount();

    useSessionStore.getState().setSession({ user: { id: 'u1', email: 'ada@example.com' }, accessToken: 't' });
    await renderWithProviders(<Header />);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(await screen.findByRole('menuitem', { name: /My Account/ })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('menuitem', { name: /Sign Out/ })).toBeInTheDocument();
  });

  it('shrinks after the page scrolls past 20px', async () => {
    await renderWithProviders(<Header />);
    const header = await screen.findByRole('banner');
    expect(header).toHaveAttribute('data-compact', 'false');
    Object.defineProperty(window, 'scrollY', { value: 21, configurable: true });
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-compact', 'true');
    Object.defineProperty(window, 'scrollY', { value: 20, configurable: true });
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-compact', 'false');
  });

  it('opens the mobile menu with the same links', async () => {
    await renderWithProviders(<Header />);
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Our Services', 'Cases', 'Contact', 'Enter the Future']);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps showing the cart count while the catalogue slice is not there', async () => {
    useCartStore.getState().add({ id: 'a', title: 'A', price: 1, icon: 'globe', path: '/services/a' });
    useCartStore.getState().add({ id: 'b', title: 'B', price: 1, icon: 'globe', path: '/services/b' });
    await renderWithProviders(<Header />);
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });
});

describe('Footer', () => {
  it('links every page the spec lists', async () => {
    await renderWithProviders(<Footer />);
    const hrefs = within(screen.getByRole('navigation', { name: 'Footer' }))
      .getAllByRole('link')
      .map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(['/about', '/how-we-work', '/cases', '/careers', '/blog', '/privacy', '/terms']);
  });
});

describe('PromoBanner', () => {
  it('opens a dialog about the September offer and closes on Escape', async () => {
    await renderWithProviders(<PromoBanner />);
    await userEvent.click(screen.getByRole('button', { name: /10% off your first project order/ }));
    const dialog = await screen.findByRole('dialog', { name: '10% off your first project this September' });
    expect(dialog).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
