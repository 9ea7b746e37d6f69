// Runs one Edge Function under Deno as Supabase's Edge Runtime does: the function's index.ts (the first argument,
// a file: URL) calls Deno.serve, which is given here an address of the system's choosing on 127.0.0.1 instead of
// the default :8000, so any number of functions run side by side. The port is printed for local-supabase
// (src/functions/runtime.ts), which forwards /functions/v1/<name> to it.
type Handler = (request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;

const [entry] = Deno.args;
if (!entry) throw new Error('usage: serve-function.ts <file: URL of the function index.ts>');

const serve = Deno.serve;
Object.assign(Deno, {
  serve(first: Handler | { handler?: Handler }, second?: Handler) {
    const handler = typeof first === 'function' ? first : (second ?? first.handler);
    if (!handler) throw new Error('Deno.serve was called without a handler');
    return serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        onListen: ({ port }) => console.log(`local-supabase function listening on ${port}`),
      },
      handler,
    );
  },
});

await import(entry);
