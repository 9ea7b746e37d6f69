// The backend a public build is served with by the tools that only load public pages (prerender, bench:web),
// where no database runs. A signed-out visitor's public pages read one thing on every page: the running
// promotion (the banner). Here none runs: `GET /rest/v1/promotions` answers an empty list, as the data API does
// when no promotion is running. Without an answer the browser logs "Failed to load resource:
// net::ERR_CONNECTION_REFUSED" for it on every page, which Lighthouse's best practices counts as a console error
// (docs/performance.md). Anything else is a 503 with the data API's error shape: still an error in the console,
// so a new backend request on a public page shows in bench:web's best-practices audits instead of passing
// unseen.
import http from 'node:http';

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'apikey, authorization, content-type, accept-profile, content-profile, x-client-info',
  'Access-Control-Max-Age': '600',
};

function standInBackend(request, response) {
  const { pathname } = new URL(request.url, 'http://stand-in');
  const send = (status, body) => {
    response.writeHead(status, {
      'Access-Control-Allow-Origin': '*',
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'OPTIONS') {
    response.writeHead(204, PREFLIGHT_HEADERS);
    response.end();
  } else if (request.method === 'GET' && pathname === '/rest/v1/promotions') {
    send(200, []);
  } else {
    send(503, { message: 'No backend runs for this build (scripts/lib/stand-in-backend.mjs).' });
  }
}

/** Listens on a free port of loopback; resolves to the server and its URL. */
export async function serveStandInBackend() {
  const server = http.createServer(standInBackend);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, 'localhost', resolve);
  });
  return { server, url: `http://localhost:${server.address().port}` };
}
