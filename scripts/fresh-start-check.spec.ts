import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a plain .mjs script without types
import { processesUnder } from './fresh-start-check.mjs';

describe('processesUnder (what the fresh-start check calls "left behind")', () => {
  it('finds a process running in the clone and forgets it once it has exited', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-left-'));
    const child = spawn('sleep', ['30'], { cwd: dir, stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    try {
      const found = processesUnder(dir) as { pid: number }[];
      expect(found.map((p) => p.pid)).toContain(child.pid);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    expect((processesUnder(dir) as { pid: number }[]).map((p) => p.pid)).not.toContain(child.pid);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
