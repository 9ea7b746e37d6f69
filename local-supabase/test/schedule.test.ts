// The local stand-in for hosted's cron job (src/functions/schedule.ts): every `seconds` it calls send-emails through
// /functions/v1 with the service-role key, one call at a time, and not at all when told 0 or without the function.
import { startSchedule } from '../src/functions/schedule';

const options = (seconds: number, exists = true) => ({
  apiUrl: 'http://localhost:54321',
  serviceRoleKey: 'service-role-key',
  seconds,
  exists: () => exists,
  log: jest.fn(),
});

describe('the local sweep', () => {
  let answer: (response: Response) => void;
  const fetchMock = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock.mockClear();
    jest.spyOn(global, 'fetch').mockImplementation(fetchMock);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('calls send-emails with the service-role key every period, never two calls at once', async () => {
    const stop = startSchedule(options(60));
    jest.advanceTimersByTime(59_000);
    expect(fetchMock).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1_000);
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:54321/functions/v1/send-emails', {
      method: 'POST',
      headers: { apikey: 'service-role-key', 'Content-Type': 'application/json' },
      body: '{}',
    });
    // Still running a minute later: no second call on top of it.
    jest.advanceTimersByTime(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response('{"sent":0,"failed":0}'));
    await jest.runOnlyPendingTimersAsync();
    jest.advanceTimersByTime(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
    jest.advanceTimersByTime(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does nothing with 0 seconds, or when there is no send-emails function', () => {
    startSchedule(options(0))();
    startSchedule(options(60, false))();
    jest.advanceTimersByTime(600_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
