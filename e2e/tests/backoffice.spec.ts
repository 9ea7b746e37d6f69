// The back office (/admin) is for staff alone: a visitor gets the site's 404 page, and neither the public pages
// nor that 404 download a byte of the back-office remote (issue #42). Staff's way in is tested in jest
// (shell/src/__tests__/staff-route.test.tsx); the database's refusals through the API.
import type { Request } from '@playwright/test';
import { test, expect } from '../fixtures';
import { remoteOrigin } from '../support/site';

test('a visitor downloads nothing of the back office, and /admin is the 404 page', async ({ page }) => {
  const backoffice = remoteOrigin('backoffice');
  const fromBackoffice: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(backoffice)) fromBackoffice.push(request);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Every widget the shell loads once the page is idle has been asked for.
  // eslint-disable-next-line playwright/no-networkidle
  await page.waitForLoadState('networkidle');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Back office' })).toHaveCount(0);
  // eslint-disable-next-line playwright/no-networkidle
  await page.waitForLoadState('networkidle');
  expect(fromBackoffice.map((request) => request.url())).toEqual([]);
});
