// A built service (or the gateway) in a process of its own, as production runs it (one
// container each): the benchmarks that measure through the gateway start the gateway and the
// services this way so the load generator, the gateway and the service do not share a thread.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_OPTIONS } from '../lib/services.mjs';
import { freePort } from './built-gateway.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServiceProcess {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** CPU time it has used so far (all threads, user + system) in ms: `processCpuMs(pid)`. */
  cpuMs: () => number;
  /** Stops it (a profiled process exits normally first, so Node writes its CPU profile). */
  stop: () => Promise<void>;
}

let clockTicks = 0;
/**
 * CPU time a process has used (all its threads, user + system) in ms, from /proc/<pid>/stat
 * (utime and stime, fields 14 and 15, in `getconf CLK_TCK` ticks): what a bench divides by the
 * requests answered, a figure a busy machine disturbs far less than the wall clock.
 */
export function processCpuMs(pid: number): number {
  return processCpu(pid).totalMs;
}

/**
 * The Node flags the service processes run with: production's (`SERVICE_NODE_OPTIONS`, the
 * Dockerfile's), or `MANZIL_BENCH_NODE_OPTIONS` to compare others (`''`: Node's defaults).
 */
export function serviceNodeOptions(): string {
  return process.env.MANZIL_BENCH_NODE_OPTIONS ?? SERVICE_NODE_OPTIONS;
}

/** The most resident memory a process has had (VmHWM of /proc/<pid>/status), in MiB. */
export function peakRssMib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
}

/** `processCpuMs` with the system time apart (the kernel's share: socket and file writes). */
export function processCpu(pid: number): { totalMs: number; systemMs: number } {
  clockTicks ||= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  // The command name (field 2) may hold spaces and parentheses: count the fields after its last
  // closing parenthesis, from field 3 (state) on.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [user, system] = [Number(fields[11]), Number(fields[12])];
  return { totalMs: ((user + system) * 1000) / clockTicks, systemMs: (system * 1000) / clockTicks };
}

export interface ServiceProcessOptions {
  /** The tree whose `services/<name>/dist/main.js` runs (default: this one). */
  root?: string;
  /** Its environment on top of this process's (PORT is chosen here). */
  env: Record<string, string | undefined>;
  /** A folder: run with `--cpu-prof` and write the profile there when stopped. */
  profileDir?: string;
  /** Where its stdout and stderr go (its JSON logs); default: discarded. */
  logFile?: string;
}

// SIGTERM ends a Nest app by re-raising the signal after its shutdown hooks, which kills
// the process before Node writes a `--cpu-prof` profile; SIGUSR2 here exits normally instead.
const EXIT_ON_USR2 = `data:text/javascript,process.on('SIGUSR2',()=>process.exit(0))`;

/** Starts `services/<name>/dist/main.js` on a free port and waits for its /health (60 s at most). */
export async function startServiceProcess(
  name: string,
  options: ServiceProcessOptions,
): Promise<ServiceProcess> {
  const root = options.root ?? ROOT;
  const main = path.join(root, 'services', name, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const profile = options.profileDir
    ? [
        '--cpu-prof',
        '--cpu-prof-dir',
        options.profileDir,
        '--cpu-prof-name',
        `${name}.${process.pid}.${port}.cpuprofile`,
        '--import',
        EXIT_ON_USR2,
      ]
    : [];
  const log = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child: ChildProcess = spawn(process.execPath, [...profile, main], {
    cwd: path.dirname(path.dirname(main)),
    env: {
      ...process.env,
      NODE_OPTIONS: serviceNodeOptions(),
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', log, log],
  });
  if (typeof log === 'number') closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A bench that fails (or exits) without stopping it must not leave the server running.
  const orphaned = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null)
      throw new Error(
        `${name} exited (code ${child.exitCode})${options.logFile ? `: see ${options.logFile}` : ''}`,
      );
    if (Date.now() - started > 60_000) {
      child.kill('SIGTERM');
      throw new Error(`${name} did not answer /health within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    pid: child.pid!,
    port,
    url,
    cpuMs: () => processCpuMs(child.pid!),
    stop: async () => {
      if (child.exitCode === null) child.kill(options.profileDir ? 'SIGUSR2' : 'SIGTERM');
      await exited;
    },
  };
}
