/** TMX files for the tests and the demo: a small good one, a large generated one, and broken ones. */

export function sampleTmx(units: Array<[string, string]> = [['Hello world', 'Hallo Welt'], ['Save the file', 'Datei speichern']], src = 'en', tgt = 'de'): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE tmx SYSTEM "tmx14.dtd">',
    '<tmx version="1.4">',
    `<header creationtool="test" creationtoolversion="1" segtype="sentence" o-tmf="x" adminlang="en" srclang="${src}" datatype="plaintext"/>`,
    '<body>',
    ...units.map(([s, t]) => `<tu><tuv xml:lang="${src}"><seg>${esc(s)}</seg></tuv><tuv xml:lang="${tgt}"><seg>${esc(t)}</seg></tuv></tu>`),
    '</body>',
    '</tmx>',
    '',
  ].join('\n');
}

/** `count` numbered units ("Segment number 7 of the manual" → "Segment Nummer 7 des Handbuchs"). */
export function numberedUnits(count: number): Array<[string, string]> {
  return Array.from({ length: count }, (_, i) => [`Segment number ${i + 1} of the manual`, `Segment Nummer ${i + 1} des Handbuchs`]);
}

/** Broken files and what the service's message says about each. */
export const BROKEN_TMX: Array<[name: string, text: string, message: RegExp]> = [
  ['not well-formed', '<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="de"><seg>a</tuv></tu></body></tmx>', /not well-formed/],
  ['another root', '<?xml version="1.0"?><xliff version="1.2"><file/></xliff>', /root element is <xliff>/],
  ['a tuv without seg', '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="de"></tuv></tu></body></tmx>', /exactly one <seg>/],
  ['an unknown language', '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="xx-YY"><seg>b</seg></tuv></tu></body></tmx>', /"xx-YY" is not a language/],
  ['no source language', '<tmx version="1.4"><header/><body><tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="de"><seg>b</seg></tuv></tu></body></tmx>', /source language/],
  ['no units', '<tmx version="1.4"><header srclang="en"/><body></body></tmx>', /no translation units/],
];
