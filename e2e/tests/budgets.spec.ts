// First-load budget of the home page (issue 8): all JavaScript transferred for a fresh visit to `/`, as the
// production server sends it (compressed), at most 180 KB.
import { test, expect } from '../fixtures';

const FIRST_LOAD_BUDGET_KB = 180;

test('first-load JS of / stays within 180 KB compressed', async ({ page }) => {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const totalKb = (await Promise.all(sizes)).reduce((a, b) => a + b, 0) / 1024;
  test.info().annotations.push({ type: 'first-load JS', description: `${totalKb.toFixed(1)} KB` });
  console.log(`first-load JS of /: ${totalKb.toFixed(1)} KB over ${sizes.length} files`);
  expect(totalKb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
});
