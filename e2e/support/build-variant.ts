// Builds another version of a remote from its source, the way its team would ship one: a copy of the remote with
// an edit, optionally built against another shared-lib version, into its own dist/ folder.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './servers';
import { APPS } from './site';

export interface VariantOptions {
  /** The remote's folder, e.g. 'mfe-account'. */
  remote: string;
  /** A name for the variant; its files live in e2e/.tmp/<name>. */
  name: string;
  /** Text replacements applied to every source file of the copy. */
  replace?: [string, string][];
  /** Build against a shared-lib with this version instead of the workspace's. */
  sharedLibVersion?: string;
}

const skip = new Set(['node_modules', 'dist', 'public']);

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (src) => !skip.has(path.basename(src)) });
}

function replaceInTree(dir: string, replacements: [string, string][]): number {
  let changed = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(tsx?|json)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, 'utf8');
    const next = replacements.reduce((t, [a, b]) => t.split(a).join(b), text);
    if (next !== text) {
      fs.writeFileSync(file, next);
      changed += 1;
    }
  }
  return changed;
}

/** Returns the variant's dist/ folder. */
export function buildRemoteVariant({ remote, name, replace = [], sharedLibVersion }: VariantOptions): string {
  const base = path.join(repoRoot, 'e2e', '.tmp', name);
  fs.rmSync(base, { recursive: true, force: true });
  const dir = path.join(base, remote);
  copyTree(path.join(repoRoot, remote), dir);
  if (replace.length > 0 && replaceInTree(path.join(dir, 'src'), replace) === 0) {
    throw new Error(`None of ${JSON.stringify(replace)} occurs in ${remote}/src`);
  }
  if (sharedLibVersion) {
    // A copy of shared-lib under another version, linked as the variant's own dependency.
    const lib = path.join(base, 'shared-lib');
    copyTree(path.join(repoRoot, 'shared-lib'), lib);
    const pkgFile = path.join(lib, 'package.json');
    fs.writeFileSync(
      pkgFile,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(pkgFile, 'utf8')), version: sharedLibVersion }),
    );
    // Its forms' plain-text rule is the e-mail function's (one rule for the forms, the database and the e-mails),
    // imported from beside it in the repository.
    const plainText = path.join('supabase', 'functions', 'send-emails', 'plain-text.ts');
    fs.mkdirSync(path.dirname(path.join(base, plainText)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, plainText), path.join(base, plainText));
    fs.mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
    fs.symlinkSync(lib, path.join(dir, 'node_modules', 'shared-lib'), 'dir');
    // Its contract types read every remote's descriptor beside it, as in the repository.
    for (const app of APPS.filter((a) => a.package !== remote)) {
      fs.mkdirSync(path.join(base, app.package));
      fs.copyFileSync(
        path.join(repoRoot, app.package, 'federation.json'),
        path.join(base, app.package, 'federation.json'),
      );
    }
  }
  const webpackCli = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js');
  // A production build without its minifying and source maps, the slowest part of a build: what the specs check
  // (where the shell loads a remote from, the shared-lib version it asks for) does not depend on either, and the
  // site's own builds keep both (budgets.spec.ts, scripts/check-size.mjs).
  const fast = ['--no-optimization-minimize', '--no-devtool'];
  execFileSync(process.execPath, [webpackCli, '--mode', 'production', ...fast], {
    cwd: dir,
    stdio: 'pipe',
  });
  return path.join(dir, 'dist');
}
