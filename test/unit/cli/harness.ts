/** Shared by the CLI's end-to-end tests: the built dist/cli.js as a child process (as CI runs it), a scratch
 * repository, and the emulator over real HTTP in this process. */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type Emulator } from '../../emulator/server';
import type { Account } from '../../emulator/state';

export const repo = join(__dirname, '..', '..', '..', '..');
export const cli = join(repo, 'dist', 'cli.js');
export const fixtures = join(repo, 'test', 'fixtures', 'cli');
export const KEY = 'cli-paid-key-0123456789';

export interface RunResult { status: number | null; stdout: string; stderr: string }

/** The built CLI as a child process (asynchronous: the emulator runs in this process). */
export function run(args: string[], cwd: string, env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
  });
}

/** The bundle under test is the one CI runs: build it once per run of the suite. */
let built = false;
export function buildOnce(): void {
  if (built) return;
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repo, stdio: 'ignore' });
  built = true;
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
}

/** A scratch repository holding a copy of a fixture folder, with git initialised and everything committed. */
export function scratchRepo(fixture?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'terminology-cli-'));
  if (fixture) cpSync(join(fixtures, fixture), dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'start');
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface Service { emu: Emulator; env: Record<string, string>; account: () => Account; writes: () => number }

export async function startService(): Promise<Service> {
  const emu = await startEmulator({ key: KEY });
  return {
    emu,
    env: { TERMINOLOGY_API_KEY: KEY, TERMINOLOGY_BASE_URL: emu.url },
    account: () => emu.state.accounts[KEY],
    writes: () => emu.requests.filter((r) => r.method !== 'GET').length,
  };
}

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

export interface LockJson { lockfileVersion: number; files: Record<string, { entries: number; sha256: string; gitBlob?: string; remote: string }> }
