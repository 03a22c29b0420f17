#!/usr/bin/env python3
"""The corpus's independent reader (issue #29, item 5): what each file of test/corpus/SOURCES.md holds, read with
Python's own XML and CSV readers (xml.etree / expat, csv), never with the extension's importer. It prints, per file,
the figures expected.json holds (declared language, source language, entries per pair, skipped per reason, first
entry); expected.json is written from its output, checked by hand against the files.

    python3 test/corpus/independent.py /work/corpus-files [file ...]

The rules it applies are the import's documented ones (docs and issue #29), written again here:
- TBX v2 (martif/termEntry/langSet/tig|ntig/term) and v3 (tbx/conceptEntry/langSec/termSec/term), any prefix or
  namespace; a term's language is its group's xml:lang, else its langSet's, else the root's.
- language codes fold to their root as the service names them (de-DE -> de, no -> nb, eng -> en); a code without a
  language tag's shape (`---`) names no language: its terms are left out, never a pair.
- the source language is the root's xml:lang when it has terms, else the language with the most concepts; a file
  with no term in any language has none (the import says there is nothing to pair).
- per concept and language: a preferred term, else the first admitted one, else the first one; terms whose status is
  deprecated/forbidden (administrativeStatus, normativeAuthorization, any spelling) are left out; Phrase's
  termNote type="forbidden" / type="preferred" says that status when its value is true.
- a concept without a source term is skipped as missing-source for each of its other languages; a language whose
  terms are all left out gives forbidden, one whose terms are empty gives empty.
- per pair, a source phrase seen before is a duplicate; a phrase with a line break is invalid.
- spreadsheets: the delimiter, header and column languages are given by hand below (SHEETS): what a person reads
  from the file; rows with no text at all are no rows; in tab-separated text a line of one cell starting with # is a
  comment (OmegaT's glossary format).
"""
import csv
import io
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

GLOSSARY = set(('ar bg cs da de el en es et fi fr he hu id it ja ko lt lv nb nl pl pt ro ru sk sl sv tr uk zh vi hi bn ms '
                'fa ca eu gl hr sr bs mk sq is ga cy mt af sw ta te ur th').split())
ALIASES = {'no': 'nb', 'nor': 'nb', 'nob': 'nb', 'iw': 'he', 'in': 'id', 'eng': 'en', 'deu': 'de', 'ger': 'de',
           'fra': 'fr', 'fre': 'fr', 'spa': 'es', 'ita': 'it', 'jpn': 'ja', 'zho': 'zh', 'chi': 'zh', 'rus': 'ru'}
XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang'


def root_code(code):
    c = (code or '').strip().lower().replace('_', '-')
    if not c or not re.fullmatch(r'[a-z]{1,8}(-[a-z0-9]{1,8})*', c):
        return ''  # blank, or no language code's shape (`---`): no language
    first = c.split('-')[0]
    return ALIASES.get(first, first if re.fullmatch(r'[a-z]{2,3}', first) else c)


def local(tag):
    tag = tag.split('}')[-1]
    return tag.split(':')[-1]


def status_of(value):
    v = re.sub(r'[^a-z]', '', value.lower())
    if re.search(r'forbidden|rejected', v):
        return 3
    if re.search(r'deprecated|superseded|obsolete|notrecommended', v):
        return 2
    if re.search(r'preferred|standardized|legal|regulated', v):
        return 1  # preferred
    if 'admitted' in v:
        return 0.5
    return 0


STATUS_TYPES = {'administrativestatus', 'normativeauthorization'}


def group_status(group):
    """The strongest status among the group's status elements (DCA: termNote/descrip/admin type=…; DCT: the element)."""
    best = 0
    for el in group.iter():
        name = local(el.tag)
        t = (el.get('type') or '').lower()
        if (name in ('termNote', 'descrip', 'admin') and t in STATUS_TYPES) or name.lower() in STATUS_TYPES:
            best = max(best, status_of(''.join(el.itertext()).strip()), key=lambda s: (s >= 2, s))
        elif name in ('termNote', 'descrip', 'admin') and t in ('forbidden', 'preferred'):
            # Phrase's yes/no notes: only a true one says its status.
            if ''.join(el.itertext()).strip().lower() in ('true', 'yes', '1'):
                best = max(best, status_of(t), key=lambda s: (s >= 2, s))
    return best


def read_tbx(path):
    tree = ET.parse(path)
    root = tree.getroot()
    declared = root_code(root.get(XML_LANG) or '')
    concepts = []
    for entry in root.iter():
        if local(entry.tag) not in ('termEntry', 'conceptEntry'):
            continue
        terms = []  # (lang, text, status)

        def walk(el, lang):
            for child in el:
                name = local(child.tag)
                if name in ('langSet', 'langSec'):
                    walk(child, child.get(XML_LANG) or root.get(XML_LANG) or '')
                elif name in ('tig', 'ntig', 'termSec'):
                    term = next((t for t in child.iter() if local(t.tag) == 'term'), None)
                    text = ''.join(term.itertext()) if term is not None else ''
                    terms.append((root_code(child.get(XML_LANG) or lang), text, group_status(child)))
                elif name == 'term':
                    terms.append((root_code(lang), ''.join(child.itertext()), 0))
                else:
                    walk(child, lang)
        walk(entry, root.get(XML_LANG) or '')
        concepts.append(terms)
    return declared, concepts


def pick(terms):
    usable = [t for t in terms if t[2] < 2]
    excluded = [t for t in terms if t[2] >= 2]
    cand = [t for t in usable if t[1].strip()]
    chosen = next((t for t in cand if t[2] == 1), None) or next((t for t in cand if t[2] == 0.5), None) or (cand[0] if cand else None)
    return chosen, excluded


def plan_concepts(concepts, source):
    pairs = {}  # target -> {'entries': [...], 'skipped': {...}}
    for terms in concepts:
        by = {}
        for lang, text, st in terms:
            if lang:
                by.setdefault(lang, []).append((lang, text, st))
        targets = [l for l in by if l != source]
        if not targets:
            continue
        src = pick(by[source]) if source in by else None
        for t in targets:
            p = pairs.setdefault(t, {'cand': [], 'skipped': {}})
            if src is None:
                p['skipped']['missing-source'] = p['skipped'].get('missing-source', 0) + 1
                continue
            tgt = pick(by[t])
            s, g = src[0], tgt[0]
            if s is None or g is None:
                side = src if s is None else tgt
                reason = 'forbidden' if side[1] else 'empty'
                p['skipped'][reason] = p['skipped'].get(reason, 0) + 1
                continue
            p['cand'].append((s[1].strip(), g[1].strip()))
    return finish(source, pairs)


def finish(source, pairs):
    out = {}
    for t, p in pairs.items():
        entries = []
        seen = set()
        sk = dict(p['skipped'])
        if t not in GLOSSARY or source not in GLOSSARY or t == source:
            if p['cand']:
                sk['unsupported-language'] = sk.get('unsupported-language', 0) + len(p['cand'])
            out[f'{source}-{t}'] = {'entries': [], 'skipped': sk}
            continue
        for s, g in p['cand']:
            if s in seen:
                sk['duplicate'] = sk.get('duplicate', 0) + 1
                continue
            seen.add(s)
            if re.search(r'[\r\n\u2028\u2029\u0085]', s + g):
                sk['invalid'] = sk.get('invalid', 0) + 1
                continue
            entries.append([s, g])
        out[f'{source}-{t}'] = {'entries': entries, 'skipped': sk}
    return out


# Spreadsheets, as a person reads them: encoding, delimiter, whether row 1 is a header, the column of each language.
SHEETS = {
    'omegat-test.csv': ('utf-8', ',', False, {0: 'en', 1: 'de'}),
    'okapi-test01.csv': ('utf-8', ',', False, {0: 'en', 1: 'fr'}),
    'okapi-test01.tsv': ('utf-8', '\t', False, {0: 'en', 1: 'fr'}),
    'okapi-test02_utf16be.tsv': ('utf-16', '\t', False, {0: 'en', 1: 'fr'}),
    'omegat-test.tab': ('utf-8', '\t', False, {0: 'en', 1: 'fr'}),
    'omegat-utf16le.txt': ('utf-16', '\t', False, {0: 'en', 1: 'fr'}),
    'omegat-acceptance-glossary.txt': ('utf-8', '\t', False, {0: 'en', 1: 'zh'}),
    # term,pos,Agreed,definition,source,comments,ES,FR: the terms (English, by reading them) and two languages.
    'iati-glossary.csv': ('utf-8', ',', True, {0: 'en', 6: 'es', 7: 'fr'}),
}


def read_sheet(path, name):
    enc, delim, header, cols = SHEETS[name]
    raw = open(path, 'rb').read()
    text = raw.decode('utf-8-sig' if enc == 'utf-8' else enc).lstrip('\ufeff')
    rows = list(csv.reader(io.StringIO(text, newline=''), delimiter=delim, quoting=csv.QUOTE_NONE if delim == '\t' else csv.QUOTE_MINIMAL))
    rows = [r for r in rows if any(c.strip() for c in r)]
    if delim == '\t':  # OmegaT's glossary format: a line that starts with # (and holds nothing else) is a comment
        rows = [r for r in rows if not (len([c for c in r if c.strip()]) == 1 and r[0].lstrip().startswith('#'))]
    if header:
        rows = rows[1:]
    src_col = list(cols)[0]
    source = cols[src_col]
    out = {}
    cell = lambda r, i: r[i] if i < len(r) else ''
    for ti, t in list(cols.items())[1:]:
        p = {'cand': [], 'skipped': {}}
        for r in rows:
            s, g = cell(r, src_col), cell(r, ti)
            # A line break in any column that is read skips the row (a phrase cannot hold one).
            if any(re.search(r'[\r\n]', cell(r, i)) for i in cols):
                p['skipped']['multi-line'] = p['skipped'].get('multi-line', 0) + 1
                continue
            if not s.strip() or not g.strip():
                p['skipped']['empty'] = p['skipped'].get('empty', 0) + 1
                continue
            p['cand'].append((s.strip(), g.strip()))
        out.update(finish(source, {t: p}))
    return out


def summary(pairs):
    return {
        'pairs': {k: len(v['entries']) for k, v in pairs.items()},
        'skipped': {k: v['skipped'] for k, v in pairs.items() if v['skipped']},
        'first': {k: v['entries'][0] for k, v in pairs.items() if v['entries']},
    }


def main():
    folder = sys.argv[1]
    names = sys.argv[2:] or sorted(os.listdir(folder))
    for name in names:
        path = os.path.join(folder, name)
        if name in SHEETS:
            res = summary(read_sheet(path, name))
        else:
            try:
                declared, concepts = read_tbx(path)
            except ET.ParseError as e:
                print(json.dumps({name: {'error': str(e)}}, ensure_ascii=False))
                continue
            counts = {}
            order = []
            for terms in concepts:
                for lang in dict.fromkeys(l for l, _, _ in terms if l):
                    if lang not in counts:
                        order.append(lang)
                    counts[lang] = counts.get(lang, 0) + 1
            # No term with a language at all (e.g. `lang` written for `xml:lang`): no source, nothing to pair.
            source = declared if declared in counts else max(order, key=lambda l: (counts[l], -order.index(l))) if order else None
            res = {'declared': declared if declared in counts else None, 'source': source, 'concepts': len(concepts), 'languages': counts}
            res.update(summary(plan_concepts(concepts, source) if source else {}))
        print(json.dumps({name: res}, ensure_ascii=False))


if __name__ == '__main__':
    main()
