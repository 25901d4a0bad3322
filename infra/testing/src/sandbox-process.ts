import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expectEventually } from './eventually.js';
import { testNamespace, testRedisUrl } from './database.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface SandboxProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real sandbox service as its own process on a free port (a service does not import
 * another service's code), from its TypeScript source, with a fresh Redis namespace.
 */
export async function startSandbox(env: Record<string, string>): Promise<SandboxProcess> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../../../services/sandbox/src/main.ts', import.meta.url));
  const register = fileURLToPath(new URL('./swc-register.mjs', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--conditions=source', '--import', register, main], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      REDIS_URL: testRedisUrl(),
      SANDBOX_NAMESPACE: testNamespace('sandbox'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await expectEventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`sandbox exited with ${child.exitCode}`);
        const response = await fetch(`${url}/health`);
        if (!response.ok) throw new Error('not yet');
      },
      // Compiling the sandbox from source took 30 s on a 2-core machine at load 20 (other runs beside).
      { timeoutMs: 90_000, intervalMs: 200 },
    );
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
