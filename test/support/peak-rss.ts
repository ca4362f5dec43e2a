/**
 * Runs one operation of test/support/hostile-op.ts in its own Node process and reports its peak
 * memory (VmHWM from /proc/<pid>/status, sampled every 50 ms; Linux) and time. Above `capBytes`
 * the process is killed, as a machine with that memory limit would. Used by the hostile-files
 * tests (as guards) and bench/hostile-files.bench.ts (the figures).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

function peakOf(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export interface PeakRun {
  peakBytes: number;
  ms: number;
  /** What the operation returned, or null when the process died first. */
  result: unknown;
  killed: boolean;
  output: string;
}

export function runWithPeak(op: string, path: string, capBytes: number): Promise<PeakRun> {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'hostile-op.ts'), op, path],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') },
      },
    );
    let output = '';
    let peakBytes = 0;
    let killed = false;
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setInterval(() => {
      peakBytes = Math.max(peakBytes, peakOf(child.pid!));
      if (peakBytes > capBytes && !killed) {
        killed = true;
        child.kill('SIGKILL');
      }
    }, 50);
    child.on('close', () => {
      clearInterval(timer);
      const line = /\{"result".*\}/.exec(output)?.[0];
      done({
        peakBytes,
        ms: Date.now() - started,
        result: line ? (JSON.parse(line) as { result: unknown }).result : null,
        killed,
        output,
      });
    });
  });
}
