// The commit style (CONTRIBUTING.md): a subject of at most 72 characters, then, when there is a body, a blank line
// before it. Checks the commits since the last release tag (`git describe --tags --abbrev=0`), or only the last
// commit when there is no tag or it is not in the history (a shallow clone, as CI makes). Older commits are not
// checked: many predate the rule. Run by `npm run lint`.
//
//   node scripts/check-commits.mjs            the commits since the last tag, or HEAD
//   node scripts/check-commits.mjs A..B       the commits of a range (e.g. origin/main..HEAD)
//   node scripts/check-commits.mjs --message FILE   one message from a file (a commit-msg hook)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUBJECT_MAX = 72;

/** What is wrong with one commit message (its raw text: subject, then the body), as sentences; none when it is fine. */
export function messageProblems(message) {
  // git strips trailing blank lines; a message file from an editor may still carry comments.
  const lines = message.replace(/\r\n?/g, '\n').split('\n').filter((l) => !l.startsWith('#'));
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  const problems = [];
  const subject = lines[0] ?? '';
  if (!subject.trim()) problems.push('the subject is empty');
  const length = [...subject].length;
  if (length > SUBJECT_MAX) problems.push(`the subject is ${length} characters, over ${SUBJECT_MAX}`);
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('the subject is not followed by a blank line before the body');
  return problems;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function git(args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0, out: r.stdout ?? '', err: (r.stderr ?? '').trim() };
}

/** The revisions to check and why those: `A..B` given, the last tag's range, or HEAD alone. */
function chooseRange(arg) {
  if (arg) return { args: [arg], what: arg };
  const tag = git(['describe', '--tags', '--abbrev=0']);
  if (tag.ok && tag.out.trim()) {
    const name = tag.out.trim();
    // A tag whose commit a shallow clone lacks cannot bound a range: fall back to the last commit.
    if (git(['merge-base', '--is-ancestor', name, 'HEAD']).ok) return { args: [`${name}..HEAD`], what: `the commits since ${name}` };
  }
  return { args: ['-1', 'HEAD'], what: 'the last commit (no release tag in this history)' };
}

function main(argv) {
  const at = argv.indexOf('--message');
  if (at !== -1) {
    const problems = messageProblems(readFileSync(argv[at + 1], 'utf8'));
    for (const p of problems) console.error(`commit message: ${p}`);
    return problems.length ? 1 : 0;
  }
  if (!git(['rev-parse', '--git-dir']).ok) {
    console.log('check-commits: not a git checkout, nothing to check');
    return 0;
  }
  if (!git(['rev-parse', '--verify', '-q', 'HEAD']).ok) {
    console.log('check-commits: no commit yet, nothing to check');
    return 0;
  }
  const range = chooseRange(argv.find((a) => !a.startsWith('-')));
  const log = git(['log', '--format=%h%x00%B%x1e', ...range.args]);
  if (!log.ok) {
    console.error(`check-commits: git log ${range.args.join(' ')} failed: ${log.err}`);
    return 2;
  }
  const commits = log.out.split('\x1e').map((c) => c.replace(/^\n/, '')).filter(Boolean).map((c) => {
    const [hash, message] = c.split('\0');
    return { hash, message };
  });
  let bad = 0;
  for (const { hash, message } of commits) {
    const problems = messageProblems(message);
    if (!problems.length) continue;
    bad++;
    console.error(`${hash} ${message.split('\n')[0].slice(0, 80)}\n  ${problems.join('; ')}`);
  }
  const n = commits.length;
  if (bad) {
    console.error(`check-commits: ${bad} of ${n} commit${n === 1 ? '' : 's'} (${range.what}) break the commit style: a subject of at most ${SUBJECT_MAX} characters, a blank line, then the body (CONTRIBUTING.md)`);
    return 1;
  }
  console.log(`check-commits: ${n} commit${n === 1 ? '' : 's'} checked (${range.what})`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
