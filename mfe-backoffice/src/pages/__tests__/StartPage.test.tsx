import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared-lib';
import { renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { fetchDashboard, type Dashboard } from '../../features/start/api/fetch-dashboard';
import { resendEmail } from '../../features/start/api/resend-email';
import { networkDown } from '../../testing/orders';
import StartPage from '../StartPage';

jest.mock('../../features/start/api/fetch-dashboard');
jest.mock('../../features/start/api/resend-email');
const fetchDashboardMock = jest.mocked(fetchDashboard);
const resendEmailMock = jest.mocked(resendEmail);

const FAILED = {
  id: 41,
  template: 'order_paid',
  recipient: 'ada@example.com',
  created_at: '2026-11-27T08:00:00Z',
  attempts: 8,
  last_error: 'smtp: 550 mailbox unavailable',
};

const dashboard = (patch: Partial<Dashboard> = {}): Dashboard => ({
  awaiting_payment: { count: 3, total_cents: 269_700 },
  paid_this_month: { count: 1, total_cents: 89_900 },
  next_calls: [
    {
      id: 'm1',
      meeting_type: 'discovery_call',
      scheduled_at: '2026-12-01T09:00:00Z',
      ends_at: '2026-12-01T09:30:00Z',
      status: 'requested',
      name: 'Grace Hopper',
      email: 'grace@example.com',
    },
  ],
  unhandled_leads: { contact_messages: 2, project_requests: 1 },
  subscribers: 10,
  failed_emails: [FAILED],
  ...patch,
});

beforeEach(() => {
  useSessionStore.getState().setSession({
    user: { id: '5b0f4c8e-2d1a-4f3b-9c7e-1a2b3c4d5e6f', email: 'grace@agency.example' },
    accessToken: 'a.b.c',
  });
});
afterEach(() => {
  resetStores();
  jest.resetAllMocks();
});

const tile = (name: string) => screen.getByRole('region', { name });

describe('the back office start page', () => {
  it('names itself and the staff member it is open for', async () => {
    fetchDashboardMock.mockResolvedValue(dashboard());
    renderWithProviders(<StartPage />, { route: '/admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Back office' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as grace@agency.example')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Awaiting payment' });
  });

  it("shows the back office's navigation with the start page as the current one", async () => {
    fetchDashboardMock.mockResolvedValue(dashboard());
    renderWithProviders(<StartPage />, { route: '/admin' });
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Start', '/admin'],
      ['Orders', '/admin/orders'],
      ['Calendar', '/admin/calendar'],
      ['Promotions', '/admin/promotions'],
      ['Leads', '/admin/leads'],
      ['Newsletter', '/admin/newsletter'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Start' })).toHaveAttribute('aria-current', 'page');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Start' })).toHaveFocus();
    await screen.findByRole('region', { name: 'Awaiting payment' });
  });

  it('shows what needs doing: the sums, the next calls and the unhandled leads', async () => {
    fetchDashboardMock.mockResolvedValue(dashboard());
    renderWithProviders(<StartPage />, { route: '/admin' });
    const awaiting = await screen.findByRole('region', { name: 'Awaiting payment' });
    expect(awaiting).toHaveTextContent('€2,697.00');
    expect(within(awaiting).getByRole('link', { name: '3 orders' })).toHaveAttribute(
      'href',
      '/admin/orders?status=awaiting_payment',
    );
    expect(tile('Paid this month')).toHaveTextContent('€899.00');
    expect(tile('Paid this month')).toHaveTextContent('1 order');
    expect(tile('Unhandled leads')).toHaveTextContent('2 contact messages, 1 project request');
    expect(tile('Next calls')).toHaveTextContent(
      'Grace Hopper (grace@example.com), Discovery call, not confirmed yet',
    );
  });

  it('resends an e-mail the outbox gave up on and shows the list again', async () => {
    fetchDashboardMock.mockResolvedValueOnce(dashboard()).mockResolvedValue(dashboard({ failed_emails: [] }));
    resendEmailMock.mockResolvedValue();
    renderWithProviders(<StartPage />, { route: '/admin' });
    const table = await screen.findByRole('table', { name: /E-mails the outbox gave up on/ });
    expect(within(table).getByRole('rowheader', { name: 'Order paid' })).toBeInTheDocument();
    // The server's own error text is for developers, not shown.
    expect(table).not.toHaveTextContent('smtp');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Resend Order paid to ada@example.com' }),
    );
    expect(resendEmailMock).toHaveBeenCalledWith(41);
    expect(await screen.findByText('Every e-mail went out.')).toBeInTheDocument();
    expect(await screen.findByText('E-mail queued again')).toBeInTheDocument();
  });

  it('keeps the e-mail listed and says why when the resend fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchDashboardMock.mockResolvedValue(dashboard());
    resendEmailMock.mockRejectedValue(networkDown());
    renderWithProviders(<StartPage />, { route: '/admin' });
    const button = await screen.findByRole('button', { name: 'Resend Order paid to ada@example.com' });
    await userEvent.click(button);
    expect(await screen.findByText(/We couldn't reach our server/)).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(fetchDashboardMock).toHaveBeenCalledTimes(1);
  });

  it('says so when the network is down, and Retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchDashboardMock.mockRejectedValueOnce(networkDown()).mockResolvedValue(dashboard());
    renderWithProviders(<StartPage />, { route: '/admin' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("What needs doing could not be loaded. We couldn't reach our server.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Awaiting payment' })).toBeInTheDocument();
  });
});
