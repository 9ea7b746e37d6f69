// Overloaded functions on /rpc, as PostgREST's findProc picks among them (Plan.hs): the call's argument names
// must be one overload's required parameters plus any of its optional ones; none is PGRST202, several PGRST203.
// A project of its own holding only these functions, so each engine starts from a bare database.
import { KINDS, withBareProject, type Backend } from './harness';

jest.setTimeout(60_000);

const FUNCTIONS = `
create function public.pick(a integer) returns text language sql immutable as $$ select 'integer ' || a $$;
create function public.pick(a text) returns text language sql immutable as $$ select 'text ' || a $$;
create function public.pick(b integer, c integer default 10) returns text language sql immutable
  as $$ select 'sum ' || (b + c) $$;
create function public.pick() returns text language sql immutable as $$ select 'none' $$;
create function public.tally(n integer) returns setof integer language sql immutable
  as $$ select generate_series(1, n) $$;
create function public.tally(n integer, step integer) returns setof integer language sql immutable
  as $$ select generate_series(1, n, step) $$;
`;

describe.each(KINDS)('overloaded functions on %s', (kind) => {
  let backend: Backend;
  withBareProject(kind, 'overloads', FUNCTIONS, (started) => (backend = started));

  it('calls the overload whose parameters the arguments name, by POST and by GET', async () => {
    const client = backend.anon();
    expect(await client.rpc('pick')).toMatchObject({ data: 'none', status: 200 });
    expect(await client.rpc('pick', { b: 1 })).toMatchObject({ data: 'sum 11', status: 200 });
    expect(await client.rpc('pick', { b: 1, c: 2 })).toMatchObject({ data: 'sum 3', status: 200 });
    expect(await client.rpc('pick', { b: 1, c: 2 }, { get: true })).toMatchObject({ data: 'sum 3' });
    expect(await client.rpc('tally', { n: 3 })).toMatchObject({ data: [1, 2, 3] });
    expect(await client.rpc('tally', { n: 5, step: 2 }, { get: true })).toMatchObject({ data: [1, 3, 5] });
  });

  it('answers PGRST203 (300) when several overloads take the same arguments', async () => {
    const ambiguous = await backend.anon().rpc('pick', { a: 1 });
    expect(ambiguous).toMatchObject({ data: null, status: 300 });
    expect(ambiguous.error).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    const byGet = await backend.anon().rpc('pick', { a: 'x' }, { get: true });
    expect(byGet).toMatchObject({ status: 300, error: { code: 'PGRST203' } });
  });

  it('answers PGRST202 (404) when no overload takes them: a missing required or an unknown argument', async () => {
    for (const args of [{ c: 1 }, { b: 1, z: 2 }, { step: 2 }]) {
      const { error, status } = await backend.anon().rpc(args.step ? 'tally' : 'pick', args);
      expect({ status, code: error?.code }).toEqual({ status: 404, code: 'PGRST202' });
    }
  });
});
