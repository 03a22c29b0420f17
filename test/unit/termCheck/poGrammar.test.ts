import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The Gettext PO language the extension contributes (package.json, media/po.tmLanguage.json): a .po file the term
// check reads opens with its keywords, comments, strings and placeholders coloured, not as Plain Text. Its rules are
// regular expressions that TextMate's Oniguruma and JavaScript read alike here; each is run on the lines of a real
// catalog and must give each part its scope, and nothing to what is not that part.

const repo = join(__dirname, '..', '..', '..', '..');
interface Rule { match?: string; name?: string; captures?: Record<string, { name: string }>; patterns?: Rule[]; begin?: string; end?: string }
const grammar = JSON.parse(readFileSync(join(repo, 'media', 'po.tmLanguage.json'), 'utf8')) as { scopeName: string; repository: Record<string, Rule> };
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  contributes: { languages: Array<{ id: string; extensions?: string[]; configuration?: string }>; grammars: Array<{ language: string; scopeName: string; path: string }> };
};

/** The scopes the comment rules give `line`: the first rule that matches decides, as in the grammar. */
function commentScopes(line: string): string[] | undefined {
  for (const r of grammar.repository.comment.patterns!) {
    const m = new RegExp(r.match!).exec(line);
    if (m) return [r.name, ...Object.entries(r.captures ?? {}).filter(([k]) => m[Number(k)] !== undefined).map(([k, v]) => `${v.name}=${m[Number(k)]}`)].filter((x): x is string => !!x);
  }
  return undefined;
}

/** Each string-content rule's matches in `text`, as "scope=match", in order. */
function inString(text: string): string[] {
  const out: Array<[number, string]> = [];
  for (const r of grammar.repository.string.patterns!) {
    for (const m of text.matchAll(new RegExp(r.match!, 'g'))) out.push([m.index, `${r.name}=${m[0]}`]);
  }
  return out.sort((a, b) => a[0] - b[0]).map(([, s]) => s);
}

describe('the Gettext PO language: .po files get their colours', () => {
  it('is contributed for .po and .pot, with its grammar and # as the line comment', () => {
    const lang = manifest.contributes.languages.find((l) => l.id === 'po');
    assert.ok(lang, 'package.json contributes the language "po"');
    assert.deepEqual(lang.extensions, ['.po', '.pot']);
    const config = JSON.parse(readFileSync(join(repo, lang.configuration!), 'utf8')) as { comments: { lineComment: string } };
    assert.equal(config.comments.lineComment, '#');
    const g = manifest.contributes.grammars.find((x) => x.language === 'po');
    assert.equal(g?.scopeName, grammar.scopeName);
    assert.equal(g.path, './media/po.tmLanguage.json');
  });

  it('gives Flutter ARB files and Apple String Catalogs to VS Code\'s JSON language', () => {
    const json = manifest.contributes.languages.filter((l) => l.id === 'json').flatMap((l) => l.extensions ?? []);
    assert.deepEqual(json.sort(), ['.arb', '.xcstrings']);
  });

  it('tells the kinds of comment apart', () => {
    assert.deepEqual(commentScopes('#, fuzzy, c-format'), ['comment.line.flags.po', 'punctuation.definition.comment.po=#,', 'storage.modifier.flags.po= fuzzy, c-format']);
    assert.deepEqual(commentScopes('#: src/upload.c:42 src/main.c:7'), ['comment.line.reference.po', 'punctuation.definition.comment.po=#:', 'markup.underline.link.po= src/upload.c:42 src/main.c:7']);
    assert.deepEqual(commentScopes('#| msgid "Old text"'), ['comment.line.previous.po', 'punctuation.definition.comment.po=#|']);
    assert.deepEqual(commentScopes('#. TRANSLATORS: a button'), ['comment.line.extracted.po', 'punctuation.definition.comment.po=#.']);
    assert.deepEqual(commentScopes('#~ msgid "gone"'), ['comment.line.obsolete.po', 'punctuation.definition.comment.po=#~']);
    assert.deepEqual(commentScopes('# Translator: Anna'), ['comment.line.number-sign.po', 'punctuation.definition.comment.po=#']);
    assert.equal(commentScopes('msgid "# not a comment"'), undefined);
  });

  it('finds the keywords, plural indexes included, only at a line\'s start', () => {
    const keyword = new RegExp(grammar.repository.keyword.match!);
    const k = (line: string) => { const m = keyword.exec(line); return m && [m[1], m[3]]; };
    assert.deepEqual(k('msgctxt "menu"'), ['msgctxt', undefined]);
    assert.deepEqual(k('msgid "Upload"'), ['msgid', undefined]);
    assert.deepEqual(k('msgid_plural "%d files"'), ['msgid_plural', undefined]);
    assert.deepEqual(k('msgstr "Hochladen"'), ['msgstr', undefined]);
    assert.deepEqual(k('msgstr[1] "%d Dateien"'), ['msgstr', '1']);
    assert.deepEqual(k('  msgstr""'), ['msgstr', undefined]);
    assert.equal(k('"msgid continues a string"'), null);
    assert.equal(k('msgidx "not a keyword"'), null);
  });

  it('marks escapes and printf, Python and brace placeholders inside strings', () => {
    assert.deepEqual(inString('Laden Sie %d Dateien hoch\\n'), ['constant.other.placeholder.po=%d', 'constant.character.escape.po=\\n']);
    assert.deepEqual(inString('%1$s von %2$.2f, 100%% \\"fertig\\"'),
      ['constant.other.placeholder.po=%1$s', 'constant.other.placeholder.po=%2$.2f', 'constant.other.placeholder.po=%%', 'constant.character.escape.po=\\"', 'constant.character.escape.po=\\"']);
    assert.deepEqual(inString('Hallo %(name)s, {count} neue'), ['constant.other.placeholder.po=%(name)s', 'constant.other.placeholder.po={count}']);
    assert.deepEqual(inString('Wolke ohne Platzhalter'), []);
    // A percent sign in prose is not a placeholder ("% s", "% d" with the space flag are too rare to colour every one).
    assert.deepEqual(inString('100% sicher, zu 50% der Zeit'), []);
  });
});
