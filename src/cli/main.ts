/** `terminology` — the command line of Terminology Studio, for CI: the editor's rules without VS Code.
 *   terminology lint [paths…] [--format text|github|sarif] [--manifest FILE]
 *   terminology check [--format …]   lint, then compare each linked file with the service
 *   terminology push [--yes]         lint, then push what differs, never a file with errors
 * Exit status: 0 no error-level finding, 1 an error-level finding (or a file not in sync / not pushed), 2 a usage
 * error. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_MANIFEST_NAME, manifestLinks } from '../core/workspace/manifest';
import {
  lintTarget, loadManifest, manifestFindings, targetOfLink, targetsOfPaths, UsageError, type CliFinding, type LintTarget, type LoadedManifest,
} from './lintFiles';
import { FORMATS, formatGithub, formatSarif, formatText, type OutputFormat } from './report';
import { check, KEY_VARIABLE, push } from './remote';

export interface CliIo {
  cwd: string;
  env: Record<string, string | undefined>;
  out: (s: string) => void;
  err: (s: string) => void;
}

const USAGE = `Usage: terminology <command> [options] [paths…]

Commands:
  lint [paths…]   check glossary files (.tsv, .csv), multilingual glossaries (*.multilingual.tsv), term lists (.txt)
                  and manifests (.json) with the editor's rules;
                  without paths, the files linked in ./${DEFAULT_MANIFEST_NAME}
  check           lint, then compare each linked file with the service: in sync, differs, not pushed yet
  push            lint, then push each linked file that differs from the service (a missing glossary is created);
                  files with errors are never pushed, and the others only with --yes

Options:
  --format text|github|sarif   output: "path:line:col: severity code message" (default), GitHub workflow
                               annotations, or SARIF 2.1.0
  --manifest FILE              the manifest (default ./${DEFAULT_MANIFEST_NAME})
  --yes                        push: push the files without errors even when others have errors
  -h, --help, --version

Exit status: 0 no error-level finding, 1 an error-level finding (check: or a file not in sync; push: or a file not
pushed), 2 a usage error. check and push read the API key from ${KEY_VARIABLE}; TERMINOLOGY_BASE_URL and
TERMINOLOGY_FREE_BASE_URL override the service's addresses.
`;

export function version(): string {
  try {
    return (JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

const COMMANDS = ['lint', 'check', 'push'];

interface Args { command: string; format: OutputFormat; manifest?: string; yes: boolean; paths: string[] }

export function parseArgs(argv: string[]): Args | 'help' | 'version' {
  const args: Args = { command: '', format: 'text', yes: false, paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (name: string) => {
      const eq = a.indexOf('=');
      if (eq !== -1) return a.slice(eq + 1);
      if (i + 1 >= argv.length) throw new UsageError(`${name} needs a value`);
      return argv[++i];
    };
    if (a === '-h' || a === '--help') return 'help';
    if (a === '--version') return 'version';
    if (a === '--format' || a.startsWith('--format=')) {
      const f = value('--format');
      if (!FORMATS.includes(f as OutputFormat)) throw new UsageError(`unknown format "${f}": use ${FORMATS.join(', ')}`);
      args.format = f as OutputFormat;
    } else if (a === '--manifest' || a.startsWith('--manifest=')) args.manifest = value('--manifest');
    else if (a === '--yes' || a === '-y') args.yes = true;
    else if (a === '--') { args.paths.push(...argv.slice(i + 1)); break; }
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else if (!args.command) args.command = a;
    else args.paths.push(a);
  }
  if (!args.command) throw new UsageError('no command given');
  if (!COMMANDS.includes(args.command)) throw new UsageError(`unknown command "${args.command}"`);
  if (args.command !== 'lint' && args.paths.length) throw new UsageError(`${args.command} works on the manifest's files; it takes no paths`);
  return args;
}

export function render(findings: CliFinding[], format: OutputFormat): string {
  if (format === 'github') return formatGithub(findings);
  if (format === 'sarif') return formatSarif(findings, { version: version(), informationUri: 'https://github.com/terminology-studio/terminology-studio' });
  return formatText(findings);
}

/** Lints what the arguments name; returns the findings, the targets and the manifest read. */
export function lint(args: { paths: string[]; manifest?: string }, cwd: string): { findings: CliFinding[]; manifest?: LoadedManifest; targets: LintTarget[] } {
  const manifestFile = resolve(cwd, args.manifest ?? DEFAULT_MANIFEST_NAME);
  if (args.manifest && !existsSync(manifestFile)) throw new UsageError(`${args.manifest}: no such file`);
  const manifest = existsSync(manifestFile) ? loadManifest(manifestFile) : undefined;
  const findings: CliFinding[] = [];
  let targets: LintTarget[];
  if (args.paths.length) {
    const r = targetsOfPaths(args.paths, cwd, manifest);
    targets = r.targets;
    for (const m of r.manifests) findings.push(...manifestFindings(m, cwd));
  } else {
    if (!manifest) throw new UsageError(`no ${DEFAULT_MANIFEST_NAME} in ${cwd}: name the files to lint, or --manifest FILE`);
    findings.push(...manifestFindings(manifest, cwd));
    targets = manifestLinks(manifest.manifest).filter((l) => existsSync(join(manifest.dir, l.path))).map((l) => targetOfLink(manifest, l));
  }
  const seen = new Set<string>();
  for (const t of targets) {
    if (seen.has(t.file)) continue;
    seen.add(t.file);
    findings.push(...lintTarget(t, cwd));
  }
  return { findings, manifest, targets };
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
    const { findings, manifest } = lint(args, io.cwd);
    const errors = findings.filter((f) => f.severity === 'error').length;
    if (args.command !== 'lint') {
      if (!manifest) throw new UsageError(`${args.command} needs a manifest: no ${args.manifest ?? DEFAULT_MANIFEST_NAME} in ${io.cwd}`);
      const show = (f: CliFinding[]) => render(f, args.format === 'sarif' ? 'sarif' : args.format);
      return args.command === 'check'
        ? await check(findings, manifest, args.format, io, show, version())
        : await push(findings, manifest, args.format, args.yes, io, show, version());
    }
    io.out(render(findings, args.format));
    if (args.format === 'text') io.err(summary(findings));
    return errors ? 1 : 0;
  } catch (err) {
    if (err instanceof UsageError) { io.err(`terminology: ${err.message}\n`); return 2; }
    io.err(`terminology: ${(err as Error).message}\n`);
    return 1;
  }
}

export function summary(findings: CliFinding[]): string {
  const n = (s: CliFinding['severity']) => findings.filter((f) => f.severity === s).length;
  const files = new Set(findings.map((f) => f.path)).size;
  return findings.length
    ? `${n('error')} error(s), ${n('warning')} warning(s), ${n('info')} info in ${files} file(s)\n`
    : 'no problems found\n';
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
