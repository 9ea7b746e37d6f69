// For the forms' component tests: a Supabase REST API that records every insert, or fails when told to.
import { createTestSupabase, json, resetStores } from 'shared-lib/testing';

export interface RecordedBackend {
  /** The inserts so far: the table and the body sent. */
  inserted: { table: string; body: unknown }[];
  /** When set, every request gets this answer instead. */
  failWith: { status: number; body: object } | null;
}

/** Installs the recording backend before each test of the calling file and resets the stores after each. */
export function recordInserts(): RecordedBackend {
  const backend: RecordedBackend = { inserted: [], failWith: null };
  beforeEach(() => {
    backend.inserted = [];
    backend.failWith = null;
    createTestSupabase(async (url, init) => {
      if (backend.failWith) return json(backend.failWith.body, backend.failWith.status);
      backend.inserted.push({
        table: url.pathname.replace('/rest/v1/', ''),
        body: JSON.parse(String(init.body)),
      });
      return new Response(null, { status: 201 });
    });
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(resetStores);
  return backend;
}
