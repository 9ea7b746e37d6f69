// Route focus while the next page has no heading yet: focus never rests on <body> (issue #33, item 3).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { renderSuspended as renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { Layout } from '../layout/Layout';

// The layout's widgets come from remotes; here they are down, so nothing of theirs takes focus.
jest.mock('../federation/remotes', () => {
  const down = Promise.reject(new Error('remote is down'));
  down.catch(() => undefined);
  return { loadExposed: () => down, retryRemote: jest.fn() };
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(resetStores);

/** A page whose heading arrives with its data (a remote still loading, then its content). */
function SlowPage({ loaded }: { loaded: Promise<void> }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void loaded.then(() => setReady(true));
  }, [loaded]);
  return ready ? <h1>Cases</h1> : <p>Loading</p>;
}

function later() {
  let arrive = () => undefined as void;
  const loaded = new Promise<void>((resolve) => (arrive = resolve));
  return { loaded, arrive: () => act(async () => arrive()) };
}

it('holds focus on the main landmark while the next page has no heading, then gives it to the heading', async () => {
  const user = userEvent.setup();
  const { loaded, arrive } = later();
  function Pages() {
    return useLocation().pathname === '/' ? (
      <Link to="/cases">Cases link</Link>
    ) : (
      <SlowPage loaded={loaded} />
    );
  }
  await renderWithProviders(
    <Layout>
      <Pages />
    </Layout>,
  );
  // The link the visitor used goes with the old page.
  await user.click(screen.getByRole('link', { name: 'Cases link' }));
  await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  await arrive();
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Cases' })).toHaveFocus());
});

it('holds focus on the main landmark when a dialog outside it closes after its button navigated', async () => {
  const user = userEvent.setup();
  const { loaded } = later();
  let close = () => undefined as void;
  /** As the sign-out confirmation: its button navigates, and the dialog (in a portal) closes afterwards. */
  function Dialog() {
    const [open, setOpen] = useState(true);
    const navigate = useNavigate();
    close = () => setOpen(false);
    if (!open) return null;
    return createPortal(
      <button type="button" onClick={() => navigate('/cases')}>
        Sign out
      </button>,
      document.body,
    );
  }
  function Pages() {
    return useLocation().pathname === '/' ? <p>Home</p> : <SlowPage loaded={loaded} />;
  }
  await renderWithProviders(
    <>
      <Layout>
        <Pages />
      </Layout>
      <Dialog />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cases'));
  expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
  await act(async () => close());
  await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
});
