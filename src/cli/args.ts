/** The command line's words: commands, options (each allowed with the commands it means something to), usage. */
import { DEFAULT_MANIFEST_NAME } from '../core/workspace/manifest';
import { UsageError } from './files';
import { FORMATS, type OutputFormat } from './report';
import { KEY_VARIABLE } from './service';

export const COMMANDS = ['lint', 'check', 'status', 'push', 'pull', 'check-terms'] as const;
export type Command = typeof COMMANDS[number];

export interface Args {
  command: Command;
  format: OutputFormat;
  manifest?: string;
  paths: string[];
  yes: boolean;
  force: boolean;
  dryRun: boolean;
  fix: boolean;
  quiet: boolean;
  maxWarnings?: number;
  outputFile?: string;
}

export const USAGE = `Usage: terminology <command> [options] [paths…]

Commands:
  lint [paths…]   check glossary files (.tsv, .csv), multilingual glossaries (*.multilingual.tsv), term lists (.txt)
                  and manifests (.json) with the editor's rules. Paths are files, folders (every file the manifest
                  links, whatever its name, and *.glossary.tsv|csv, *.multilingual.tsv, *.terms.txt) or quoted globs
                  ('glossaries/**/*.tsv'); without paths, the manifest and the files it links
  status          each linked file against the service and ${DEFAULT_MANIFEST_NAME.replace('.json', '.lock.json')} (the last synced
                  state): in sync, local changes, remote changes, both changed, remote missing, not pushed yet,
                  file missing
  check           lint, then status
  push            lint, then push the files with local changes (a missing glossary is created). Never a file with
                  errors; never over a change on the service that the lock has not seen (pull first, or --force);
                  then the lock is updated: commit it
  pull            merge the service's changes into the files (three-way, conflicts as blocks); updates the lock
  check-terms [paths…]
                  hold the translation files (XLIFF 1.2/2.x .xlf|.xliff, gettext .po, Apple .xcstrings; per-locale
                  JSON, ARB, .properties, Android values-*/strings.xml and Apple .strings paired with the
                  source-locale file) against the glossaries the manifest links: term-not-used, forbidden-term,
                  inconsistent-term, untranslated-term (docs/term-check.md). Without paths, the manifest's folder

Options:
  --manifest FILE          the manifest (default: ./${DEFAULT_MANIFEST_NAME}, else the nearest one in a folder above)
  --format FORMAT          text (default: "path:line:col: severity code message"), github (workflow annotations),
                           sarif (SARIF 2.1.0), json (lint and check-terms)
  --output-file FILE       lint, check-terms: write the report to FILE instead of stdout
  --max-warnings N         lint, check-terms: exit 1 when there are more than N warnings
  --quiet                  lint, check-terms: errors only (warnings and infos are neither printed nor counted)
  --fix                    lint: apply the editor's Fix All to each file first (in its own encoding)
  --dry-run                push: print what would be sent (per file: added, changed, removed, and which) and send nothing
  --force                  push: overwrite changes made on the service since the last sync (it says which)
  --yes, -y                push: push the files without errors even when others have errors
  -h, --help, --version

Exit status: 0 clean; 1 an error-level finding (or more warnings than --max-warnings), a file not in sync (status,
check), anything not pushed (push) or not pulled, or a conflict written (pull); 2 a usage error, a file that cannot
be read (a folder, a broken or looping symbolic link), no files matched, or an internal error.
status, check, push and pull read the API key from ${KEY_VARIABLE}; TERMINOLOGY_BASE_URL and TERMINOLOGY_FREE_BASE_URL
override the service's addresses. With GITHUB_STEP_SUMMARY set, a Markdown summary is appended to that file.
`;

/** Which commands an option means something to. */
const ONLY: Record<string, readonly Command[]> = {
  '--output-file': ['lint', 'check-terms'], '--max-warnings': ['lint', 'check-terms'], '--quiet': ['lint', 'check-terms'], '--fix': ['lint'],
  '--dry-run': ['push'], '--force': ['push'], '--yes': ['push'],
};

export function parseArgs(argv: string[]): Args | 'help' | 'version' {
  const args: Args = { command: '' as Command, format: 'text', paths: [], yes: false, force: false, dryRun: false, fix: false, quiet: false };
  const seen: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const name = a.startsWith('--') ? a.split('=')[0] : a === '-y' ? '--yes' : a;
    const value = () => {
      const eq = a.indexOf('=');
      if (eq !== -1) return a.slice(eq + 1);
      if (i + 1 >= argv.length) throw new UsageError(`${name} needs a value`);
      return argv[++i];
    };
    if (a === '-h' || a === '--help') return 'help';
    if (a === '--version') return 'version';
    if (a === '--') { args.paths.push(...argv.slice(i + 1)); break; }
    if (!a.startsWith('-')) {
      if (!args.command) {
        if (!COMMANDS.includes(a as Command)) throw new UsageError(`unknown command "${a}"`);
        args.command = a as Command;
      } else args.paths.push(a);
      continue;
    }
    seen.push(name);
    switch (name) {
      case '--format': {
        const f = value();
        if (!FORMATS.includes(f as OutputFormat)) throw new UsageError(`unknown format "${f}": use ${FORMATS.join(', ')}`);
        args.format = f as OutputFormat;
        break;
      }
      case '--manifest': args.manifest = value(); break;
      case '--output-file': args.outputFile = value(); break;
      case '--max-warnings': {
        const v = value();
        if (!/^\d+$/.test(v)) throw new UsageError(`--max-warnings takes a whole number, not "${v}"`);
        args.maxWarnings = Number(v);
        break;
      }
      case '--quiet': args.quiet = true; break;
      case '--fix': args.fix = true; break;
      case '--dry-run': args.dryRun = true; break;
      case '--force': args.force = true; break;
      case '--yes': args.yes = true; break;
      default: throw new UsageError(`unknown option ${a}`);
    }
  }
  if (!args.command) throw new UsageError('no command given');
  for (const o of seen) if (ONLY[o] && !ONLY[o].includes(args.command)) throw new UsageError(`${o} is an option of ${ONLY[o].join(', ')}, not of ${args.command}`);
  if (args.command !== 'lint' && args.command !== 'check-terms' && args.paths.length) throw new UsageError(`${args.command} works on the manifest's files; it takes no paths`);
  if (args.format === 'json' && args.command !== 'lint' && args.command !== 'check-terms') throw new UsageError('--format json is for lint and check-terms');
  return args;
}
