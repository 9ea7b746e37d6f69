import { chromium } from '@playwright/test';
const [url, out, w = '1280', action] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: 900 } });
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('console', m.text().slice(0, 200)));
await page.addInitScript(() => localStorage.setItem('newsletter_popup_seen', 'true'));
await page.goto(url);
await page.waitForTimeout(1500);
if (action === 'cart') {
  for (const b of (await page.getByRole('button', { name: /^Add .* to cart$/ }).all()).slice(0, 7)) await b.click();
  await page.getByRole('button', { name: /^Cart,/ }).click();
  await page.waitForTimeout(500);
}
await page.screenshot({ path: out, fullPage: action === 'full' });
console.log('h1', await page.locator('h1').allTextContents());
await browser.close();
