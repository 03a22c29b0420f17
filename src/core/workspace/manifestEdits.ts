/** Text edits of the workspace manifest (`terminology.json`) that keep the file's layout: an id written, a link added
 * or removed. Pure; apart from manifest.ts, so that reading a manifest does not take in jsonc-parser's editing. */
import { applyEdits, modify, parseTree } from 'jsonc-parser';
import { AREA_KEYS, findProp, manifestLinks, normalizePath, parseManifest, type LinkArea } from './manifest';

function indentOf(text: string): { tabSize: number; insertSpaces: boolean; eol: string } {
  const m = /\n([ \t]+)\S/.exec(text);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (m && m[1].startsWith('\t')) return { tabSize: 1, insertSpaces: false, eol };
  return { tabSize: m ? m[1].length : 2, insertSpaces: true, eol };
}

function edit(text: string, path: (string | number)[], value: unknown): string {
  const { tabSize, insertSpaces, eol } = indentOf(text);
  const edits = modify(text, path, value, { formattingOptions: { tabSize, insertSpaces, eol } });
  return applyEdits(text, edits);
}

const emptyManifest = '{\n  "glossaries": [],\n  "spokenTerms": []\n}\n';

/** Writes (or removes, with undefined) the id of one glossary or collection. */
export function setManifestId(text: string, area: LinkArea, index: number, id: string | undefined): string {
  return edit(text, [area, index, 'id'], id);
}

/**
 * Links `path` to a dictionary ("en-de") or term list ("en") of the glossary or collection named `name`: adds the
 * owner when the manifest lacks it (with its id), and replaces an earlier link of the same key.
 */
export function addManifestLink(text: string, link: { area: LinkArea; name: string; id?: string; key: string; path: string }): string {
  if (text.trim() === '') text = emptyManifest;
  const { manifest } = parseManifest(text);
  const root = parseTree(text);
  let listed = root && root.type === 'object' ? findProp(root, link.area) : undefined;
  if (!listed || listed.type !== 'array') { text = edit(text, [link.area], []); listed = undefined; }
  const owners = manifest[link.area];
  const owner = (link.id && owners.find((o) => o.id === link.id)) || owners.find((o) => o.name === link.name);
  const listKey = AREA_KEYS[link.area].list;
  if (!owner) {
    const count = (listed?.children ?? []).length;
    return edit(text, [link.area, count], { name: link.name, ...(link.id ? { id: link.id } : {}), [listKey]: { [link.key]: link.path } });
  }
  if (link.id && owner.id !== link.id) text = edit(text, [link.area, owner.index, 'id'], link.id);
  // Its list of links, when it is not an object (null, an array …), is replaced, as the area's array above.
  const list = findProp(listed!.children![owner.index], listKey);
  if (list && list.type !== 'object') text = edit(text, [link.area, owner.index, listKey], {});
  const existing = owner.links.find((l) => l.key.toLowerCase() === link.key.toLowerCase());
  if (existing && existing.key !== link.key) text = edit(text, [link.area, owner.index, listKey, existing.key], undefined);
  return edit(text, [link.area, owner.index, listKey, link.key], link.path);
}

/** Removes the link of `path` (relative to the manifest); the glossary or collection entry stays. */
export function removeManifestLink(text: string, path: string): string {
  const { manifest } = parseManifest(text);
  const norm = normalizePath(path);
  const link = manifestLinks(manifest).find((l) => l.path === norm);
  if (!link) return text;
  return edit(text, [link.area, link.owner, AREA_KEYS[link.area].list, link.key], undefined);
}

