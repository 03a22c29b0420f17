import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ruleDocUrl, RULES_DOC_URL, STYLE_CODES, type RuleCode } from '../../../src/core';
import { RULE_CODES } from '../../../src/core/ruleSettings';

const repo = join(__dirname, '..', '..', '..', '..');
/** The repository's address on GitHub: links the code builds start with it, then `/blob/main/<path>`. */
const REPO_URL = 'https://github.com/terminology-studio/terminology-studio';

/** Every code of the entry rules engine's type. A code added to `RuleCode` and not here fails to compile. */
const ENGINE_CODES: Record<RuleCode, true> = {
  'missing-separator': true, 'extra-separator': true, 'unclosed-quote': true, 'stray-quote': true, 'empty-source': true,
  'empty-target': true, 'duplicate-source': true, 'control-character': true, 'unicode-newline': true, 'invisible-character': true, 'mixed-script': true,
  'surrounding-whitespace': true, 'phrase-too-long': true, 'dictionary-too-large': true, 'language-mismatch': true,
  'blank-line': true, 'term-list-too-long': true, 'duplicate-term': true, 'empty-term': true, 'variant-target': true,
  'variant-source': true, 'unsupported-language': true, 'same-language': true, 'server-rejected': true,
  'merge-conflict': true, 'grid-header': true, 'untranslated-source': true, 'missing-translation': true,
  'reverse-mismatch': true, 'inconsistent-source-case': true, 'same-target-for-different-sources': true,
  'draft-translation': true, 'term-not-used': true, 'forbidden-term': true, 'inconsistent-term': true,
  'untranslated-term': true,
};

/** The text outside fenced code blocks and inline code spans, where Markdown links and headings live. */
function prose(md: string): string {
  let inFence = false;
  return md.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) { inFence = !inFence; return ''; }
    return inFence ? '' : line.replace(/`+[^`]*`+/g, '');
  }).join('\n');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingSlug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '').trim().toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The anchors a Markdown file offers: its headings' (as GitHub makes them) and every explicit `id="…"`. */
function anchorsOf(file: string): Set<string> {
  const md = readFileSync(file, 'utf8');
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of md.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) { inFence = !inFence; continue; }
    const h = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = headingSlug(h[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  for (const m of md.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  return anchors;
}

/** The Markdown files whose links are checked: README.md, CONTRIBUTING.md and docs/*.md. */
function docFiles(): string[] {
  const docs = join(repo, 'docs');
  return [
    join(repo, 'README.md'), join(repo, 'CONTRIBUTING.md'),
    ...readdirSync(docs).filter((n) => n.endsWith('.md')).sort().map((n) => join(docs, n)),
  ];
}

/** Every link and image of a Markdown file, as written: `[text](target)`, `![alt](target)`, `src="…"`, `href="…"`. */
function links(file: string): string[] {
  const text = prose(readFileSync(file, 'utf8'));
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]),
  ];
}
const isAbsolute = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Why a link from `from` to `target` (a path relative to it, `#anchor` optional) does not resolve, or undefined. */
function brokenLink(from: string, target: string): string | undefined {
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? '' : decodeURIComponent(target.slice(hash + 1));
  const file = path ? resolve(dirname(from), path) : from;
  if (!existsSync(file)) return `no file ${relative(repo, file)}`;
  if (!anchor) return undefined;
  if (!file.endsWith('.md') || statSync(file).isDirectory()) return `an anchor into ${relative(repo, file)}, which is not Markdown`;
  return anchorsOf(file).has(anchor) ? undefined : `no anchor #${anchor} in ${relative(repo, file)}`;
}

/** Why an address the code builds does not reach an existing file and anchor of this repository, or undefined. */
function brokenRepoUrl(url: string): string | undefined {
  if (url === REPO_URL) return undefined;
  const prefix = `${REPO_URL}/blob/main/`;
  if (!url.startsWith(prefix)) return `${url} is not a file of the repository on main`;
  return brokenLink(join(repo, 'index.md'), url.slice(prefix.length));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('documentation links', () => {
  const rulesMd = join(repo, 'docs', 'rules.md');

  it('every finding code the rules can produce has its anchor in docs/rules.md', () => {
    const anchors = anchorsOf(rulesMd);
    const codes = [...new Set([...Object.keys(ENGINE_CODES), ...RULE_CODES, ...STYLE_CODES])];
    for (const code of Object.keys(ENGINE_CODES)) assert.ok(RULE_CODES.includes(code), `${code} is missing from RULE_CODES`);
    const missing = codes.filter((code) => !anchors.has(`rule-${code}`));
    assert.deepEqual(missing, [], `codes without an anchor in docs/rules.md: ${missing.join(', ')}`);
  });

  it('every link the code builds to the docs resolves to an existing file and heading anchor', () => {
    assert.ok(RULES_DOC_URL.startsWith(`${REPO_URL}/blob/main/docs/rules.md#`), RULES_DOC_URL);
    const built = [...RULE_CODES, ...STYLE_CODES].map((code) => RULES_DOC_URL + code);
    built.push(...Object.keys(ENGINE_CODES).map((code) => ruleDocUrl(code as RuleCode)));
    // Any address of the repository written in the source (a help link, the SARIF tool's informationUri).
    for (const file of sourceFiles(join(repo, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/https:\/\/github\.com\/terminology-studio\/terminology-studio[^'"`\s)]*/g)) {
        if (m[0] !== RULES_DOC_URL) built.push(m[0]);
      }
    }
    const broken = [...new Set(built)].map(brokenRepoUrl).filter((why): why is string => !!why);
    assert.deepEqual(broken, []);
  });

  it('the docs/ files the source names exist', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(join(repo, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w.-]+\.md\b/g)) {
        if (!existsSync(join(repo, m[0]))) missing.push(`${relative(repo, file)}: ${m[0]}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('every relative link in README.md, CONTRIBUTING.md and docs/*.md reaches an existing file and anchor (and every link into the repository)', () => {
    const broken: string[] = [];
    let count = 0;
    for (const file of docFiles()) {
      assert.ok(existsSync(file), `${relative(repo, file)} exists`);
      for (const target of links(file)) {
        // Relative links, and absolute ones into this repository (docs/cli.md is also the CLI package's README).
        const why = !isAbsolute(target) ? brokenLink(file, target) : target.startsWith(REPO_URL) ? brokenRepoUrl(target) : undefined;
        if (!isAbsolute(target) || target.startsWith(REPO_URL)) count++;
        if (why) broken.push(`${relative(repo, file)}: (${target}) ${why}`);
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(count > 10, `only ${count} relative links found: the parser missed them`);
  });

  it('headings get GitHub\'s anchors', () => {
    assert.equal(headingSlug('The CLI, for CI'), 'the-cli-for-ci');
    assert.equal(headingSlug('`terminology`: the command line'), 'terminology-the-command-line');
    assert.equal(headingSlug('Save = push: the data flow'), 'save--push-the-data-flow');
    assert.equal(headingSlug('Import & export'), 'import--export');
  });
});
