/** Placeholders of the string formats translation files use, kept out of the matched text (one U+FFFC each): a
 * variable's name is not a word of the sentence. Pure. */
import { maskSpans, type MappedText } from './mapped';

/**
 * - `{{name}}` (i18next, Angular), `{name}` / `{0}` (vue-i18n, ICU, MessageFormat), `{name, number}`;
 * - `%name%` (Symfony);
 * - printf: `%s`, `%1$s`, `%-5.2f`, `%@` (Apple), `%(name)s` and `%(value).1f` (Python);
 * - Apple's plural variables `%#@files@` (.stringsdict, .xcstrings) and a substitution's `%arg`;
 * - `$t(key)` (i18next nesting), `@:key` (vue-i18n links);
 * - the keywords of an ICU plural or select (`{count, plural,` … `one {`), whose branches stay text.
 */
const PLACEHOLDER_RE = new RegExp([
  String.raw`\{\{[^{}]*\}\}`,
  String.raw`\{\s*[\w.]+\s*,\s*(?:plural|select|selectordinal)\s*,(?:\s*offset:\d+)?`,
  String.raw`(?:\b(?:zero|one|two|few|many|other)|=\d+)\s*\{(?=[^{}]*\})`,
  String.raw`\{\s*[\w.]+\s*(?:,\s*[\w]+\s*(?:,[^{}]*)?)?\}`,
  String.raw`%[A-Za-z_]\w*%`,
  String.raw`%(?:\d+\$)?#@\w+@`,
  String.raw`%arg\b`,
  String.raw`%(?:\d+\$)?[-+#0]*\d*(?:\.\d+)?(?:[sdifuxXeEgGcpo@]|l[du]|ll[du])`,
  String.raw`%\([A-Za-z_]\w*\)[-+#0 ]*\d*(?:\.\d+)?[sdifurxXeEgGco]`,
  String.raw`\$t\([^)]*\)`,
  String.raw`@:[\w.]+`,
].join('|'), 'g');
const QUICK = /[{%$@]/;

export function maskPlaceholders(m: MappedText): MappedText {
  if (!QUICK.test(m.text)) return m;
  const spans: Array<[number, number]> = [];
  PLACEHOLDER_RE.lastIndex = 0;
  for (let r = PLACEHOLDER_RE.exec(m.text); r; r = PLACEHOLDER_RE.exec(m.text)) {
    if (r[0] === '') { PLACEHOLDER_RE.lastIndex++; continue; }
    spans.push([r.index, r.index + r[0].length]);
  }
  return maskSpans(m, spans);
}
