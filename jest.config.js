// One jest config for the whole repo; each package is a project so teams can run their own slice
// (`npm test -w mfe-account` runs `jest --config ../jest.config.js --selectProjects mfe-account`: from a package
// folder jest would otherwise take that package.json as its config and find no tests).
const swcOptions = require('./tools/swc');
const { readApps } = require('./tools/webpack/apps');

const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions({ jest: true })] };
const moduleNameMapper = {
  '\\.(svg|png|jpg|webp)(\\?inline)?$': '<rootDir>/tools/jest/file-stub.js',
};

const browserProject = (name) => ({
  displayName: name,
  testEnvironment: '<rootDir>/tools/jest/jsdom-environment.js',
  roots: [`<rootDir>/${name}/src`],
  testMatch: ['**/*.test.ts?(x)'],
  transform,
  moduleNameMapper,
  setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-dom.ts'],
});

module.exports = {
  // At least two workers, even on two cores (jest's default there is one): the backend suites spend most of their
  // time waiting on their database and HTTP, so a second worker nearly halves the run.
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
  projects: [
    browserProject('shared-lib'),
    // The shell and every remote, as their descriptors list them: a new remote's tests run without a line here.
    ...readApps().map((app) => browserProject(app.package)),
    {
      displayName: 'tools',
      testEnvironment: 'node',
      roots: ['<rootDir>/tools'],
      testMatch: ['**/*.test.js'],
      transform,
    },
    {
      displayName: 'local-supabase',
      testEnvironment: 'node',
      roots: ['<rootDir>/local-supabase'],
      testMatch: ['**/*.test.ts'],
      transform,
      globalSetup: '<rootDir>/local-supabase/test/global-setup.js',
      globalTeardown: '<rootDir>/local-supabase/test/global-teardown.js',
    },
  ],
};
