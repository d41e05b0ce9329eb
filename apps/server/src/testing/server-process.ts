import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests start `apps/server/src/main.ts` from there, as `npm start` does). */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The last 8 KB the process wrote (stdout and stderr), for failure messages and log checks. */
  output(): string;
  /** User plus system CPU time the process has used so far, in milliseconds (Linux: /proc). */
  cpuTimeMs(): number;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process is gone. */
  stop(): Promise<void>;
}

/**
 * Builds the web app when it is missing or stale (scripts/ensure-build.mjs, which takes a lock so
 * that test files starting at once build it once).
 */
export function ensureWebBuild(): void {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: repositoryRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}${build.stderr}`);
}

/**
 * Starts one real server process (`main.ts`, as in production) on `port` and waits for /readyz.
 * `args` are main.ts's flags (`--no-web`, `--dev`); `env` is added to this process's environment
 * (an undefined value removes the variable, as NODE_ENV=test of the test runner).
 */
export async function startServerProcess(options: { port: number; env: Record<string, string | undefined>; args?: string[] }): Promise<ServerProcess> {
  const dataDir = options.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sweepstack-server-'));
  const url = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: dataDir, REDIS_URL: '' };
  for (const [name, value] of Object.entries(options.env)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...(options.args ?? [])], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (!options.env.DATA_DIR) void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  let gone = false;
  void exited.then(() => (gone = true));
  const server: ServerProcess = {
    url,
    port: options.port,
    child,
    exited,
    output: () => log,
    cpuTimeMs: () => processCpuTimeMs(child.pid!),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  for (let i = 0; i < 600 && !gone; i++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return server;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready on ${url}:\n${log}`);
}

/** User plus system CPU time of a process in milliseconds, from /proc/PID/stat (clock ticks of 10 ms). */
export function processCpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields from the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) * 10;
}

/** Runs `npm run audit:ledger` on a database; resolves with its exit code and output. */
export function runLedgerAudit(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'audit:ledger'], { cwd: repositoryRoot, env: { ...process.env, DATABASE_URL: databaseUrl } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
