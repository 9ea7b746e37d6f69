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
  const fetchMock = jest.fn(
    (_url: unknown, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
  );
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
      signal: expect.any(AbortSignal),
    });
    // Still running a minute later: no second call on top of it.
    jest.advanceTimersByTime(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response('{"sent":0,"failed":0}'));
    await jest.runOnlyPendingTimersAsync();
    jest.advanceTimersByTime(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    answer(new Response('{"sent":0,"failed":0}'));
    await stop();
    jest.advanceTimersByTime(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stops with a call in flight: abandons it, says nothing of it, and resolves once it has settled', async () => {
    const sweep = options(60);
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init!.signal!;
          signal.addEventListener('abort', () => reject(signal!.reason));
        }),
    );
    const stop = startSchedule(sweep);
    jest.advanceTimersByTime(60_000);
    expect(signal?.aborted).toBe(false);
    await stop();
    expect(signal?.aborted).toBe(true);
    expect(sweep.log).not.toHaveBeenCalled();
    jest.advanceTimersByTime(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does nothing with 0 seconds, or when there is no send-emails function', async () => {
    await startSchedule(options(0))();
    await startSchedule(options(60, false))();
    jest.advanceTimersByTime(600_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
