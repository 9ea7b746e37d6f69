// bench:web's baseline (`--baseline <git ref>`): the federated build of another commit, made in a temporary git
// worktree (its dependencies from npm's cache, its build as `npm run build` makes it, prerendered pages included),
// so one run measures it beside the working tree's build on the same machine at the same time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`bench:web baseline: \`${command} ${args.join(' ')}\` failed in ${cwd}`);
  }
}

/** The full commit a git ref names in the repository at `root`, or an error that says which ref. */
export function resolveCommit(root, ref) {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`bench:web --baseline: '${ref}' names no commit here`);
  return result.stdout.trim();
}

/**
 * Checks out `commit` in a temporary worktree, installs and builds it. Resolves to the worktree's folder and a
 * `remove()` that deletes the worktree (git's record of it too). A folder kept from an earlier run
 * (`--keep-baseline`) with a finished build is used as it is.
 */
export function buildBaseline(root, commit) {
  const dir = path.join(os.tmpdir(), `storefront-bench-${commit.slice(0, 12)}`);
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
  };
  if (fs.existsSync(path.join(dir, 'shell', 'dist', 'prerendered', 'index.html'))) {
    console.log(`bench:web: the baseline ${commit.slice(0, 12)} is already built in ${dir}`);
    return { dir, remove };
  }
  remove();
  run('git', ['worktree', 'add', '--detach', dir, commit], root);
  try {
    // The same lockfile as that commit's; the packages come from npm's cache when it has them.
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], dir);
    run('npm', ['run', 'build'], dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
