/** Static data of the emulator: languages and seeded style rule lists. */

export interface Language { lang: string; name: string; source: boolean; target: boolean; spokenTerms?: boolean }

const NAMES: Record<string, string> = {
  ar: 'Arabic', bg: 'Bulgarian', cs: 'Czech', da: 'Danish', de: 'German', el: 'Greek', en: 'English', es: 'Spanish',
  et: 'Estonian', fi: 'Finnish', fr: 'French', he: 'Hebrew', hu: 'Hungarian', id: 'Indonesian', it: 'Italian',
  ja: 'Japanese', ko: 'Korean', lt: 'Lithuanian', lv: 'Latvian', nb: 'Norwegian Bokmål', nl: 'Dutch', pl: 'Polish',
  pt: 'Portuguese', ro: 'Romanian', ru: 'Russian', sk: 'Slovak', sl: 'Slovenian', sv: 'Swedish', th: 'Thai',
  tr: 'Turkish', uk: 'Ukrainian', vi: 'Vietnamese', zh: 'Chinese',
};

/** Glossary-capable languages: every language but Thai. */
export const GLOSSARY_LANGUAGES = Object.keys(NAMES).filter((l) => l !== 'th');

/** Voice languages; some carry the spoken_terms feature. */
export const VOICE_LANGUAGES: Language[] = [
  { lang: 'en', name: 'English', source: true, target: true, spokenTerms: true },
  { lang: 'de', name: 'German', source: true, target: true, spokenTerms: true },
  { lang: 'fr', name: 'French', source: true, target: true, spokenTerms: true },
  { lang: 'es', name: 'Spanish', source: true, target: true, spokenTerms: true },
  { lang: 'ja', name: 'Japanese', source: true, target: true, spokenTerms: true },
  { lang: 'it', name: 'Italian', source: true, target: true },
  { lang: 'nl', name: 'Dutch', source: true, target: true },
  { lang: 'pt', name: 'Portuguese', source: true, target: true },
  { lang: 'zh', name: 'Chinese', source: false, target: true },
];

export function languageList(resource: string): unknown[] {
  if (resource === 'voice') {
    return VOICE_LANGUAGES.map((l) => ({
      lang: l.lang, name: l.name, usable_as_source: l.source, usable_as_target: l.target, status: 'stable',
      features: l.spokenTerms ? { spoken_terms: { status: 'beta' } } : {},
    }));
  }
  const glossary = resource === 'glossary';
  const codes = glossary ? GLOSSARY_LANGUAGES : Object.keys(NAMES);
  return codes.map((lang) => ({
    lang, name: NAMES[lang], usable_as_source: true, usable_as_target: true, status: 'stable',
    features: glossary ? { glossary: { status: 'stable' } } : {},
  }));
}

export interface StyleRuleList {
  style_id: string; name: string; creation_time: string; updated_time: string; language: string; version: number;
  configured_rules?: Record<string, Record<string, string>>;
  custom_instructions?: Array<{ id: string; label: string; prompt: string; source_language?: string }>;
}

export function seedStyleRules(): StyleRuleList[] {
  return [
    {
      style_id: '4c1d2e3f-0000-4000-8000-000000000001', name: 'Marketing (US English)', language: 'en', version: 7,
      creation_time: '2026-03-02T09:15:00Z', updated_time: '2026-10-28T14:02:11Z',
      configured_rules: {
        dates_and_times: { calendar_era: 'use_bce_and_ce', single_digit_hours: 'do_not_use_leading_zero' },
        numbers: { units_of_measure_spacing: 'use_space_between_numeral_and_unit_of_measure' },
        punctuation: { serial_comma: 'use', dash: 'use_em_dash', apostrophe: 'use_curly_apostrophes', exclamation_marks: 'do_not_use' },
        spelling_and_grammar: { contractions: 'use_contractions_but_avoid_negative_contractions', abbreviation_usage: 'use_abbreviations_as_needed' },
      },
      custom_instructions: [
        { id: '5e1d0c00-0000-4000-8000-0000000000c1', label: 'Product names', prompt: 'Never translate product names such as Terminology Studio.' },
        { id: '5e1d0c00-0000-4000-8000-0000000000c2', label: 'Tone', prompt: 'Use a friendly, direct tone and address the reader as "you".', source_language: 'de' },
      ],
    },
    {
      style_id: '4c1d2e3f-0000-4000-8000-000000000002', name: 'Technische Dokumentation', language: 'de', version: 3,
      creation_time: '2026-05-11T07:00:00Z', updated_time: '2026-09-01T12:30:00Z',
      configured_rules: {
        dates_and_times: { dates_in_numerical_form: 'use_dd_period_mm_period_yyyy', hours_minutes_seconds_separator: 'use_colon' },
        formatting: { phone_number_country_code_format: 'use_plus_sign_before_country_code' },
        spelling_and_grammar: { compound_nouns: 'write_with_hyphen' },
      },
      custom_instructions: [{ id: '5e1d0c00-0000-4000-8000-0000000000c3', label: 'Anrede', prompt: 'Sieze den Leser durchgehend.' }],
    },
    {
      style_id: '4c1d2e3f-0000-4000-8000-000000000003', name: '製品マニュアル', language: 'ja', version: 1,
      creation_time: '2026-08-20T03:00:00Z', updated_time: '2026-08-20T03:00:00Z',
      configured_rules: { punctuation: { colon: 'use_full_width_colon', round_brackets: 'use_full_width_round_brackets' } },
    },
  ];
}
