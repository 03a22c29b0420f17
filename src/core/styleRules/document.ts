/** A style rule list as a JSON document: `configured_rules` and `custom_instructions`, checked against the catalog
 * (unknown group, rule or option, with the nearest valid one as the fix) and the instruction limits; completion and
 * hover content; and the calls a save needs (one PUT for the rules, create/update/delete for the instructions). */
import { getLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import {
  INSTRUCTIONS_MAX, LABEL_MAX, nearest, OPEN_GROUPS, PROMPT_MAX, RULE_GROUPS, RULE_OPTIONS, SOURCE_LANGUAGES,
} from './catalog';

export type StyleRules = Record<string, Record<string, string>>;
export interface Instruction { id?: string; label: string; prompt: string; source_language?: string }
export interface StyleContent { configured_rules: StyleRules; custom_instructions: Instruction[] }

/** Every code a style rule list finding can carry (each has its anchor in docs/rules.md). */
export const STYLE_CODES = [
  'json-syntax', 'not-an-object', 'unknown-property', 'unknown-group', 'unknown-rule', 'unknown-option', 'option-not-a-string',
  'label-too-long', 'prompt-too-long', 'empty-label', 'empty-prompt', 'too-many-instructions', 'unknown-source-language',
  'unknown-instruction-id', 'duplicate-instruction-id',
] as const;
export type StyleCode = (typeof STYLE_CODES)[number];

export interface StyleFinding {
  code: StyleCode;
  severity: 'error' | 'warning';
  message: string;
  /** UTF-16 offsets into the text, end exclusive. */
  start: number;
  end: number;
  fix?: { title: string; start: number; end: number; text: string };
}

const chars = (s: string) => [...s].length;
/** Option ids as a choice, each quoted: `"a"`, `"a" or "b"`, `one of "a", "b", "c"`. */
const oneOf = (ids: readonly string[]) => {
  const q = ids.map((id) => `"${id}"`);
  return q.length <= 2 ? q.join(' or ') : `one of ${q.join(', ')}`;
};

/** The canonical text of a list's editable part. */
export function styleDocumentText(c: { configuredRules?: StyleRules; customInstructions?: Array<{ id: string; label: string; prompt: string; sourceLanguage?: string }> }): string {
  const content = {
    configured_rules: c.configuredRules ?? {},
    custom_instructions: (c.customInstructions ?? []).map((i) => ({ id: i.id, label: i.label, prompt: i.prompt, ...(i.sourceLanguage ? { source_language: i.sourceLanguage } : {}) })),
  };
  return JSON.stringify(content, null, 2) + '\n';
}

/** Checks the document; `knownIds` are the instruction ids of the list as it was opened (an id the list does not
 * have cannot be updated). Answers the findings and, when the structure is readable, the content. */
export function checkStyleDocument(text: string, knownIds?: ReadonlySet<string>): { findings: StyleFinding[]; content?: StyleContent } {
  const findings: StyleFinding[] = [];
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  for (const e of errors) findings.push({ code: 'json-syntax', severity: 'error', message: `JSON: ${printParseErrorCode(e.error)}`, start: e.offset, end: e.offset + Math.max(1, e.length) });
  if (!root || root.type !== 'object') {
    if (!errors.length) findings.push({ code: 'not-an-object', severity: 'error', message: 'The document must be a JSON object with "configured_rules" and "custom_instructions".', start: 0, end: Math.max(1, text.length) });
    return { findings };
  }
  const content: StyleContent = { configured_rules: {}, custom_instructions: [] };
  let readable = !errors.length;
  for (const prop of root.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || !valueNode) continue;
    const key = String(keyNode.value);
    if (key === 'configured_rules') {
      if (valueNode.type !== 'object') { findings.push(at(valueNode, 'not-an-object', '"configured_rules" must be an object of groups.')); readable = false; continue; }
      content.configured_rules = checkRules(valueNode, findings);
    } else if (key === 'custom_instructions') {
      if (valueNode.type !== 'array') { findings.push(at(valueNode, 'not-an-object', '"custom_instructions" must be an array.')); readable = false; continue; }
      content.custom_instructions = checkInstructions(valueNode, findings, knownIds);
    } else {
      findings.push({ ...at(keyNode, 'unknown-property', `Unknown property "${key}": a style rule list document holds "configured_rules" and "custom_instructions". Rename the list from the Style Rules view.`) });
    }
  }
  return { findings, ...(readable ? { content } : {}) };
}

function at(node: Node, code: StyleCode, message: string, severity: 'error' | 'warning' = 'error'): StyleFinding {
  return { code, severity, message, start: node.offset, end: node.offset + node.length };
}

/** The fix that removes a property (its comma with it) from its object: the value node `value` names it. */
function removeProperty(value: Node, title: string): StyleFinding['fix'] {
  const prop = value.parent!;
  const siblings = prop.parent?.children ?? [prop];
  const i = siblings.indexOf(prop);
  const next = siblings[i + 1];
  const prev = siblings[i - 1];
  if (next) return { title, start: prop.offset, end: next.offset, text: '' };
  if (prev) return { title, start: prev.offset + prev.length, end: prop.offset + prop.length, text: '' };
  return { title, start: prop.offset, end: prop.offset + prop.length, text: '' };
}

/** The fix that replaces a string node's value (keeping its quotes). */
function replaceString(node: Node, value: string, title: string): StyleFinding['fix'] {
  return { title, start: node.offset, end: node.offset + node.length, text: JSON.stringify(value) };
}

function checkRules(node: Node, findings: StyleFinding[]): StyleRules {
  const out: StyleRules = {};
  const groups = Object.keys(RULE_GROUPS);
  for (const gp of node.children ?? []) {
    const [gKey, gVal] = gp.children ?? [];
    if (!gKey || !gVal) continue;
    const group = String(gKey.value);
    if (!RULE_GROUPS[group]) {
      const near = nearest(group, groups);
      findings.push({ ...at(gKey, 'unknown-group', `Unknown rule group "${group}"${near ? `; did you mean "${near}"?` : ''} The groups are ${groups.join(', ')}.`), ...(near ? { fix: replaceString(gKey, near, `Change to "${near}"`) } : {}) });
      continue;
    }
    if (gVal.type !== 'object') { findings.push(at(gVal, 'not-an-object', `"${group}" must be an object of rules.`)); continue; }
    out[group] = {};
    for (const rp of gVal.children ?? []) {
      const [rKey, rVal] = rp.children ?? [];
      if (!rKey || !rVal) continue;
      const rule = String(rKey.value);
      const rules = RULE_GROUPS[group];
      if (!rules.includes(rule)) {
        const near = nearest(rule, rules);
        const open = OPEN_GROUPS.has(group);
        findings.push({
          ...at(rKey, 'unknown-rule', `Unknown rule "${rule}" in ${group}${near ? `; did you mean "${near}"?` : ''}${open ? ' (the interface document does not list every rule of this group, so the service may know it)' : ''}`, open ? 'warning' : 'error'),
          ...(near ? { fix: replaceString(rKey, near, `Change to "${near}"`) } : {}),
        });
      }
      if (rVal.type !== 'string') { findings.push(at(rVal, 'option-not-a-string', `The option of ${group}.${rule} must be a string (an option identifier).`)); continue; }
      const option = String(rVal.value);
      const allowed = RULE_OPTIONS[`${group}.${rule}`];
      if (allowed && !allowed.includes(option)) {
        const near = nearest(option, allowed) ?? (allowed.length === 1 ? allowed[0] : undefined);
        findings.push({ ...at(rVal, 'unknown-option', `"${option}" is not an option of ${group}.${rule}: use ${oneOf(allowed)}.`), ...(near ? { fix: replaceString(rVal, near, `Change to "${near}"`) } : {}) });
      } else if (!allowed && !/^[\p{Ll}\p{N}_]+$/u.test(option)) {
        findings.push(at(rVal, 'unknown-option', `"${option}" is not an option identifier (lower-case words joined by "_").`));
      }
      out[group][rule] = option;
    }
  }
  return out;
}

function checkInstructions(node: Node, findings: StyleFinding[], knownIds?: ReadonlySet<string>): Instruction[] {
  const items = node.children ?? [];
  if (items.length > INSTRUCTIONS_MAX) {
    findings.push(at(items[INSTRUCTIONS_MAX], 'too-many-instructions', `A list holds at most ${INSTRUCTIONS_MAX} custom instructions; this is number ${INSTRUCTIONS_MAX + 1} of ${items.length}.`));
  }
  const seen = new Set<string>();
  const out: Instruction[] = [];
  for (const item of items) {
    if (item.type !== 'object') { findings.push(at(item, 'not-an-object', 'A custom instruction is an object {"label", "prompt", "source_language"?} (with "id" once it exists).')); continue; }
    const fields = new Map<string, Node>();
    for (const p of item.children ?? []) {
      const [k, v] = p.children ?? [];
      if (!k || !v) continue;
      const name = String(k.value);
      if (!['id', 'label', 'prompt', 'source_language'].includes(name)) findings.push(at(k, 'unknown-property', `Unknown property "${name}" of a custom instruction: use "label", "prompt" and "source_language".`));
      else fields.set(name, v);
    }
    const str = (name: string) => { const v = fields.get(name); return v?.type === 'string' ? String(v.value) : undefined; };
    const label = str('label');
    const prompt = str('prompt');
    if (label === undefined || !label.trim()) findings.push(at(fields.get('label') ?? item, 'empty-label', 'A custom instruction needs a "label" (1 to 100 characters).'));
    else if (chars(label) > LABEL_MAX) findings.push(at(fields.get('label')!, 'label-too-long', `The label has ${chars(label)} characters; at most ${LABEL_MAX} are allowed.`));
    if (prompt === undefined || !prompt.trim()) findings.push(at(fields.get('prompt') ?? item, 'empty-prompt', 'A custom instruction needs a "prompt" (1 to 300 characters).'));
    else if (chars(prompt) > PROMPT_MAX) findings.push(at(fields.get('prompt')!, 'prompt-too-long', `The prompt has ${chars(prompt)} characters; at most ${PROMPT_MAX} are allowed.`));
    const source = fields.get('source_language');
    let sourceLanguage: string | undefined;
    if (source && !(source.type === 'null')) {
      const code = source.type === 'string' ? String(source.value) : '';
      if (!SOURCE_LANGUAGES.has(code.toLowerCase())) {
        const near = nearest(code.toLowerCase(), [...SOURCE_LANGUAGES]);
        findings.push({ ...at(source, 'unknown-source-language', `"${code}" is not a source language of the service.`), ...(near && code ? { fix: replaceString(source, near, `Change to "${near}"`) } : {}) });
      } else sourceLanguage = code.toLowerCase();
    }
    const idNode = fields.get('id');
    const id = idNode?.type === 'string' ? String(idNode.value) : undefined;
    if (idNode && id !== undefined) {
      const asNew = removeProperty(idNode, 'Remove "id" (push it as a new instruction)');
      if (seen.has(id)) findings.push({ ...at(idNode, 'duplicate-instruction-id', `The id "${id}" appears twice; remove one of the two instructions (or its "id" to create a new one).`), fix: asNew });
      else if (knownIds && !knownIds.has(id)) findings.push({ ...at(idNode, 'unknown-instruction-id', `The list has no instruction with the id "${id}": remove "id" to create a new instruction.`), fix: asNew });
      seen.add(id);
    }
    out.push({ ...(id !== undefined ? { id } : {}), label: label ?? '', prompt: prompt ?? '', ...(sourceLanguage ? { source_language: sourceLanguage } : {}) });
  }
  return out;
}

export interface StyleCompletion { kind: 'group' | 'rule' | 'option' | 'property'; items: string[]; group?: string; rule?: string }

/** What may be typed at `offset`: a group name, a rule name of the group, or an option of the rule. */
export function completionsAt(text: string, offset: number): StyleCompletion | undefined {
  const loc = getLocation(text, offset);
  const path = loc.path.map(String);
  if (path[0] === 'configured_rules') {
    if (path.length <= 2 && loc.isAtPropertyKey && path.length === 2) return { kind: 'group', items: Object.keys(RULE_GROUPS) };
    if (path.length === 2 && !loc.isAtPropertyKey) return undefined;
    if (path.length === 3 && loc.isAtPropertyKey && RULE_GROUPS[path[1]]) return { kind: 'rule', group: path[1], items: [...RULE_GROUPS[path[1]]] };
    if (path.length === 3 && !loc.isAtPropertyKey) {
      const allowed = RULE_OPTIONS[`${path[1]}.${path[2]}`];
      return allowed ? { kind: 'option', group: path[1], rule: path[2], items: [...allowed] } : undefined;
    }
  }
  if (path.length === 1 && loc.isAtPropertyKey) return { kind: 'property', items: ['configured_rules', 'custom_instructions'] };
  return undefined;
}

/** Hover text (Markdown) for a group, a rule or an option at `offset`. */
export function hoverAt(text: string, offset: number): { markdown: string; start: number; end: number } | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  const loc = getLocation(text, offset);
  const node = loc.previousNode;
  const path = loc.path.map(String);
  if (!node || path[0] !== 'configured_rules') return undefined;
  const span = { start: node.offset, end: node.offset + node.length };
  const group = path[1];
  if (path.length === 2 && RULE_GROUPS[group]) {
    return { ...span, markdown: `**${group}**: ${RULE_GROUPS[group].length} rules${OPEN_GROUPS.has(group) ? ' (and more the interface document does not list)' : ''}:\n\n${RULE_GROUPS[group].map((r) => `\`${r}\``).join(', ')}` };
  }
  if (path.length === 3 && RULE_GROUPS[group]) {
    const rule = path[2];
    const allowed = RULE_OPTIONS[`${group}.${rule}`];
    const known = RULE_GROUPS[group].includes(rule);
    const options = allowed ? `Allowed values:\n\n${allowed.map((o) => `- \`${o}\``).join('\n')}` : 'Its option identifiers are not shown in the interface document; any lower-case identifier is sent as it is.';
    return { ...span, markdown: `**${group}.${rule}**${known ? '' : ' (not a rule the interface document lists)'}\n\n${options}` };
  }
  return undefined;
}

export interface PushPlan {
  /** The configured_rules to PUT, when they changed. */
  rules?: StyleRules;
  create: Instruction[];
  update: Array<Instruction & { id: string }>;
  delete: string[];
}

const sameRules = (a: StyleRules, b: StyleRules) => JSON.stringify(sortDeep(a)) === JSON.stringify(sortDeep(b));
function sortDeep(r: StyleRules): Array<[string, Array<[string, string]>]> {
  return Object.keys(r).sort().filter((g) => Object.keys(r[g] ?? {}).length).map((g) => [g, Object.keys(r[g]).sort().map((k) => [k, r[g][k]] as [string, string])]);
}

/** The calls that turn `base` into `next`. An instruction of `next` whose id `base` lacks (deleted on the service
 * since the document read it: an Overwrite) is created again, without its old id. */
export function planPush(base: StyleContent, next: StyleContent): PushPlan {
  const plan: PushPlan = { create: [], update: [], delete: [] };
  if (!sameRules(base.configured_rules, next.configured_rules)) plan.rules = next.configured_rules;
  const before = new Map(base.custom_instructions.filter((i) => i.id).map((i) => [i.id!, i]));
  const kept = new Set<string>();
  for (const i of next.custom_instructions) {
    const old = i.id === undefined ? undefined : before.get(i.id);
    if (!old) {
      const created: Instruction = { ...i };
      delete created.id;
      plan.create.push(created);
      continue;
    }
    kept.add(old.id!);
    if (old.label !== i.label || old.prompt !== i.prompt || (old.source_language ?? '') !== (i.source_language ?? '')) plan.update.push(i as Instruction & { id: string });
  }
  for (const id of before.keys()) if (!kept.has(id)) plan.delete.push(id);
  return plan;
}

export const isEmptyPlan = (p: PushPlan): boolean => !p.rules && !p.create.length && !p.update.length && !p.delete.length;
