// The README's "Deploying" lists the auth settings hosted Supabase takes only from `supabase config push` or the
// dashboard. The list must be config.toml's: every auth key of the file, with the value the file has, and the
// `[remotes.production]` block a deployer pushes (and the production rehearsal runs with) changes only listed
// settings.
const fs = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

const repo = path.join(__dirname, '..', '..');
// The TOML parser local-supabase reads config.toml with.
const { parse } = createRequire(path.join(repo, 'local-supabase', 'package.json'))('smol-toml');

const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
const config = parse(fs.readFileSync(path.join(repo, 'supabase', 'config.toml'), 'utf8'));
const AUTH_SECTIONS = ['auth', 'auth.email', 'auth.mfa', 'auth.mfa.totp', 'auth.rate_limit'];

const isTable = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const tableAt = (doc, section) => section.split('.').reduce((table, key) => table?.[key], doc);
/** The settings (not sub-tables) of one section, as `[section] key`. */
const settingsOf = (doc, section) =>
  Object.entries(tableAt(doc, section) ?? {})
    .filter(([, value]) => !isTable(value))
    .map(([key]) => `[${section}] ${key}`);

/**
 * The settings table of step 2: in its config.toml column, `[section] key = value` (later items of a cell may
 * leave the section out) or a whole `[section]`.
 */
function listedSettings() {
  const step = readme.slice(readme.indexOf('### 2. The Supabase project: its auth settings'));
  const table = step.slice(step.indexOf('\n| setting |') + 1).split('\n\n')[0];
  const values = new Map();
  const sections = new Set();
  for (const row of table.split('\n').slice(2)) {
    let section = null;
    for (const [, item] of row.split(' | ')[1].matchAll(/`([^`]+)`/g)) {
      const match = /^(?:\[([\w.]+)\] ?)?(?:(\w+) = (.+))?$/.exec(item);
      if (!match) throw new Error(`not a config.toml setting in the README's table: ${item}`);
      section = match[1] ?? section;
      if (match[2]) values.set(`[${section}] ${match[2]}`, parse(`value = ${match[3]}`).value);
      else sections.add(section);
    }
  }
  return { values, sections };
}

test('the auth settings table names every auth setting of config.toml, with the value the file has', () => {
  const { values, sections } = listedSettings();
  expect(values.size).toBeGreaterThan(10);
  for (const [setting, value] of values) {
    const [, section, key] = /^\[(.+)\] (\w+)$/.exec(setting);
    expect([setting, tableAt(config, section)?.[key]]).toEqual([setting, value]);
  }
  for (const section of sections) expect(settingsOf(config, section).length).toBeGreaterThan(0);
  const unlisted = AUTH_SECTIONS.filter((section) => !sections.has(section))
    .flatMap((section) => settingsOf(config, section))
    .filter((setting) => !values.has(setting));
  expect(unlisted).toEqual([]);
});

test('the [remotes.production] block changes only settings the table lists', () => {
  const block = /```toml\n(\[remotes\.production\]\n[\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeDefined();
  const production = parse(block).remotes.production;
  expect(Object.keys(production)).toEqual(['project_id', 'auth']);
  const { values } = listedSettings();
  // The custom SMTP server has no local counterpart: local mail goes to the inbox.
  const changed = AUTH_SECTIONS.flatMap((section) => settingsOf(production, section));
  expect(changed.filter((setting) => !values.has(setting))).toEqual([]);
  // What it changes is what differs from local development.
  for (const setting of changed) {
    const [, section, key] = /^\[(.+)\] (\w+)$/.exec(setting);
    expect([setting, tableAt(production, section)[key]]).not.toEqual([setting, values.get(setting)]);
  }
  expect(changed.sort()).toEqual([
    '[auth.email] double_confirm_changes',
    '[auth.email] enable_confirmations',
    '[auth.rate_limit] email_sent',
    '[auth] additional_redirect_urls',
    '[auth] site_url',
  ]);
});
