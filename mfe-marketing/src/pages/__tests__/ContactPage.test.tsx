import { screen } from '@testing-library/react';
import { createTestSupabase, json, renderWithProviders, resetStores } from 'shared-lib/src/testing';
import ContactPage from '../ContactPage';
import { TermsPage } from '../LegalPage';

beforeEach(() => {
  createTestSupabase((url) => {
    if (url.pathname === '/rest/v1/rpc/available_slots') return json([]);
    throw new Error(`unexpected request ${url.pathname}`);
  });
});
afterEach(resetStores);

describe('ContactPage', () => {
  it('offers the free discovery call by default', async () => {
    renderWithProviders(<ContactPage />, { route: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: "Let's talk" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Book a discovery call' })).toBeInTheDocument();
    expect(
      screen.getByText('30 minutes, free, by video. Pick a day and a time that suit you.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No free times in the next weeks.')).toBeInTheDocument();
  });

  it("opened from the AI Strategy Call's page, names that call in its own words and its price (#45.7)", async () => {
    renderWithProviders(<ContactPage />, { route: '/contact?call=strategy' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Plan your AI transformation' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Book your AI Strategy Call' })).toBeInTheDocument();
    expect(screen.getByText(/^A free 30-minute AI Strategy Call:/)).toBeInTheDocument();
    expect(screen.getByText(/^Free of charge: 30 minutes, by video\./)).toBeInTheDocument();
    expect(screen.queryByText(/discovery call/i)).not.toBeInTheDocument();
    expect(await screen.findByText('No free times in the next weeks.')).toBeInTheDocument();
  });
});

describe('TermsPage', () => {
  it('has the right of withdrawal where the checkout links it (/terms#withdrawal, #45.1)', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    const section = screen.getByRole('region', { name: 'Right of withdrawal' });
    expect(section).toHaveAttribute('id', 'withdrawal');
    expect(section).toHaveTextContent('within 14 days of placing it');
  });
});
