/** The service emulator in a child process for the editor benchmarks, so that its own work (serialising 10 MiB) is
 * not counted as the extension's. */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { PAID_KEY } from './service';

/** The emulator in a child process; resolves with its address. */
export function startChildEmulator(): Promise<{ child: ChildProcess; url: string }> {
  const cli = path.join(__dirname, '..', 'emulator', 'cli.js');
  const child = spawn(process.execPath, [cli, '--port', '0', '--key', PAID_KEY], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /paid address (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`the emulator exited (${code}): ${out}`)));
  });
}

