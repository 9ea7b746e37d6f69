import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { fetchLeads, type LeadsQuery } from '../../features/leads/api/fetch-leads';
import { markLeadHandled } from '../../features/leads/api/mark-lead-handled';
import { networkDown } from '../../testing/orders';
import { contactMessage, leadGone, projectRequest } from '../../testing/promotions';
import LeadsPage from '../LeadsPage';

jest.mock('../../features/leads/api/fetch-leads', () => ({
  ...jest.requireActual('../../features/leads/api/fetch-leads'),
  fetchLeads: jest.fn(),
}));
jest.mock('../../features/leads/api/mark-lead-handled');
const fetchMock = jest.mocked(fetchLeads);
const markMock = jest.mocked(markLeadHandled);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  resetStores();
  jest.resetAllMocks();
});

const lastQuery = (): LeadsQuery => fetchMock.mock.calls.at(-1)![0];
const location = () => screen.getByTestId('location').textContent;

describe('the leads desk', () => {
  it('lists contact messages newest first, each with a reply link and whether it is handled', async () => {
    fetchMock.mockResolvedValue({
      leads: [contactMessage(2), contactMessage(1, { handled_at: '2026-11-12T08:00:00Z' })],
      total: 2,
    });
    renderWithProviders(<LeadsPage />, { route: '/admin/leads' });
    const table = await screen.findByRole('table', { name: 'Contact messages, newest first' });
    expect(lastQuery()).toEqual({ kind: 'contact_message', unhandledOnly: false, page: 1 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((tr) => within(tr).getByRole('rowheader').textContent)).toEqual([
      'Sender 2sender2@example.com',
      'Sender 1sender1@example.com',
    ]);
    expect(rows[0]).toHaveTextContent('Message number 2.');
    expect(rows[0]).toHaveTextContent('Not yet');
    expect(rows[1]).toHaveTextContent('November 12, 2026');
    expect(within(rows[0]!).getByRole('link', { name: 'Reply to Sender 2' })).toHaveAttribute(
      'href',
      `mailto:sender2@example.com?subject=${encodeURIComponent('Re: your message to AI Made Simple of November 12, 2026')}`,
    );
    expect(within(rows[1]!).getByRole('button', { name: /^Mark not handled: Sender 1/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact messages' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows project requests with their type, budget and timeline, and filters to the unhandled ones', async () => {
    fetchMock.mockResolvedValue({ leads: [projectRequest(3)], total: 1 });
    renderWithProviders(<LeadsPage />, { route: '/admin/leads' });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('link', { name: 'Project requests' }));
    const table = await screen.findByRole('table', { name: 'Project requests, newest first' });
    expect(lastQuery()).toEqual({ kind: 'project_request', unhandledOnly: false, page: 1 });
    expect(table).toHaveTextContent('AI Chatbot$10,000 - $25,000ASAP');
    expect(table).toHaveTextContent('Analytical Engines Ltd');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Not handled yet');
    await screen.findByRole('table', { name: 'Project requests not handled yet, newest first' });
    expect(lastQuery()).toEqual({ kind: 'project_request', unhandledOnly: true, page: 1 });
    expect(location()).toBe('/admin/leads?kind=project_request&show=unhandled');
  });

  it('marks a lead handled in its row, keeping focus on the button, which then undoes it', async () => {
    fetchMock.mockResolvedValue({ leads: [contactMessage(1)], total: 1 });
    markMock.mockResolvedValueOnce('2026-11-29T09:00:00Z').mockResolvedValueOnce(null);
    renderWithProviders(<LeadsPage />, { route: '/admin/leads?show=unhandled' });
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    await userEvent.click(within(row).getByRole('button', { name: /^Mark handled: Sender 1/ }));
    expect(markMock).toHaveBeenCalledWith('contact_message', contactMessage(1).id, true);
    expect(await within(row).findByText('November 29, 2026')).toBeInTheDocument();
    const undo = within(row).getByRole('button', { name: /^Mark not handled: Sender 1/ });
    await waitFor(() => expect(undo).toHaveFocus());
    await userEvent.click(undo);
    expect(markMock).toHaveBeenLastCalledWith('contact_message', contactMessage(1).id, false);
    expect(await within(row).findByText('Not yet')).toBeInTheDocument();
    // Shown in place: no second read.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the list again when the lead is gone meanwhile, saying so in words', async () => {
    fetchMock
      .mockResolvedValueOnce({ leads: [contactMessage(1)], total: 1 })
      .mockResolvedValue({ leads: [], total: 0 });
    markMock.mockRejectedValue(leadGone());
    renderWithProviders(<LeadsPage />, { route: '/admin/leads' });
    await userEvent.click(await screen.findByRole('button', { name: /^Mark handled: Sender 1/ }));
    expect(await screen.findByText('There is no such message.')).toBeInTheDocument();
    expect(await screen.findByText('No contact messages yet.')).toBeInTheDocument();
  });

  it('says when every lead is handled, and when the network is down', async () => {
    fetchMock.mockResolvedValueOnce({ leads: [], total: 0 }).mockRejectedValueOnce(networkDown());
    const { unmount } = renderWithProviders(<LeadsPage />, { route: '/admin/leads?show=unhandled' });
    expect(await screen.findByText('Every one of the contact messages is handled.')).toHaveAttribute(
      'role',
      'status',
    );
    unmount();
    renderWithProviders(<LeadsPage />, { route: '/admin/leads?kind=project_request' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The project requests could not be loaded. We couldn't reach our server.",
    );
  });

  it('pages through the list', async () => {
    fetchMock.mockResolvedValue({ leads: [contactMessage(1)], total: 45 });
    renderWithProviders(<LeadsPage />, { route: '/admin/leads' });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ kind: 'contact_message', unhandledOnly: false, page: 2 }),
    );
    expect(location()).toBe('/admin/leads?page=2');
  });
});
