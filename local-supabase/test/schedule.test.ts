// The local stand-in for hosted's cron job (src/functions/schedule.ts): every `seconds` it calls send-emails through
// /functions/v1 with the service-role key, one call at a time, and not at all when told 0 or without the function;
// a stop lets the call in flight finish within the grace.
import { STOP_GRACE_MS } from '../src/functions/runtime';
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

  /** A sweep whose first call waits until answered or aborted; `signal` is that call's. */
  function heldCall() {
    const held: { signal?: AbortSignal } = {};
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          held.signal = init!.signal!;
          answer = resolve;
          held.signal.addEventListener('abort', () => reject(held.signal!.reason));
        }),
    );
    return held;
  }

  it('stops with a call in flight: lets it finish within the grace, so what it claimed is sent', async () => {
    const sweep = options(60);
    const held = heldCall();
    const stop = startSchedule(sweep);
    jest.advanceTimersByTime(60_000);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(STOP_GRACE_MS - 1);
    expect(stopped).toBe(false);
    answer(new Response('{"sent":1,"failed":0}'));
    await stopping;
    expect(held.signal?.aborted).toBe(false);
    expect(sweep.log).not.toHaveBeenCalled();
    jest.advanceTimersByTime(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops with a call still running after the grace: abandons it, says nothing of it, and resolves once it has settled', async () => {
    const sweep = options(60);
    const held = heldCall();
    const stop = startSchedule(sweep);
    jest.advanceTimersByTime(60_000);
    const stopping = stop();
    await jest.advanceTimersByTimeAsync(STOP_GRACE_MS);
    await stopping;
    expect(held.signal?.aborted).toBe(true);
    expect(sweep.log).not.toHaveBeenCalled();
    jest.advanceTimersByTime(600_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says a failing function once, not every minute, and again once it works', async () => {
    const sweep = options(60);
    const stop = startSchedule(sweep);
    const minute = async (response: Response) => {
      await jest.advanceTimersByTimeAsync(60_000);
      answer(response);
      await jest.advanceTimersByTimeAsync(0);
    };
    const bootError = () =>
      new Response('{"code":"BOOT_ERROR","message":"Function failed to start (please check logs)"}', {
        status: 503,
      });
    for (let i = 0; i < 5; i++) await minute(bootError());
    expect(sweep.log.mock.calls).toEqual([['scheduled send-emails: HTTP 503']]);
    await minute(new Response('{"sent":3,"failed":0}'));
    await minute(new Response('{"sent":0,"failed":0}'));
    await minute(bootError());
    expect(sweep.log.mock.calls).toEqual([
      ['scheduled send-emails: HTTP 503'],
      ['scheduled send-emails: works again'],
      ['scheduled send-emails: HTTP 503'],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(8);
    await stop();
  });

  it('does nothing with 0 seconds, or when there is no send-emails function', async () => {
    await startSchedule(options(0))();
    await startSchedule(options(60, false))();
    jest.advanceTimersByTime(600_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
