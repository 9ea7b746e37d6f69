// Once per jest run, after the backend suites: stops the backends the workers shared between their test files
// (harness.ts, sharedBackend) and removes their databases, then drops this run's PostgreSQL template database
// (global-setup.js).
const fs = require('node:fs');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { dropDatabase } = require('./templates');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM (the service stops cleanly), and SIGKILL if it is still there after 20 s. */
async function stopProcess(pid) {
  if (!alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; alive(pid); waited += 50) {
    if (waited >= 20_000) process.kill(pid, 'SIGKILL');
    await sleep(50);
  }
}

async function stopShared(dir) {
  const records = fs
    .readdirSync(dir)
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  await Promise.all(
    records.map(async (record) => {
      await stopProcess(record.pid);
      if (record.DATA_DIR) fs.rmSync(record.DATA_DIR, { recursive: true, force: true });
      if (record.DATABASE_URL) {
        await dropDatabase(process.env.TEST_DATABASE_URL, new URL(record.DATABASE_URL).pathname.slice(1));
      }
    }),
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

module.exports = async function globalTeardown() {
  const shared = process.env.LOCAL_SUPABASE_SHARED_BACKENDS;
  if (shared) await stopShared(shared);
  const name = process.env.LOCAL_SUPABASE_POSTGRES_TEMPLATE;
  if (name) await dropDatabase(process.env.TEST_DATABASE_URL, name);
};
