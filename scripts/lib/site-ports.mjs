// The ports `npm start` and `npm run dev` listen on. Each server takes the port its variable sets, else its
// default; a default another program holds (a developer's other `npm start` or `npm run dev`, another checkout)
// gives way to the next free port, and the run says so. So the two commands run side by side, in either order.
import { localApiDefaults } from './backend.mjs';
import { portOf } from './apps.mjs';
import { choosePorts } from './ports.mjs';

const isSet = (value) => value !== undefined && value !== '';

/**
 * Chooses the ports of `apps` and, with `localApi`, of the local API and its inbox. Resolves to a copy of `env`
 * with each chosen port in its variable, so everything derived from them (config.json, the remotes' CORS origin,
 * SITE_URL, the local API's own port) follows.
 */
export async function settlePorts({ root, apps, env = process.env, localApi, log = console.log }) {
  const servers = apps.map((app) => ({
    name: app.package,
    variable: app.env.port,
    port: portOf(app, env),
    explicit: isSet(env[app.env.port]),
  }));
  if (localApi) {
    const explicitApi = isSet(env.SUPABASE_PORT);
    const explicitInbox = isSet(env.INBUCKET_PORT);
    const defaults = explicitApi && explicitInbox ? null : localApiDefaults(root);
    servers.push({
      name: 'the local API',
      variable: 'SUPABASE_PORT',
      port: explicitApi ? Number(env.SUPABASE_PORT) : defaults.api,
      explicit: explicitApi,
    });
    if (explicitInbox || defaults.inbox !== null) {
      servers.push({
        name: 'the local inbox',
        variable: 'INBUCKET_PORT',
        port: explicitInbox ? Number(env.INBUCKET_PORT) : defaults.inbox,
        explicit: explicitInbox,
      });
    }
  }
  const ports = await choosePorts(servers, ({ name, port, variable }, next) =>
    log(
      `Port ${port} is in use (another npm start or npm run dev?): ${name} takes ${next} (${variable} sets it).`,
    ),
  );
  return { ...env, ...Object.fromEntries(servers.map((server, i) => [server.variable, String(ports[i])])) };
}
