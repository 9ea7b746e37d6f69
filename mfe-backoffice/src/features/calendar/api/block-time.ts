import { callSupabase } from 'shared-lib';

/** No call can be booked from `startsAt` to `endsAt` (ISO instants; staff_block_time); resolves with its id. */
export const blockTime = async ({
  startsAt,
  endsAt,
  reason,
}: {
  startsAt: string;
  endsAt: string;
  reason: string;
}): Promise<string> =>
  await callSupabase((supabase) =>
    supabase.rpc('staff_block_time', { starts_at: startsAt, ends_at: endsAt, reason: reason || undefined }),
  );
