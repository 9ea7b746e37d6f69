// The lint rules that keep a slice's shape (eslint.config.mjs): a feature imports no other feature's files, what
// features share imports no feature, a form is shared-lib's <Form> driven by useFormSubmit, and Supabase is
// called from api/ files only. Shown on small
// sources linted as if they were files of the slices, with the repository's own config.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

jest.setTimeout(60_000);

const root = path.join(__dirname, '..');

// ESLint loads its config with a dynamic import, which jest's module system does not run: lint in a child Node.
const LINT = `
  import { ESLint } from 'eslint';
  const eslint = new ESLint();
  const results = [];
  for (const { file, code } of JSON.parse(process.argv[1])) {
    const [result] = await eslint.lintText(code, { filePath: file });
    results.push(result.messages.map((message) => message.ruleId));
  }
  console.log(JSON.stringify(results));
`;

/** The rules each source breaks (of those this file is about). */
function brokenRules(sources) {
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', LINT, JSON.stringify(sources)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  const watched = new Set([
    'import-x/no-restricted-paths',
    'no-restricted-syntax',
    '@typescript-eslint/no-restricted-imports',
  ]);
  return JSON.parse(output).map((rules) => rules.filter((rule) => watched.has(rule)));
}

const FORM = `import { Form, useFormSubmit } from 'shared-lib';
export function Subscribe() {
  const form = useFormSubmit({ send: async () => undefined });
  return <Form form={form} />;
}
`;

const featureImports = [
  {
    file: 'mfe-account/src/features/account/components/Probe.tsx',
    code: "export { CodeField } from '../../auth/components/CodeField';\n",
  },
  {
    file: 'mfe-account/src/components/Probe.tsx',
    code: "export { CodeField } from '../features/auth/components/CodeField';\n",
  },
  {
    file: 'mfe-marketing/src/features/contact/components/Probe.tsx',
    code: "export { fetchAvailableSlots } from '../../booking/api/fetch-available-slots';\n",
  },
  // What features share, and their own files, are fine.
  {
    file: 'mfe-account/src/features/account/components/Probe.tsx',
    code: "export { LoadFailed } from '../../../components/panel-states';\nexport { List } from './card-parts';\n",
  },
  // Pages compose features.
  {
    file: 'mfe-account/src/pages/Probe.tsx',
    code: "export { CodeField } from '../features/auth/components/CodeField';\n",
  },
];

const formFile = 'mfe-marketing/src/features/contact/components/Probe.tsx';
const forms = [
  { file: formFile, code: 'export const Probe = () => <form onSubmit={() => undefined} />;\n' },
  { file: formFile, code: "import styled from 'styled-components';\nexport const Probe = styled.form``;\n" },
  {
    file: formFile,
    code: "import styled from 'styled-components';\nexport const Probe = styled('form')``;\n",
  },
  {
    file: formFile,
    code: 'import { Card } from \'shared-lib\';\nexport const Probe = () => <Card as="form" />;\n',
  },
  { file: 'mfe-catalog-cart/src/pages/Probe.tsx', code: FORM },
  { file: formFile, code: FORM },
];

const CALL = "export const read = () => callSupabase((supabase) => supabase.rpc('available_slots'));\n";
const supabaseCalls = [
  {
    file: 'mfe-marketing/src/features/booking/components/Probe.tsx',
    code: `import { getSupabase } from 'shared-lib';\nexport const probe = () => getSupabase();\n`,
  },
  { file: 'mfe-account/src/pages/Probe.tsx', code: `import { callSupabase } from 'shared-lib';\n${CALL}` },
  {
    file: 'mfe-catalog-cart/src/features/cart/hooks/probe.ts',
    code: `import { callSupabase } from 'shared-lib';\n${CALL}`,
  },
  // shared-lib's own modules, by a relative path.
  {
    file: 'shared-lib/src/ui/probe.ts',
    code: `import { callSupabase } from '../supabase/call-supabase';\n${CALL}`,
  },
  // An api/ file, in a slice or in shared-lib, is where the calls are.
  {
    file: 'mfe-marketing/src/features/booking/api/probe.ts',
    code: `import { callSupabase } from 'shared-lib';\n${CALL}`,
  },
  {
    file: 'shared-lib/src/api/probe.ts',
    code: `import { callSupabase } from '../supabase/call-supabase';\n${CALL}`,
  },
];

// One ESLint start for every test (it takes seconds).
let broken;
beforeAll(() => {
  broken = brokenRules([...featureImports, ...forms, ...supabaseCalls]);
});

it('refuses a feature importing another feature, and shared slice code importing a feature', () => {
  expect(broken.slice(0, featureImports.length)).toEqual([
    ['import-x/no-restricted-paths'],
    ['import-x/no-restricted-paths'],
    ['import-x/no-restricted-paths'],
    [],
    [],
  ]);
});

it('refuses a form of its own in a slice, however it is written, and takes shared-lib’s <Form>', () => {
  expect(broken.slice(featureImports.length, featureImports.length + forms.length)).toEqual([
    ['no-restricted-syntax'],
    ['no-restricted-syntax'],
    ['no-restricted-syntax'],
    ['no-restricted-syntax'],
    [],
    [],
  ]);
});

it('refuses getSupabase and callSupabase outside api/ files, and takes them in one', () => {
  const refused = ['@typescript-eslint/no-restricted-imports'];
  expect(broken.slice(featureImports.length + forms.length)).toEqual([
    refused,
    refused,
    refused,
    refused,
    [],
    [],
  ]);
});
