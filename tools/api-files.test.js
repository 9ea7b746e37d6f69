// No api/ file exists twice (docs/architecture.md, "Reading and acting"): a call two slices need is written once,
// in shared-lib's main entry (shared-lib/src/api/), not copied into each slice, where the copies drift apart.
// Two api/ files are one too many when they share a name or their text.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const packages = ['shared-lib', 'shell', 'mfe-marketing', 'mfe-catalog-cart', 'mfe-account'];

/** Every file inside an api/ folder of the packages' sources (tests aside), relative to the repository. */
function apiFiles() {
  const found = [];
  const walk = (dir, inApi) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__') walk(full, inApi || entry.name === 'api');
      } else if (inApi && /\.tsx?$/.test(entry.name)) {
        found.push(path.relative(root, full));
      }
    }
  };
  for (const pkg of packages) walk(path.join(root, pkg, 'src'), false);
  return found;
}

/** The groups of files that share a key, two or more to a group. */
function repeated(files, keyOf) {
  const groups = new Map();
  for (const file of files) {
    const key = keyOf(file);
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

// What the file does, without its comments and spacing: a copy with other comments is still a copy.
const code = (file) =>
  fs
    .readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

const files = apiFiles();

it('finds the api/ files (so the checks below look at something)', () => {
  expect(files.length).toBeGreaterThan(20);
  expect(files).toContain(path.join('shared-lib', 'src', 'api', 'fetch-billing-details.ts'));
});

it('has no two api/ files of one name', () => {
  expect(repeated(files, (file) => path.basename(file))).toEqual([]);
});

it('has no two api/ files of one text', () => {
  expect(repeated(files, code)).toEqual([]);
});

it('tells a copy apart, by name or by text', () => {
  const a = 'mfe-account/src/features/x/api/fetch-thing.ts';
  const b = 'mfe-catalog-cart/src/features/y/api/fetch-thing.ts';
  expect(repeated([a, b, 'shell/src/api/other.ts'], (file) => path.basename(file))).toEqual([[a, b]]);
});
