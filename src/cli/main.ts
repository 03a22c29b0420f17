/** `terminology` — the command line of Terminology Studio, for CI: the editor's rules and Repository Sync without
 * VS Code. See `USAGE` (src/cli/args.ts) and docs/cli.md. Exit status: 0 clean; 1 findings, a file not in sync, not
 * pushed or not pulled; 2 a usage, file system or internal error. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ServiceError } from '../api';
import { DEFAULT_MANIFEST_NAME, manifestLinks } from '../core/workspace/manifest';
import { parseArgs, USAGE, type Args } from './args';
import { checkTerms } from './checkTerms';
import { shownPath, UsageError, writeFileAtomic } from './files';
import {
  findManifest, lintTarget, loadManifest, manifestFindings, targetOfLink, targetsOfPaths, type CliFinding, type LintTarget, type LoadedManifest,
} from './lintFiles';
import { readLockFile } from './lockFile';
import { pull } from './pull';
import { push, type RemoteContext } from './push';
import { formatGithub, formatJson, formatSarif, formatText, type OutputFormat } from './report';
import { clientFromEnv, failureMessage } from './service';
import { status } from './status';
import { appendStepSummary, lintMarkdown } from './stepSummary';

export interface CliIo {
  cwd: string;
  env: Record<string, string | undefined>;
  out: (s: string) => void;
  err: (s: string) => void;
}

/** Set by the bundler (esbuild.mjs) from package.json. */
declare const __CLI_VERSION__: string | undefined;

export function version(): string {
  if (typeof __CLI_VERSION__ === 'string') return __CLI_VERSION__;
  try {
    return (JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

export function render(findings: CliFinding[], format: OutputFormat): string {
  if (format === 'github') return formatGithub(findings);
  if (format === 'sarif') return formatSarif(findings, { version: version(), informationUri: 'https://github.com/terminology-studio/terminology-studio' });
  if (format === 'json') return formatJson(findings);
  return formatText(findings);
}

export interface LintResult { findings: CliFinding[]; manifest?: LoadedManifest; targets: LintTarget[]; fixed: number }

/** Lints what the arguments name (with the manifest's rule settings); returns the findings, the targets and the
 * manifest read. */
export function lint(args: Pick<Args, 'paths' | 'manifest' | 'fix'>, cwd: string): LintResult {
  const manifestFile = findManifest(cwd, args.manifest);
  const manifest = manifestFile ? loadManifest(manifestFile, cwd) : undefined;
  const findings: CliFinding[] = [];
  let targets: LintTarget[];
  const manifests: LoadedManifest[] = [];
  if (args.paths.length) {
    const r = targetsOfPaths(args.paths, cwd, manifest);
    targets = r.targets;
    manifests.push(...r.manifests);
  } else {
    if (!manifest) throw new UsageError(`no ${DEFAULT_MANIFEST_NAME} in ${cwd} or a folder above it: name the files to lint, or --manifest FILE`);
    manifests.push(manifest);
    targets = manifestLinks(manifest.manifest).filter((l) => !manifest.problems.some((p) => p.code === 'missing-file' && p.offset === l.valueOffset)).map((l) => targetOfLink(manifest, l));
  }
  for (const m of manifests) for (const f of manifestFindings(m, cwd)) findings.push(f);
  const rules = manifest?.rules ?? {};
  const seen = new Set<string>();
  let fixed = 0;
  for (const t of targets) {
    if (seen.has(t.file)) continue;
    seen.add(t.file);
    const r = lintTarget(t, cwd, rules, args.fix);
    fixed += r.fixed ?? 0;
    // One at a time: a spread of 150 000 findings into push() overflows the stack.
    for (const f of r.findings) findings.push(f);
  }
  return { findings, manifest, targets, fixed };
}

export function summary(findings: CliFinding[]): string {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  const files = new Set<string>();
  for (const f of findings) {
    files.add(f.path);
    if (f.severity === 'error') errors++;
    else if (f.severity === 'warning') warnings++;
    else infos++;
  }
  return findings.length ? `${errors} error(s), ${warnings} warning(s), ${infos} info in ${files.size} file(s)\n` : 'no problems found\n';
}

async function run(args: Args, io: CliIo): Promise<number> {
  if (args.command === 'lint' || args.command === 'check-terms') {
    const terms = args.command === 'check-terms' ? checkTerms(args, io.cwd) : undefined;
    const r = terms ?? lint(args, io.cwd);
    const findings = args.quiet ? r.findings.filter((f) => f.severity === 'error') : r.findings;
    const report = render(findings, args.format);
    if (args.outputFile) writeFileAtomic(resolve(io.cwd, args.outputFile), report);
    else io.out(report);
    if (r.fixed) io.err(`fixed ${r.fixed} problem(s)\n`);
    if (args.format === 'text' || args.outputFile) io.err(summary(findings));
    appendStepSummary(io.env, lintMarkdown(findings, terms ? 'Terminology term check' : undefined));
    // A translation file read only in part (not well-formed): what was read is reported, and the run fails as for
    // any file that cannot be read.
    for (const u of terms?.unreadable ?? []) io.err(`terminology: ${u}\n`);
    if (terms?.unreadable.length) return 2;
    const errors = findings.some((f) => f.severity === 'error');
    const warnings = findings.filter((f) => f.severity === 'warning').length;
    if (args.maxWarnings !== undefined && warnings > args.maxWarnings) {
      io.err(`too many warnings: ${warnings} (--max-warnings ${args.maxWarnings})\n`);
      return 1;
    }
    return errors ? 1 : 0;
  }
  const manifestFile = findManifest(io.cwd, args.manifest);
  if (!manifestFile) throw new UsageError(`${args.command} needs a manifest: no ${DEFAULT_MANIFEST_NAME} in ${io.cwd} or a folder above it`);
  const m = loadManifest(manifestFile, io.cwd);
  const lf = readLockFile(m, io.cwd);
  const client = clientFromEnv(io.env, version(), args.command === 'push' || args.command === 'pull' ? (line) => { if (/Retry|->\s*(429|5\d\d)/.test(line)) io.err(`${line}\n`); } : undefined);
  const ctx: RemoteContext = { client, m, lf, cwd: io.cwd, io, format: args.format, env: io.env };
  if (args.command === 'status') return status(ctx);
  if (args.command === 'pull') return pull(ctx);
  const { findings } = lint({ paths: [], manifest: manifestFile, fix: false }, io.cwd);
  io.out(render(findings, args.format));
  if (args.command === 'check') {
    const errors = findings.some((f) => f.severity === 'error');
    const code = await status(ctx);
    return errors || code ? 1 : 0;
  }
  return push(ctx, findings, { yes: args.yes, force: args.force, dryRun: args.dryRun });
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`terminology: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (args === 'help') { io.out(USAGE); return 0; }
  if (args === 'version') { io.out(`${version()}\n`); return 0; }
  try {
    return await run(args, io);
  } catch (err) {
    if (err instanceof UsageError) { io.err(`terminology: ${err.message}\n`); return 2; }
    // The service refused or failed (after the client's retries): nothing more was done; exit 1, as for any file not
    // pushed or pulled.
    if (err instanceof ServiceError) { io.err(`terminology: ${failureMessage(err)}\n`); return 1; }
    const e = err as NodeJS.ErrnoException;
    if (e?.code && e.path) { io.err(`terminology: ${shownPath(e.path, io.cwd)}: ${e.message}\n`); return 2; }
    io.err(`terminology: internal error: ${e?.stack ?? String(err)}\n`);
    return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2), {
    cwd: process.cwd(), env: process.env,
    out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s),
  }).then((code) => { process.exitCode = code; }, (err: unknown) => {
    process.stderr.write(`terminology: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exitCode = 2;
  });
}
