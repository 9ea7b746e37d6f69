// Independent delivery (issue 7): a team redeploys its remote and the live shell picks it up from config.json
// without a rebuild; a remote built against a newer shared-lib than the shell's is refused, not crashed on.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '../fixtures';
import { buildRemoteVariant } from '../support/build-variant';
import { mainBackend, repoRoot, startSite, type SiteServers } from '../support/servers';

const AUTH_TEXT = 'Sign in to access your cart and checkout';
/** The next minor of the shell's shared-lib: an export the shell's copy lacks. */
const NEWER_SHARED_LIB = (() => {
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared-lib', 'package.json'), 'utf8'));
  const [major, minor] = (version as string).split('.').map(Number);
  return `${major}.${minor! + 1}.0`;
})();

/** A digest of every file under `dir` (its prerendered pages included), to show the shell is untouched. */
function digestOf(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const full = path.join(dir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

let site: SiteServers;

test.beforeAll(async () => {
  site = await startSite(await mainBackend());
});

test.afterAll(async () => {
  await site.close();
});

test('a redeployed remote is live on the next visit through config.json alone', async ({ page }) => {
  test.setTimeout(180_000);
  const shellDigest = digestOf(path.join(repoRoot, 'shell', 'dist'));
  await page.goto(`${site.shellUrl}/auth`);
  await expect(page.getByText(AUTH_TEXT, { exact: true })).toBeVisible();

  // The account team ships v2 with a visible change, to a new location.
  const dist = buildRemoteVariant({
    remote: 'mfe-account',
    name: 'account-v2',
    replace: [[AUTH_TEXT, `${AUTH_TEXT} today`]],
  });
  site.setRemoteUrl('account', await site.deploy(dist));

  await page.goto(`${site.shellUrl}/auth`);
  await expect(page.getByText(`${AUTH_TEXT} today`)).toBeVisible();
  expect(digestOf(path.join(repoRoot, 'shell', 'dist'))).toBe(shellDigest);

  // Rolling back is the same one-line change.
  site.setRemoteUrl('account', site.remoteUrl('account'));
  await page.goto(`${site.shellUrl}/auth`);
  await expect(page.getByText(AUTH_TEXT, { exact: true })).toBeVisible();
});

test('a remote built against a newer shared-lib than the shell’s is refused with the panel; the rest works', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dist = buildRemoteVariant({
    remote: 'mfe-account',
    name: 'account-shared-lib-newer',
    sharedLibVersion: NEWER_SHARED_LIB,
  });
  site.setRemoteUrl('account', await site.deploy(dist));
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));

  await page.goto(`${site.shellUrl}/auth`);
  await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  // Refused for the version, not for some other failure.
  expect(messages.some((m) => m.includes('shared-lib') && m.includes(`^${NEWER_SHARED_LIB}`))).toBe(true);
  await page.getByRole('banner').getByRole('link', { name: 'Our Services' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  site.setRemoteUrl('account', site.remoteUrl('account'));
});
