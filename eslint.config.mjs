// One flat ESLint config for every package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import jestDom from 'eslint-plugin-jest-dom';
import playwright from 'eslint-plugin-playwright';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

// The shell and the remotes, as their descriptors (federation.json) list them.
const { readApps } = createRequire(import.meta.url)('./tools/webpack/apps.js');
const slices = readApps().map((app) => app.package);
// react-router-dom is the shared singleton; react-router itself is not shared, so a direct import would bring a
// second router with its own context (tools/webpack/shared-singletons.js).
const routerImport = { name: 'react-router', message: 'Import from react-router-dom, the shared singleton.' };
// The jest tests that render React in jsdom (local-supabase's tests run in Node and render nothing).
const browserTests = ['shared-lib', ...slices].map((pkg) => `${pkg}/src/**/*.test.{ts,tsx}`);
// Folders that are applications, not libraries: shared-lib may import none of them.
const apps = [...slices, 'local-supabase', 'e2e'];
const storageGlobals = ['localStorage', 'sessionStorage'].map((name) => ({
  name,
  message: `Use shared-lib's safe${name[0].toUpperCase()}${name.slice(1)}: a browser may refuse storage.`,
}));

// Inside a slice (the slice template in its README): a feature imports no other feature, and what two features
// share (the slice's components/, hooks/, utils/) imports no feature; pages and exposes compose the features.
const featureZones = slices.flatMap((slice) => {
  const src = `${slice}/src`;
  const dir = path.join(import.meta.dirname, src, 'features');
  if (!fs.existsSync(dir)) return [];
  const features = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [
    ...features.map(({ name }) => ({
      target: `${src}/features/${name}`,
      from: `${src}/features`,
      except: [`./${name}`],
      message:
        "A feature imports no other feature's files: move what two features share to the slice's components/ or hooks/, or to shared-lib.",
    })),
    {
      target: ['components', 'hooks', 'utils'].map((folder) => `${src}/${folder}`),
      from: ['features', 'pages', 'exposes'].map((folder) => `${src}/${folder}`),
      message: "A slice's shared components/, hooks/ and utils/ import no feature or page.",
    },
    {
      target: `${src}/features`,
      from: ['pages', 'exposes'].map((folder) => `${src}/${folder}`),
      message: 'A feature imports no page: pages compose the features.',
    },
  ];
});

// Supabase is called from api/ files only (docs/architecture.md, "Reading and acting"): a component reads
// through useLoad and writes through useAction or useFormSubmit, calling an api/ function, so the calls, their
// error contract and their tests stay in one kind of file. shared-lib's own plumbing (the client, the session's
// sync, the e-mail sender) is the exception. Its own rule name, so the boundaries' no-restricted-imports above
// and below keep theirs.
const SUPABASE_MESSAGE =
  'Call Supabase only from an api/ file; components use useLoad, useAction or useFormSubmit.';
const supabaseCalls = ['getSupabase', 'callSupabase'];
const supabaseOutsideApi = {
  files: [...slices, 'shared-lib'].map((app) => `${app}/src/**/*.{ts,tsx}`),
  ignores: [
    '**/api/**',
    '**/__tests__/**',
    'shared-lib/src/supabase/**',
    'shared-lib/src/session/**',
    'shared-lib/src/email/**',
    'shared-lib/src/testing/**',
    'shared-lib/src/index.ts',
  ],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'shared-lib', importNames: supabaseCalls, message: SUPABASE_MESSAGE }],
        patterns: [
          {
            group: ['**/supabase/client', '**/supabase/call-supabase'],
            importNames: supabaseCalls,
            message: SUPABASE_MESSAGE,
          },
        ],
      },
    ],
  },
};

// Every form of a slice is shared-lib's <Form>, driven by useFormSubmit (validation, the call, the words for a
// failure, focus, the live announcement in one place); a <form> of its own would bypass all of it.
const FORM_MESSAGE =
  "Write a form as shared-lib's <Form form={useFormSubmit(...)}>, not a <form> of its own.";
const ownForm = [
  { selector: "JSXOpeningElement[name.name='form']", message: FORM_MESSAGE },
  { selector: "MemberExpression[object.name='styled'][property.name='form']", message: FORM_MESSAGE },
  { selector: "CallExpression[callee.name='styled'] > Literal[value='form']", message: FORM_MESSAGE },
  { selector: "JSXAttribute[name.name='as'] > Literal[value='form']", message: FORM_MESSAGE },
  {
    selector: "CallExpression[callee.property.name='createElement'] > Literal[value='form']",
    message: FORM_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/.data/**',
      '**/coverage/**',
      'e2e/test-results/**',
      // Remote builds the delivery tests make (e2e/support/build-variant.ts).
      'e2e/.tmp/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useLoad's deps are checked like useEffect's.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLoad$' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.test.js'], languageOptions: { globals: { ...globals.jest } } },
  // Supabase Edge Functions, and local-supabase's bootstrap for them, run under Deno.
  {
    files: ['supabase/functions/**/*.ts', 'local-supabase/deno/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  { ...jsxA11y.flatConfigs.recommended, files: ['**/*.tsx'] },
  { ...testingLibrary.configs['flat/react'], files: browserTests },
  { ...jestDom.configs['flat/recommended'], files: browserTests },
  {
    ...playwright.configs['flat/recommended'],
    files: ['e2e/**/*.ts'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // Helpers named expect… assert (expectNoSeriousViolations, expectEverySizeFits).
      'playwright/expect-expect': ['warn', { assertFunctionPatterns: ['^expect'] }],
    },
  },
  // Rules that follow an import to the file it resolves to. The resolver follows the workspace links and
  // shared-lib's `exports` to the TypeScript sources, so a package name counts as much as a relative path.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript files too when following imports (by default only JavaScript is followed).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    rules: {
      // No import cycles. One needs our own files on both ends; not walking node_modules keeps the rule fast.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The boundaries, checked on the resolved file, so a relative path of any depth is caught too; the
      // name-based rules below also catch a name that does not resolve.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            // Except an app's descriptor (federation.json: data, no code), which shared-lib's contract types
            // are derived from.
            {
              target: 'shared-lib',
              from: apps,
              except: ['./federation.json'],
              message: 'shared-lib is a library: it imports no app.',
            },
            // Remotes import no shell source, and no slice imports another (docs/architecture.md, section 1).
            ...slices.map((slice) => ({
              target: slice,
              from: slices.filter((other) => other !== slice),
              message: 'A slice imports only shared-lib and its own files.',
            })),
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['shared-lib/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [routerImport],
          patterns: apps.flatMap((app) => [`/${app}`, `**/${app}/*`, `!**/${app}/federation.json`]),
        },
      ],
    },
  },
  // Slices never import each other: only shared-lib and their own files (docs/architecture.md, section 1).
  ...slices.map((slice) => ({
    files: [`${slice}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [routerImport],
          patterns: slices
            .filter((other) => other !== slice)
            .flatMap((other) => [`${other}`, `${other}/*`, `../../${other}/*`, `**/${other}/src/*`]),
        },
      ],
    },
  })),
  supabaseOutsideApi,
  // The slices' forms (tests may stand in for a remote's form with a plain one).
  {
    files: slices.map((slice) => `${slice}/src/**/*.{ts,tsx}`),
    ignores: ['**/__tests__/**'],
    rules: { 'no-restricted-syntax': ['error', ...ownForm] },
  },
  // Web storage only through shared-lib's guarded helpers: a browser that refuses it throws on the mere read of
  // `localStorage` (docs/architecture.md).
  {
    files: [...slices, 'shared-lib'].map((app) => `${app}/src/**/*.{ts,tsx}`),
    ignores: ['**/__tests__/**', 'shared-lib/src/storage/browser-storage.ts', 'shared-lib/src/testing/**'],
    rules: {
      'no-restricted-globals': ['error', ...storageGlobals],
      'no-restricted-properties': [
        'error',
        ...storageGlobals.map(({ name, message }) => ({ object: 'window', property: name, message })),
      ],
    },
  },
  prettier,
);
