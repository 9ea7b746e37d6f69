// The behaviours list (docs/behaviours.md): every test of every suite by its title, the file that holds it, grouped
// by feature for a reader. Written from the test files themselves, so it is the list of what is checked:
// `node tools/behaviours.js --write` rewrites it, and tools/behaviours.test.js fails while it is out of date, so a
// check that is removed or moved shows in the diff of the list (docs/testing.md, "Every behaviour, once").
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const repo = path.join(__dirname, '..');
const LIST = path.join(repo, 'docs', 'behaviours.md');

/** Feature headings, each with the test files it takes (the first that matches wins), in the list's order. */
const FEATURES = [
  [
    'Sign-up, sign-in, passwords and two-factor authentication',
    /(AuthPage|ResetPasswordPage|ChangeEmailForm|ChangePasswordForm|TwoFactor|features\/auth\/|\/session\/|local-supabase\/test\/(auth|mfa|recovery|reauthentication|user-update|two-factor|passwords|signing-keys|limits)|e2e\/tests\/(account-security|account)\.spec)/,
  ],
  [
    'The account: orders, meetings, billing details and invoices',
    /(mfe-account\/|shared-lib\/src\/billing\/|local-supabase\/test\/(billing|invoices|order-status|meeting-actions))/,
  ],
  [
    'Catalogue, cart, discounts, promotions and checkout',
    /(mfe-catalog-cart\/|shared-lib\/src\/(pricing|catalogue|company)\/|local-supabase\/test\/(discounts|checkout|company|promotions|recent-purchases)|e2e\/tests\/(catalog-cart|cart-saving|discounts|checkout-layout|purchase|order-moment|promotion)\.spec)/,
  ],
  [
    'Marketing pages, contact and project requests, the newsletter, booking a call',
    /(mfe-marketing\/|shared-lib\/src\/calendar\/|local-supabase\/test\/(booking|guest-booking-proof|newsletter-resend|call-confirmed)|e2e\/tests\/(marketing|booking|guest-booking)\.spec)/,
  ],
  ['The back office', /(mfe-backoffice\/|local-supabase\/test\/staff|e2e\/tests\/backoffice\.spec)/],
  ['E-mails and Edge Functions', /local-supabase\/test\/(email-|mail|functions|schedule|fresh-machine)/],
  [
    'Feedback, accessibility, keyboard and layout',
    /(shared-lib\/src\/(ui|forms|stores|errors|validation|storage)\/|e2e\/tests\/(a11y|feedback-a11y|keyboard|keyboard-walk|in-the-way|responsive|routes|visual|failure-states|storage-blocked)\.spec)/,
  ],
  [
    'Composition, routing, delivery, SEO and size',
    /(shell\/|shared-lib\/src\/|e2e\/tests\/(composition|delivery|prerender|seo|not-found|budgets|remote-down)\.spec|tools\/webpack\/)/,
  ],
  ['The local backend: its API, database, data folder and engines', /local-supabase\//],
  ['Scripts, servers, CI and the production rehearsal', /(tools\/|e2e\/rehearsal\/)/],
];

/** The repository's test files, as git lists them (tracked and new ones, not ignored). */
function testFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((file) => /\.(test|spec)\.(ts|tsx|js)$/.test(file) && fs.existsSync(path.join(repo, file)))
    .sort();
}

/** The string literal that starts at `at` (', " or `, as written) and the index after it, or undefined. */
function literalAt(text, at) {
  const quote = text[at];
  if (quote !== "'" && quote !== '"' && quote !== '`') return undefined;
  let i = at + 1;
  let value = '';
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\') {
      value += text[i + 1];
      i += 2;
    } else {
      value += text[i];
      i += 1;
    }
  }
  return { value: value.replace(/\s+/g, ' '), end: i + 1 };
}

/**
 * The titles of a file's tests, each with the titles of the describe blocks around it (by the blocks' braces),
 * in the file's order. Steps are parts of their test, not tests.
 */
function titlesOf(text) {
  const call = /(?<![.\w$])(describe|it|test)((?:\.(?:each|describe|serial|parallel))*)(\([^()]*\))?\(\s*/g;
  const blocks = [];
  const titles = [];
  let depth = 0;
  let last = 0;
  const advance = (to) => {
    for (let i = last; i < to; i++) {
      if (text[i] === '{') depth += 1;
      else if (text[i] === '}') {
        depth -= 1;
        while (blocks.length && blocks[blocks.length - 1].depth > depth) blocks.pop();
      }
    }
    last = Math.max(last, to);
  };
  for (let match = call.exec(text); match; match = call.exec(text)) {
    advance(match.index);
    const literal = literalAt(text, match.index + match[0].length);
    if (literal === undefined) continue;
    // The title's own braces (a template's `${...}`) are not blocks.
    last = literal.end;
    const title = literal.value;
    const isBlock = match[1] === 'describe' || match[2].includes('.describe');
    if (isBlock) blocks.push({ title, depth: depth + 1 });
    else titles.push([...blocks.map((block) => block.title), title].join(' › '));
  }
  return titles;
}

function featureOf(file) {
  const found = FEATURES.find(([, pattern]) => pattern.test(file));
  if (!found) throw new Error(`${file}: no feature in tools/behaviours.js takes it; add it to FEATURES`);
  return found[0];
}

/** The list as docs/behaviours.md holds it. */
function behavioursList(files = testFiles()) {
  const byFeature = new Map(FEATURES.map(([name]) => [name, []]));
  let count = 0;
  for (const file of files) {
    const titles = titlesOf(fs.readFileSync(path.join(repo, file), 'utf8'));
    count += titles.length;
    byFeature.get(featureOf(file)).push({ file, titles });
  }
  const lines = [
    '# Every behaviour the suites check',
    '',
    'Written by `node tools/behaviours.js --write` from the test files (do not edit by hand): each behaviour is a',
    "test's title (inside its describe blocks), under the file that checks it, grouped by feature. A test written",
    'once for several cases (`describe.each`, a loop over routes or widths) is listed once, as written.',
    '`tools/behaviours.test.js` fails while this list is out of date, so a check removed or moved shows in its diff;',
    'docs/testing.md ("Every behaviour, once") says where the moved ones went.',
    '',
    `${count} tests in ${files.length} files.`,
  ];
  for (const [feature, entries] of byFeature) {
    if (entries.length === 0) continue;
    lines.push('', `## ${feature}`);
    for (const { file, titles } of entries) {
      lines.push('', `### \`${file}\``, '');
      for (const title of titles) lines.push(`- ${title.replace(/([*_[\]<>])/g, '\\$1')}`);
      if (titles.length === 0) lines.push('- (its tests are written by the shared helper it calls)');
    }
  }
  return `${lines.join('\n')}\n`;
}

module.exports = { LIST, behavioursList, featureOf, testFiles, titlesOf };

if (require.main === module) {
  const list = behavioursList();
  if (process.argv.includes('--write')) {
    fs.writeFileSync(LIST, list);
    console.log(`wrote ${path.relative(repo, LIST)}`);
  } else {
    process.stdout.write(list);
  }
}
