// shared-lib is one copy at runtime, the shell's, so a remote built against a newer copy than the shell serves
// would meet an undefined import. webpack refuses such a remote only when versions say so (`^<version>`,
// docs/architecture.md section 5): every new export must bump the minor version. This test holds that rule:
// public-api.json records the runtime exports each released version has, written once per version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as sharedLib from '../index';

const root = join(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const recorded = JSON.parse(readFileSync(join(root, 'public-api.json'), 'utf8')) as Record<string, string[]>;

const parse = (v: string) => v.split('.').map(Number) as [number, number, number];
const byVersion = Object.keys(recorded).sort((a, b) => {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
});

describe("shared-lib's public API and its version", () => {
  it('exports exactly what public-api.json records for the version in package.json', () => {
    // A difference here: a new export needs a new minor version (package.json, and the apps' dependency on it)
    // with its own entry in public-api.json; a removed one needs a new major.
    expect(Object.keys(sharedLib).sort()).toEqual(recorded[version]);
  });

  it('records the newest version last, so nothing is recorded ahead of the package', () => {
    expect(byVersion.at(-1)).toBe(version);
  });

  it('removes nothing within a major version, and adds exports only with a new minor', () => {
    const exportsOf = (v: string) => recorded[v] ?? [];
    byVersion.forEach((newer, i) => {
      const older = byVersion[i - 1];
      if (older === undefined) return;
      const [a, b] = [parse(older), parse(newer)];
      if (a[0] !== b[0]) return;
      const missing = exportsOf(older).filter((name) => !exportsOf(newer).includes(name));
      expect({ newer, missing }).toEqual({ newer, missing: [] });
      const added = exportsOf(newer).filter((name) => !exportsOf(older).includes(name));
      expect({ newer, addsWithoutMinor: added.length > 0 && a[1] === b[1] }).toEqual({
        newer,
        addsWithoutMinor: false,
      });
    });
  });
});
