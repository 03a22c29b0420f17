// CPU time by process during an operation, from /proc (Linux): a profile of the whole save across the processes that
// take part in it (the window's Chromium, the server, the extension host with its workers, the emulator), for the
// editor benchmarks. Kernel threads are left out. Elsewhere it reports nothing.
import { readdirSync, readFileSync } from 'node:fs';

export type Role = 'workbench' | 'extension host' | 'server' | 'emulator';
export const ROLES: readonly Role[] = ['workbench', 'extension host', 'server', 'emulator'];

/** CPU milliseconds used so far by each role's processes (utime + stime of every thread). */
export function cpuByRole(emulatorPid: number | undefined): Map<Role, number> | undefined {
  let pids: string[];
  try { pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p)); } catch { return undefined; }
  const out = new Map<Role, number>(ROLES.map((r) => [r, 0]));
  for (const pid of pids) {
    let cmd: string;
    let stat: string;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch { continue; } // gone meanwhile
    const role: Role | undefined = Number(pid) === process.pid ? 'extension host'
      : Number(pid) === emulatorPid ? 'emulator'
        : /chrom/i.test(cmd.split('\0')[0]) ? 'workbench'
          : /code-server|server-main|vscode/.test(cmd) ? 'server' : undefined;
    if (!role) continue;
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(role, out.get(role)! + (Number(f[11]) + Number(f[12])) * 10); // clock ticks of 10 ms
  }
  return out;
}

/** What each role used between two readings. */
export function cpuUsed(before: Map<Role, number> | undefined, after: Map<Role, number> | undefined): Map<Role, number> | undefined {
  if (!before || !after) return undefined;
  return new Map(ROLES.map((r) => [r, Math.max(0, after.get(r)! - before.get(r)!)]));
}
