import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { localToday } from 'shared-lib/validation/backoffice';
import { fetchSubscribers, type Subscriber } from '../../features/newsletter/api/fetch-subscribers';
import { downloadText } from '../../features/newsletter/utils/download';
import { networkDown } from '../../testing/orders';
import NewsletterPage from '../NewsletterPage';

jest.mock('../../features/newsletter/api/fetch-subscribers');
jest.mock('../../features/newsletter/utils/download');
const fetchMock = jest.mocked(fetchSubscribers);
const downloadMock = jest.mocked(downloadText);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  resetStores();
  jest.resetAllMocks();
});

const subscriber = (n: number, patch: Partial<Subscriber> = {}): Subscriber => ({
  name: `Reader ${n}`,
  email: `reader${n}@example.com`,
  subscribed_at: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00+00:00`,
  ...patch,
});

const route = '/admin/newsletter';

describe('the newsletter desk', () => {
  it('shows the count and exports everyone who subscribed, including whoever joined since the page opened', async () => {
    fetchMock
      .mockResolvedValueOnce([subscriber(1), subscriber(2)])
      .mockResolvedValue([
        subscriber(1),
        subscriber(2),
        subscriber(3, { name: '=HYPERLINK("http://evil.example")' }),
      ]);
    renderWithProviders(<NewsletterPage />, { route });
    const panel = await screen.findByRole('region', { name: 'Subscribers to AI Insights' });
    expect(panel).toHaveTextContent(/^Subscribers to AI Insights2/);
    await userEvent.click(screen.getByRole('button', { name: 'Download the subscribers (CSV)' }));
    await waitFor(() => expect(downloadMock).toHaveBeenCalledTimes(1));
    const [name, text, type] = downloadMock.mock.calls[0]!;
    expect(name).toBe(`newsletter-subscribers-${localToday()}.csv`);
    expect(type).toBe('text/csv;charset=utf-8');
    expect(text.split('\r\n')).toEqual([
      'Name,E-mail,Subscribed at',
      'Reader 1,reader1@example.com,2026-11-11T10:00:00.000Z',
      'Reader 2,reader2@example.com,2026-11-12T10:00:00.000Z',
      `"'=HYPERLINK(""http://evil.example"")",reader3@example.com,2026-11-13T10:00:00.000Z`,
      '',
    ]);
    expect(await screen.findByText('3 subscribers in the file.')).toBeInTheDocument();
    expect(panel).toHaveTextContent(/^Subscribers to AI Insights3/);
  });

  it('has nothing to export while nobody subscribes', async () => {
    fetchMock.mockResolvedValue([]);
    renderWithProviders(<NewsletterPage />, { route });
    expect(
      await screen.findByText('Nobody has subscribed yet, so there is nothing to export.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the subscribers (CSV)' })).toBeDisabled();
  });

  it('says why when the export fails, and downloads nothing', async () => {
    fetchMock.mockResolvedValueOnce([subscriber(1)]).mockRejectedValue(networkDown());
    renderWithProviders(<NewsletterPage />, { route });
    const button = await screen.findByRole('button', { name: 'Download the subscribers (CSV)' });
    await userEvent.click(button);
    expect(await screen.findByText(/We couldn't reach our server/)).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
    expect(downloadMock).not.toHaveBeenCalled();
  });

  it('says so when the count cannot be loaded, and Retry loads it', async () => {
    fetchMock.mockRejectedValueOnce(networkDown()).mockResolvedValue([subscriber(1)]);
    renderWithProviders(<NewsletterPage />, { route });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The subscribers could not be loaded. We couldn't reach our server.");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Subscribers to AI Insights' })).toHaveTextContent('1');
  });
});
