// One swc configuration for webpack (swc-loader) and jest (@swc/jest), so code compiles the same way in both.
module.exports = function swcOptions({ development = false, jest = false } = {}) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic', development, refresh: false } },
    },
    module: jest ? { type: 'commonjs' } : { type: 'es6' },
    sourceMaps: true,
  };
};
