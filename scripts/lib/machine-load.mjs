// How busy the machine is while a benchmark runs. A benchmark sharing its cores with builds and test runs
// measures them, not the code (issue 34: Lighthouse scored 78-82 on a busy machine, 96-97 on a quiet one), so
// bench:web samples the machine before it starts and after it has stopped everything it ran, and refuses to
// record results from a busy one.
import os from 'node:os';

/** Above this share of all CPU time used by other processes, at the start or at the end, the machine is busy. */
const OTHERS_SHARE_LIMIT = 0.1;
/** Above this 1-minute load average per core before the benchmark starts, the machine is busy. */
const LOAD_PER_CORE_LIMIT = 0.5;

function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * The machine over `ms`: its 1-minute load average, its cores, and the share of all CPU time that processes other
 * than this one used (this process's own time, from process.cpuUsage, taken out).
 */
export async function sampleMachine(ms = 5000) {
  const before = cpuTimes();
  const own = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  const { user, system } = process.cpuUsage(own);
  const total = after.total - before.total;
  const others = after.busy - before.busy - (user + system) / 1000;
  return {
    loadAverage: os.loadavg()[0],
    cores: os.availableParallelism(),
    othersShare: total > 0 ? Math.min(1, Math.max(0, others / total)) : 0,
  };
}

const percent = (share) => `${Math.round(share * 100)} %`;

/**
 * Whether the samples taken at the start and at the end of a run show a busy machine, and why. The load average
 * counts at the start only: at the end it still holds the benchmark's own last minute.
 */
export function judgeMachine({ start, end }) {
  const reasons = [];
  if (start.loadAverage / start.cores > LOAD_PER_CORE_LIMIT)
    reasons.push(
      `the load average was ${start.loadAverage.toFixed(2)} on ${start.cores} cores at the start (at most ${LOAD_PER_CORE_LIMIT * start.cores})`,
    );
  for (const [when, sample] of [
    ['start', start],
    ['end', end],
  ]) {
    if (sample.othersShare > OTHERS_SHARE_LIMIT)
      reasons.push(
        `other processes used ${percent(sample.othersShare)} of the CPU at the ${when} (at most ${percent(OTHERS_SHARE_LIMIT)})`,
      );
  }
  return { busy: reasons.length > 0, reasons };
}

/** One line for the results: what the machine was doing at the start and at the end. */
export function describeMachine({ start, end }) {
  const at = (sample) =>
    `load average ${sample.loadAverage.toFixed(2)}, other processes ${percent(sample.othersShare)} of the CPU`;
  return `Machine: ${start.cores} cores; at the start ${at(start)}; at the end ${at(end)}.`;
}
