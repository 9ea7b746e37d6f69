// axe-core on the page under test: serious and critical violations fail, each named with its rule, help and the
// nodes at fault. One check per route and colour scheme (e2e/tests/a11y.spec.ts); at a phone's width only the rules
// whose outcome depends on the width run again.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const DESKTOP = { width: 1280, height: 720 };
export const PHONE = { width: 375, height: 812 };
/** The rules whose outcome depends on the viewport's width. */
const phoneRules = ['scrollable-region-focusable', 'target-size'];

interface Scope {
  /** Only these rules (default: all of them). */
  rules?: string[];
  /** Only this part of the page (default: all of it). */
  include?: string;
}

export async function expectNoSeriousViolations(page: Page, what: string, { rules, include }: Scope = {}) {
  // Legacy mode runs axe.run in the page itself. The default runs axe.runPartial in each frame and then
  // axe.finishRun in a new blank tab with a second copy of axe: a tab and an injection more per check, for
  // cross-origin frames, which the site does not have.
  let builder = new AxeBuilder({ page }).setLegacyMode();
  if (rules) builder = builder.withRules(rules);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n` +
      v.nodes
        .map(
          (n) =>
            `    ${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`,
        )
        .join('\n'),
  );
  expect(
    serious.map((v) => v.id),
    `axe on ${what}:\n${report.join('\n')}`,
  ).toEqual([]);
}

/**
 * A page as shown at 1280 px, then at 375 px for the width-dependent rules (wide content may scroll within its
 * box on a phone and controls shrink); the page is left at 1280 px.
 */
export async function expectNoSeriousViolationsAtBothWidths(page: Page, what: string, scope: Scope = {}) {
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousViolations(page, what, scope);
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoSeriousViolations(page, `${what} at 375 px`, { ...scope, rules: phoneRules });
  await page.setViewportSize(DESKTOP);
}

/** The dark palette's page background (#0c111f). */
const DARK_BACKGROUND = 'rgb(12, 17, 31)';

/** Switches the page to `prefers-color-scheme: dark` and waits until it shows the dark palette. */
export async function showDarkTheme(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe(DARK_BACKGROUND);
}
