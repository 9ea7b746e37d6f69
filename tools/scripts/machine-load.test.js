// bench:web's judgement of the machine it ran on (scripts/lib/machine-load.mjs): results from a busy machine are
// not written unless asked for. The module runs in a child Node process, as the scripts run it (an ES module).
const { spawn, spawnSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');

const machineLoad = path.join(__dirname, '..', '..', 'scripts', 'lib', 'machine-load.mjs');

/** Calls the module's `name` with `args` in a child process and returns its result. */
function call(name, ...args) {
  const program = `
    import * as machineLoad from ${JSON.stringify(machineLoad)};
    console.log(JSON.stringify(await machineLoad.${name}(...${JSON.stringify(args)})));
  `;
  const { stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    encoding: 'utf8',
  });
  if (!stdout) throw new Error(stderr);
  return JSON.parse(stdout);
}

const quiet = { loadAverage: 0.3, cores: 2, othersShare: 0.04 };

it('finds a quiet machine quiet, whatever load the benchmark itself left at the end', () => {
  expect(call('judgeMachine', { start: quiet, end: { ...quiet, loadAverage: 1.9 } })).toEqual({
    busy: false,
    reasons: [],
  });
});

it('finds the machine busy when its load average was high before the run', () => {
  expect(call('judgeMachine', { start: { ...quiet, loadAverage: 3.2 }, end: quiet })).toEqual({
    busy: true,
    reasons: ['the load average was 3.20 on 2 cores at the start (at most 1)'],
  });
});

it('finds the machine busy when other processes took the CPU at the start or at the end', () => {
  expect(
    call('judgeMachine', {
      start: { ...quiet, othersShare: 0.35 },
      end: { ...quiet, othersShare: 0.62 },
    }),
  ).toEqual({
    busy: true,
    reasons: [
      'other processes used 35 % of the CPU at the start (at most 10 %)',
      'other processes used 62 % of the CPU at the end (at most 10 %)',
    ],
  });
});

it('describes both samples for the results', () => {
  expect(
    call('describeMachine', { start: quiet, end: { ...quiet, loadAverage: 1.25, othersShare: 0.2 } }),
  ).toBe(
    'Machine: 2 cores; at the start load average 0.30, other processes 4 % of the CPU; ' +
      'at the end load average 1.25, other processes 20 % of the CPU.',
  );
});

it('counts another process spinning on a core as other processes', async () => {
  const spinner = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
  try {
    const sample = call('sampleMachine', 1000);
    expect(sample.cores).toBe(os.availableParallelism());
    expect(sample.othersShare).toBeGreaterThanOrEqual(0.5 / sample.cores);
  } finally {
    spinner.kill('SIGKILL');
  }
});
