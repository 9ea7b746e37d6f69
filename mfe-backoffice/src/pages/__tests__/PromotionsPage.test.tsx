import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { endPromotion } from '../../features/promotions/api/end-promotion';
import { fetchPromotions } from '../../features/promotions/api/fetch-promotions';
import { savePromotion } from '../../features/promotions/api/save-promotion';
import { networkDown } from '../../testing/orders';
import { campaigns, promotion, promotionGone } from '../../testing/promotions';
import PromotionsPage from '../PromotionsPage';

jest.mock('../../features/promotions/api/fetch-promotions');
jest.mock('../../features/promotions/api/save-promotion');
jest.mock('../../features/promotions/api/end-promotion');
const fetchMock = jest.mocked(fetchPromotions);
const saveMock = jest.mocked(savePromotion);
const endMock = jest.mocked(endPromotion);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  resetStores();
  jest.resetAllMocks();
});

const route = '/admin/promotions';
const section = (name: string) => screen.getByRole('region', { name });
const wordsIn = (name: string) =>
  within(section(name))
    .queryAllByRole('rowheader')
    .map((th) => th.textContent);

describe('the promotions desk', () => {
  it('lists the campaigns as running, upcoming and ended, with End only where it applies', async () => {
    fetchMock.mockResolvedValue(campaigns());
    renderWithProviders(<PromotionsPage />, { route });
    expect(await screen.findByRole('table', { name: 'Running promotions' })).toBeInTheDocument();
    expect(wordsIn('Running')).toEqual(['10% off your first project order this winter.']);
    expect(wordsIn('Upcoming')).toEqual(['Spring workshops.']);
    expect(wordsIn('Ended')).toEqual(['Autumn offer.']);
    expect(section('Running')).toHaveTextContent('/services/one-day-training');
    expect(section('Upcoming')).toHaveTextContent('The newsletter offer');
    expect(
      within(section('Running')).getByRole('button', {
        name: 'End “10% off your first project order this winter.”',
      }),
    ).toBeInTheDocument();
    // One not started yet is removed rather than ended; an ended one has nothing left to do.
    expect(
      within(section('Upcoming')).getByRole('button', { name: 'Remove “Spring workshops.”' }),
    ).toHaveTextContent('Remove');
    expect(within(section('Ended')).queryAllByRole('button')).toHaveLength(0);
  });

  it('says so when there are none', async () => {
    fetchMock.mockResolvedValue([]);
    renderWithProviders(<PromotionsPage />, { route });
    expect(await screen.findByText('No promotion is running: the site shows no banner.')).toBeInTheDocument();
    expect(screen.getByText('No promotion is planned.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so in words when the network is down, and Retry loads the list', async () => {
    fetchMock.mockRejectedValueOnce(networkDown()).mockResolvedValue(campaigns());
    renderWithProviders(<PromotionsPage />, { route });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The promotions could not be loaded. We couldn't reach our server.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Running promotions' })).toBeInTheDocument();
  });

  it('creates a campaign, previewing the banner as it is typed, and refuses a link that leads off the site unsafely', async () => {
    fetchMock.mockResolvedValue([]);
    const saved = promotion({ words: 'Free audit week.', link: '/services' });
    saveMock.mockResolvedValue(saved);
    renderWithProviders(<PromotionsPage />, { route });
    await userEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    const form = within(screen.getByRole('form', { name: 'New promotion' }));
    expect(form.getByRole('heading', { name: 'New promotion' })).toHaveFocus();
    expect(form.getByText('The preview shows once the banner has words.')).toBeInTheDocument();

    await userEvent.type(form.getByLabelText(/Words of the banner/), 'Free audit week.');
    const preview = form.getByRole('figure', { name: 'Preview: the banner as visitors will see it' });
    expect(preview).toHaveTextContent('Free audit week. See the details');
    expect(preview).toHaveTextContent('Pressing it opens the newsletter offer.');
    // A preview, not the real thing: nothing to press, no second "Promotion" landmark.
    expect(within(preview).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();

    await userEvent.type(form.getByLabelText(/Link/), 'javascript:alert(1)');
    await userEvent.click(form.getByRole('button', { name: 'Create the promotion' }));
    expect(form.getByLabelText(/Link/)).toHaveAccessibleDescription(
      expect.stringContaining(
        'A link is a page of this site (starting with /) or an address starting with https://',
      ),
    );
    expect(saveMock).not.toHaveBeenCalled();

    await userEvent.clear(form.getByLabelText(/Link/));
    await userEvent.type(form.getByLabelText(/Link/), '/services');
    expect(preview).toHaveTextContent('Pressing it leads to /services.');
    fetchMock.mockResolvedValue([saved]);
    await userEvent.click(form.getByRole('button', { name: 'Create the promotion' }));
    expect(await screen.findByText('“Free audit week.” is saved.')).toHaveFocus();
    const [id, data] = saveMock.mock.calls[0]!;
    expect(id).toBeNull();
    expect(data).toMatchObject({ words: 'Free audit week.', link: '/services' });
    // The dates are instants: a week from the next full hour.
    expect(Date.parse(data.endsAt) - Date.parse(data.startsAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await screen.findByRole('table', { name: 'Running promotions' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('refuses an end before the start', async () => {
    fetchMock.mockResolvedValue([promotion()]);
    renderWithProviders(<PromotionsPage />, { route });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit “10% off your first project order this winter.”' }),
    );
    const form = within(screen.getByRole('form', { name: 'Edit the promotion' }));
    expect(form.getByLabelText(/Words of the banner/)).toHaveValue(
      '10% off your first project order this winter.',
    );
    const ends = form.getByLabelText(/Ends/);
    await userEvent.clear(ends);
    await userEvent.type(ends, '2020-01-01T10:00');
    await userEvent.click(form.getByRole('button', { name: 'Save the promotion' }));
    expect(ends).toHaveAccessibleDescription(expect.stringContaining('The promotion ends after it starts'));
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('tells the staff member when someone else removed the campaign they were editing, and shows the list as it now is', async () => {
    const upcoming = campaigns()[0]!;
    fetchMock.mockResolvedValueOnce([upcoming]).mockResolvedValue([]);
    saveMock.mockRejectedValue(promotionGone());
    renderWithProviders(<PromotionsPage />, { route });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit “Spring workshops.”' }));
    await userEvent.type(screen.getByLabelText(/Words of the banner/), ' Book now.');
    await userEvent.click(screen.getByRole('button', { name: 'Save the promotion' }));
    expect(
      await screen.findByText('Someone else ended that promotion meanwhile, before it started.', {
        selector: 'p',
      }),
    ).toHaveFocus();
    expect(saveMock).toHaveBeenCalledWith(
      upcoming.id,
      expect.objectContaining({ words: 'Spring workshops. Book now.' }),
    );
    expect(await screen.findByText('No promotion is planned.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('ends the running campaign: its banner is gone, the list is read again', async () => {
    const running = promotion();
    fetchMock
      .mockResolvedValueOnce([running])
      .mockResolvedValue([{ ...running, ends_at: new Date(Date.now() - 1000).toISOString() }]);
    endMock.mockResolvedValue();
    renderWithProviders(<PromotionsPage />, { route });
    await userEvent.click(
      await screen.findByRole('button', { name: 'End “10% off your first project order this winter.”' }),
    );
    expect(endMock).toHaveBeenCalledWith(running.id);
    expect(
      await screen.findByText(
        '“10% off your first project order this winter.” has ended: its banner is gone.',
      ),
    ).toHaveFocus();
    await waitFor(() => expect(wordsIn('Ended')).toEqual(['10% off your first project order this winter.']));
    expect(wordsIn('Running')).toEqual([]);
  });

  it('keeps the campaign and says why when End fails', async () => {
    fetchMock.mockResolvedValue([promotion()]);
    endMock.mockRejectedValue(networkDown());
    renderWithProviders(<PromotionsPage />, { route });
    const end = await screen.findByRole('button', {
      name: 'End “10% off your first project order this winter.”',
    });
    await userEvent.click(end);
    expect(await screen.findByText(/We couldn't reach our server/)).toBeInTheDocument();
    await waitFor(() => expect(end).toHaveFocus());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
