/** Managing style rule lists (Pro plans): create, rename, replace configured_rules, delete, and the custom
 * instructions one by one. Every change increments the list's `version`. The lookups are in misc.ts. */
import { HttpError, str } from './http';
import { languageList, type StyleRuleList } from './data';
import { newId, now } from './state';
import type { Context, Route } from './router';

export const STYLE_LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'zh'];
export const RULE_GROUPS = ['dates_and_times', 'formatting', 'numbers', 'punctuation', 'spelling_and_grammar'];
export const LABEL_MAX = 100;
export const PROMPT_MAX = 300;
export const INSTRUCTIONS_MAX = 200;

type Instruction = NonNullable<StyleRuleList['custom_instructions']>[number];

function lists(ctx: Context): StyleRuleList[] {
  if (ctx.acc.plan === 'free') throw new HttpError(403, 'Forbidden', 'Style rule lists can be managed on Pro plans only');
  return ctx.emulator.styleRules;
}

/** The service's ids are UUIDs: anything else is malformed and answers 400 before any lookup (an
 * unknown but well-formed id answers 404). */
export function checkId(id: string, what: string): void {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new HttpError(400, 'Bad request', `"${id}" is not a valid ${what}`);
}

function find(ctx: Context): StyleRuleList {
  const id = ctx.params[0];
  checkId(id, 'style_id');
  const s = lists(ctx).find((x) => x.style_id === id);
  if (!s) throw new HttpError(404, 'Not found', `Style rule list ${id} not found`);
  return s;
}

function touch(s: StyleRuleList): StyleRuleList {
  s.version++;
  s.updated_time = now();
  return s;
}

function checkName(name: string): string {
  if (!name.trim()) throw new HttpError(400, 'Bad request', 'The name must not be empty');
  if (Buffer.byteLength(name) > 1024) throw new HttpError(400, 'Bad request', 'The name is longer than 1024 UTF-8 bytes');
  return name;
}

export function configuredRules(v: unknown): Record<string, Record<string, string>> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HttpError(400, 'Bad request', 'configured_rules must be an object');
  const out: Record<string, Record<string, string>> = {};
  for (const [group, rules] of Object.entries(v)) {
    if (!RULE_GROUPS.includes(group)) throw new HttpError(400, 'Bad request', `Unknown rule group "${group}"`);
    if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) throw new HttpError(400, 'Bad request', `configured_rules.${group} must be an object`);
    out[group] = {};
    for (const [rule, option] of Object.entries(rules as Record<string, unknown>)) {
      if (typeof option !== 'string' || !/^[\p{Ll}\p{N}_]+$/u.test(option)) throw new HttpError(400, 'Bad request', `configured_rules.${group}.${rule} must be an option identifier`);
      out[group][rule] = option;
    }
  }
  return out;
}

function instructionInput(o: Record<string, unknown>): Omit<Instruction, 'id'> {
  const label = str(o, 'label')!;
  const prompt = str(o, 'prompt')!;
  const source = str(o, 'source_language', false);
  if (!label.trim() || [...label].length > LABEL_MAX) throw new HttpError(400, 'Bad request', `label must hold 1 to ${LABEL_MAX} characters`);
  if (!prompt.trim() || [...prompt].length > PROMPT_MAX) throw new HttpError(400, 'Bad request', `prompt must hold 1 to ${PROMPT_MAX} characters`);
  if (source !== undefined && !languageList('translate_text').some((l) => (l as { lang: string }).lang === source.toLowerCase())) {
    throw new HttpError(400, 'Bad request', `source_language "${source}" is not a supported language`);
  }
  return { label, prompt, ...(source !== undefined ? { source_language: source.toLowerCase() } : {}) };
}

function instructions(s: StyleRuleList): Instruction[] {
  return (s.custom_instructions ??= []);
}

function findInstruction(s: StyleRuleList, id: string): Instruction {
  checkId(id, 'instruction id');
  const c = instructions(s).find((x) => x.id === id);
  if (!c) throw new HttpError(404, 'Not found', `Custom instruction ${id} not found in style rule list ${s.style_id}`);
  return c;
}

function addInstruction(s: StyleRuleList, input: Omit<Instruction, 'id'>): Instruction {
  if (instructions(s).length >= INSTRUCTIONS_MAX) throw new HttpError(400, 'Bad request', `A style rule list holds at most ${INSTRUCTIONS_MAX} custom instructions`);
  const c = { id: newId(), ...input };
  instructions(s).push(c);
  return c;
}

export const styleRuleRoutes: Route[] = [
  ['POST', /^\/v3\/style_rules$/, (ctx) => {
    const all = lists(ctx);
    const name = checkName(str(ctx.body, 'name')!);
    const language = str(ctx.body, 'language')!.toLowerCase();
    if (!STYLE_LANGUAGES.includes(language)) throw new HttpError(400, 'Bad request', `language must be one of ${STYLE_LANGUAGES.join(', ')}`);
    const t = now();
    const s: StyleRuleList = { style_id: newId(), name, language, version: 1, creation_time: t, updated_time: t, configured_rules: {}, custom_instructions: [] };
    if (ctx.body.configured_rules !== undefined) s.configured_rules = configuredRules(ctx.body.configured_rules);
    const given = ctx.body.custom_instructions;
    if (given !== undefined) {
      if (!Array.isArray(given)) throw new HttpError(400, 'Bad request', 'custom_instructions must be an array');
      for (const c of given) addInstruction(s, instructionInput(c as Record<string, unknown>));
    }
    all.push(s);
    return { status: 201, body: s, mutated: true };
  }],
  ['PATCH', /^\/v3\/style_rules\/([^/]+)$/, (ctx) => {
    const s = find(ctx);
    s.name = checkName(str(ctx.body, 'name')!);
    return { status: 200, body: touch(s), mutated: true };
  }],
  ['PUT', /^\/v3\/style_rules\/([^/]+)\/configured_rules$/, (ctx) => {
    const s = find(ctx);
    s.configured_rules = configuredRules(ctx.body);
    return { status: 200, body: touch(s), mutated: true };
  }],
  ['DELETE', /^\/v3\/style_rules\/([^/]+)$/, (ctx) => {
    const s = find(ctx);
    const all = lists(ctx);
    all.splice(all.indexOf(s), 1);
    return { status: 204, mutated: true };
  }],
  ['POST', /^\/v3\/style_rules\/([^/]+)\/custom_instructions$/, (ctx) => {
    const s = find(ctx);
    const c = addInstruction(s, instructionInput(ctx.body));
    touch(s);
    return { status: 201, body: c, mutated: true };
  }],
  ['GET', /^\/v3\/style_rules\/([^/]+)\/custom_instructions\/([^/]+)$/, (ctx) => ({ status: 200, body: findInstruction(find(ctx), ctx.params[1]) })],
  ['PUT', /^\/v3\/style_rules\/([^/]+)\/custom_instructions\/([^/]+)$/, (ctx) => {
    const s = find(ctx);
    const c = findInstruction(s, ctx.params[1]);
    const input = instructionInput(ctx.body);
    c.label = input.label;
    c.prompt = input.prompt;
    if (input.source_language) c.source_language = input.source_language; else delete c.source_language;
    touch(s);
    return { status: 200, body: c, mutated: true };
  }],
  ['DELETE', /^\/v3\/style_rules\/([^/]+)\/custom_instructions\/([^/]+)$/, (ctx) => {
    const s = find(ctx);
    const c = findInstruction(s, ctx.params[1]);
    instructions(s).splice(instructions(s).indexOf(c), 1);
    touch(s);
    return { status: 204, mutated: true };
  }],
];
