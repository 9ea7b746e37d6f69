// Refuses to build an app that imports from react-router-dom something the shared copy does not provide
// (react-router-dom.js beside this file). Without this check such an import compiles, since a shared module's
// exports are unknown at build time, and fails only in the browser (`useMatch is not a function`).
const fs = require('node:fs');
const path = require('node:path');

const FACADE = path.join(__dirname, 'react-router-dom.js');

/** The names react-router-dom.js exports. */
function providedExports() {
  const source = fs.readFileSync(FACADE, 'utf8');
  const list = /export\s*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

class RouterContractPlugin {
  apply(compiler) {
    const { WebpackError } = compiler.webpack;
    compiler.hooks.compilation.tap('RouterContractPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('RouterContractPlugin', (modules) => {
        const provided = providedExports();
        for (const module of modules) {
          if (module.resource === FACADE) continue;
          for (const dependency of module.dependencies) {
            if (dependency.request !== 'react-router-dom') continue;
            const ids = dependency.ids ?? [];
            // `import * as`, a namespace re-export and the like cannot be checked name by name: refused too.
            const name = ids.length ? ids[0] : dependency.constructor.name.includes('Specifier') ? '*' : null;
            if (name === null || provided.has(name)) continue;
            const error = new WebpackError(
              `react-router-dom: '${name}' is not in the shared router (tools/webpack/react-router-dom.js). ` +
                'Add it there, and deploy the shell with it before this app.',
            );
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

module.exports = { RouterContractPlugin, ROUTER_FACADE: FACADE };
