// The local stand-in for the scheduled job of hosted Supabase (pg_cron + pg_net, supabase/migrations/
// 20261128090100_email_sweep.sql): every `seconds` the sweep calls send-emails through /functions/v1 with the
// service-role key, as the job does every minute, so e-mail a browser failed to trigger still goes out.
import { settledWithin, STOP_GRACE_MS } from './runtime';

const SCHEDULED = ['send-emails'];

/**
 * Starts the sweep; the function it returns stops it: no further call, and the one in flight is given STOP_GRACE_MS
 * to finish (its comment says why), then abandoned and awaited, so the service closes after it.
 */
export function startSchedule(options: {
  apiUrl: string;
  serviceRoleKey: string;
  seconds: number;
  /** Whether a function of that name exists (supabase/functions/<name>/index.ts). */
  exists: (name: string) => boolean;
  log: (line: string) => void;
}): () => Promise<void> {
  const names = SCHEDULED.filter(options.exists);
  if (options.seconds <= 0 || names.length === 0) return async () => undefined;
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  // What the last call of each function failed with: a function that cannot start is said once, not every
  // minute, and said again once it sends.
  const failing = new Map<string, string>();
  const outcome = (name: string, problem: string | null) => {
    if (problem === null) {
      if (failing.delete(name)) options.log(`scheduled ${name}: works again`);
    } else if (failing.get(name) !== problem) {
      failing.set(name, problem);
      options.log(`scheduled ${name}: ${problem}`);
    }
  };
  const tick = () => {
    for (const name of names) {
      // One call at a time per function: a slow run is not stacked on.
      if (running.has(name)) continue;
      const call = fetch(`${options.apiUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers: { apikey: options.serviceRoleKey, 'Content-Type': 'application/json' },
        body: '{}',
        signal: stopping.signal,
      })
        .then(async (response) => {
          await response.arrayBuffer();
          outcome(name, response.ok ? null : `HTTP ${response.status}`);
        })
        .catch((error: unknown) => {
          if (!stopping.signal.aborted) outcome(name, (error as Error).message);
        })
        .finally(() => running.delete(name));
      running.set(name, call);
    }
  };
  const timer = setInterval(tick, options.seconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await settledWithin([...running.values()], STOP_GRACE_MS);
    if (running.size === 0) return;
    stopping.abort();
    await Promise.all(running.values());
  };
}
