import { useEffect, useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router-dom';
import { useCartStore, useSessionStore } from 'shared-lib';
import { renderSuspended as renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { retryRemote } from '../federation/remotes';
import { markPageRendered } from '../federation/use-after-first-load';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { Layout } from '../layout/Layout';
import { fetchRunningPromotion } from '../promotions/fetch-running-promotion';

// The cart button comes from the catalogue remote; here it is down, so the header's fallback shows.
jest.mock('../federation/remotes', () => {
  const down = Promise.reject(new Error('catalogue remote is down'));
  down.catch(() => undefined);
  return { loadExposed: () => down, retryRemote: jest.fn() };
});

// No promotion runs unless a test says so.
jest.mock('../promotions/fetch-running-promotion', () => ({ fetchRunningPromotion: jest.fn() }));
const fetchPromotion = fetchRunningPromotion as jest.MockedFunction<typeof fetchRunningPromotion>;

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  fetchPromotion.mockResolvedValue(null);
});

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

  it('closes the mobile menu on Escape and gives focus back to its toggle', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Header />);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Cases' }),
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('with the catalogue remote down, claims no cart: its button explains and offers Retry', async () => {
    const user = userEvent.setup();
    useCartStore.getState().add({ id: 'a', title: 'A', price: 1, icon: 'globe', path: '/services/a' });
    useCartStore.getState().add({ id: 'b', title: 'B', price: 1, icon: 'globe', path: '/services/b' });
    await renderWithProviders(<Header />);
    // Before the page has rendered the cart is still loading: busy, and nothing to open yet.
    const loading = screen.getByRole('button', { name: 'Cart (loading)' });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
    // The page has rendered: the header now loads the remote's cart button, which fails.
    markPageRendered();
    const cart = await screen.findByRole('button', { name: 'Cart unavailable' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: /Cart, 2 items/ })).not.toBeInTheDocument();
    expect(cart).toHaveAccessibleDescription(
      'The cart could not be loaded right now. Your items are kept; please try again in a moment.',
    );
    expect(cart).toHaveAttribute('aria-expanded', 'false');
    await user.click(cart);
    expect(cart).toHaveAttribute('aria-expanded', 'true');
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry).toBeVisible();
    await user.keyboard('{Escape}');
    expect(retry).not.toBeVisible();
    expect(cart).toHaveFocus();
    await user.click(cart);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retryRemote).toHaveBeenCalledWith('catalog');
    // The retry fails again (the mock stays down): focus is on the new cart control, not on <body>.
    const again = await screen.findByRole('button', { name: 'Cart unavailable' }, { timeout: 5000 });
    await waitFor(() => expect(again).toHaveFocus());
  });
});

describe('Layout', () => {
  it('has an empty polite live region from the start', async () => {
    await renderWithProviders(
      <Layout>
        <h1>Home</h1>
      </Layout>,
    );
    const region = screen.getByTestId('live-region');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('moves focus to the new page’s h1 after a route change, never leaving it on <body>', async () => {
    const user = userEvent.setup();
    function Pages() {
      return (
        <>
          <h1>{window.location.pathname === '/' ? 'Home' : 'Page'}</h1>
          <Link to="/cases">Cases link</Link>
        </>
      );
    }
    await renderWithProviders(
      <Layout>
        <Pages />
      </Layout>,
    );
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Cases link' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cases'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  /** Home, and a page that shows a placeholder h1 until its data arrives, then another h1 (as a confirmation). */
  function LoadingPages({ loaded }: { loaded: Promise<void> }) {
    const [ready, setReady] = useState(false);
    const { pathname } = useLocation();
    useEffect(() => {
      if (pathname !== '/' && !ready) void loaded.then(() => setReady(true));
    }, [pathname, ready, loaded]);
    if (pathname === '/') return <Link to="/order">Order link</Link>;
    return (
      <>
        {ready ? <h1 key="loaded">Thank you</h1> : <h1 key="loading">Loading order</h1>}
        <button type="button">Elsewhere</button>
      </>
    );
  }

  /** Opens the loading page from home; its placeholder h1 takes focus. Returns the data's arrival. */
  async function openLoadingPage(user: ReturnType<typeof userEvent.setup>) {
    let arrive = () => undefined as void;
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    await renderWithProviders(
      <Layout>
        <LoadingPages loaded={loaded} />
      </Layout>,
    );
    await user.click(screen.getByRole('link', { name: 'Order link' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Loading order' })).toHaveFocus());
    return () => act(async () => arrive());
  }

  it('follows a page that replaces its h1 once loaded, instead of leaving focus on <body>', async () => {
    const arrive = await openLoadingPage(userEvent.setup());
    await arrive();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Thank you' })).toHaveFocus());
  });

  it('leaves focus the visitor moved while the page was loading where it is', async () => {
    const user = userEvent.setup();
    const arrive = await openLoadingPage(user);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await arrive();
    await screen.findByRole('heading', { name: 'Thank you' });
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});

describe('Footer', () => {
  it('links every page the spec lists, and the imprint', async () => {
    await renderWithProviders(<Footer />);
    const hrefs = within(screen.getByRole('navigation', { name: 'Footer' }))
      .getAllByRole('link')
      .map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual([
      '/about',
      '/how-we-work',
      '/cases',
      '/careers',
      '/blog',
      '/privacy',
      '/terms',
      '/imprint',
    ]);
  });

  it('names the company and its seat from shared-lib’s company file, and that prices include VAT', async () => {
    await renderWithProviders(<Footer />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} AI Made Simple GmbH, Musterstraße 1, 10115 Berlin. All prices in euros, including VAT.`,
    );
  });
});

describe('PromoBanner', () => {
  it('comes after the footer, as it shows at the bottom of the window, and its dialog closes on Escape', async () => {
    fetchPromotion.mockResolvedValue({ id: 'p1', words: 'A running promotion.', offer: 'newsletter' });
    await renderWithProviders(
      <Layout>
        <h1>Home</h1>
      </Layout>,
    );
    const banner = await screen.findByRole('button', { name: 'A running promotion. See the details' });
    expect(screen.getByRole('contentinfo').compareDocumentPosition(banner)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await userEvent.click(banner);
    const dialog = await screen.findByRole('dialog', { name: '10% off your first project order' });
    expect(dialog).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is dismissed for the browser session, giving focus to the main content; a new promotion shows again', async () => {
    const page = (
      <Layout>
        <h1>Home</h1>
      </Layout>
    );
    fetchPromotion.mockResolvedValue({ id: 'p1', words: 'A running promotion.', offer: 'newsletter' });
    const { unmount } = await renderWithProviders(page);
    const dismiss = await screen.findByRole('button', { name: 'Dismiss promotion' });
    expect(screen.getByRole('complementary', { name: 'Promotion' })).toContainElement(dismiss);
    await userEvent.click(dismiss);
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
    expect(document.documentElement.style.getPropertyValue('--promo-bar-height')).toBe('');
    unmount();
    const calls = fetchPromotion.mock.calls.length;

    // The next page of the session (a full load) leaves it away.
    const { unmount: leave } = await renderWithProviders(page);
    await waitFor(() => expect(fetchPromotion).toHaveBeenCalledTimes(calls + 1));
    await act(async () => undefined);
    expect(screen.queryByRole('complementary', { name: 'Promotion' })).not.toBeInTheDocument();
    leave();

    fetchPromotion.mockResolvedValue({ id: 'p2', words: 'The next promotion.', offer: 'newsletter' });
    await renderWithProviders(page);
    expect(
      await screen.findByRole('button', { name: 'The next promotion. See the details' }),
    ).toBeInTheDocument();
  });
});
