// docs/behaviours.md is the list of what the suites check (tools/behaviours.js): it must name every test as the
// test files have it, so a check that is dropped, renamed or moved shows in the list's diff.
const fs = require('node:fs');
const path = require('node:path');
const { LIST, behavioursList, featureOf, testFiles, titlesOf } = require('./behaviours');

it('is the list the test files make (run `node tools/behaviours.js --write` and read its diff)', () => {
  expect(fs.readFileSync(LIST, 'utf8')).toBe(behavioursList());
});

it('names only test files that exist, each under one feature', () => {
  const named = [...fs.readFileSync(LIST, 'utf8').matchAll(/^### `([^`]+)`$/gm)].map((match) => match[1]);
  expect(named.length).toBeGreaterThan(100);
  for (const file of named) expect(fs.existsSync(path.join(__dirname, '..', file))).toBe(true);
  expect(named.sort()).toEqual(testFiles());
  expect(() => featureOf('somewhere/else.test.ts')).toThrow('no feature in tools/behaviours.js takes it');
});

it('reads titles with their describe blocks, a template title as written, and no step as a test', () => {
  const source = `
    describe('the cart', () => {
      it.each([1, 2])('adds %s', () => {});
      describe(\`at \${width} px\`, () => {
        test('fits { the } screen', async () => {
          await test.step('a step', async () => {});
        });
      });
      /x/.test('not a test');
    });
    test('on its own', () => {});`;
  expect(titlesOf(source)).toEqual([
    'the cart › adds %s',
    'the cart › at ${width} px › fits { the } screen',
    'on its own',
  ]);
});
