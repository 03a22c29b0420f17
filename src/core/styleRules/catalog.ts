/** The style rule catalog of the interface document: the five groups, their rule names, and the option identifiers
 * the document shows (the table of rules with small option sets, and the single-value rules it names). Options of
 * other rules are "not shown", so any snake_case identifier is accepted for them; `spelling_and_grammar` lists its
 * rules only "up to the point where the description ends", so an unknown rule there is a warning, not an error. */

export const RULE_GROUPS: Record<string, readonly string[]> = {
  dates_and_times: ['calendar_era', 'centuries', 'date_format', 'dates_in_numerical_form', 'decades', 'hours_minutes_seconds_separator', 'hours_minutes_separator', 'midnight_in_numerals', 'single_digit_days_and_months', 'single_digit_hours', 'time_format', 'writing_dates', 'years'],
  formatting: ['email_address_format', 'phone_number_country_code_format', 'phone_number_format', 'space_between_arabic_numerals_and_unit', 'space_between_chinese_and_english', 'space_between_chinese_characters_and_arabic_numerals'],
  numbers: ['approximate_numbers', 'currency_format', 'decimal_numbers_less_than_one', 'decimal_separator', 'dimensions_separator', 'equation_formula_reference', 'kanji_numbers', 'large_number_format', 'large_sums_of_money', 'large_sums_of_money_format', 'list_of_measurements_with_units', 'mathematical_expression_spacing', 'number_format', 'number_separator', 'numbers_of_5_digits_or_more', 'numbers_up_to_4_digits', 'percentage_format', 'reference_to_symbol', 'spelling_out_units', 'temperature_format', 'thousands_separator', 'units_of_measure_spacing', 'use_of_hiragana_and_kanji', 'writing_numbers', 'zero_format'],
  punctuation: ['abbreviations', 'acronyms', 'ampersand_abbreviation_spacing', 'ampersand_usage', 'apostrophe', 'bracket', 'chinese_mixed_with_english', 'colon', 'colon_between_hours_and_minutes_or_chapters_and_verses', 'colon_in_heading', 'colon_to_replace_versus_or_to', 'comma_after_conjunctive_adverbs', 'comma_after_i_e_and_e_g', 'comma_after_short_introductory_phrase', 'comma_and_semicolon', 'corner_bracket_and_periods', 'corner_brackets_and_periods', 'dash', 'ellipsis', 'em_dash', 'emphasis', 'exclamation_marks', 'explanatory_note_indicator', 'full_sentence_in_round_brackets', 'highlighting_specific_expressions', 'japanese_reference_materials', 'parentheses_for_supplementary_information', 'passage_of_time_and_movement_between_locations', 'periods_and_commas', 'periods_in_academic_degrees', 'periods_in_direct_quotes', 'periods_in_uppercase_initialisms_and_acronyms', 'plus_sign_usage', 'possessives_of_proper_names_ending_in_s_style', 'quotation_mark', 'quotation_mark_and_apostrophe', 'quotation_style', 'range_indicator', 'related_phrases_indicator', 'round_brackets', 'salutation', 'sentence_break_indicator', 'serial_comma', 'setting_off_non_quoted_phrases', 'slash', 'slash_usage', 'spacing_and_punctuation', 'text_in_round_brackets_referring_to_previous_sentence', 'text_in_round_brackets_supplementing_preceding_text', 'titles_of_books_and_newspapers', 'titles_of_creative_works_trade_names_laws_and_regulations', 'uppercase_acronyms'],
  spelling_and_grammar: ['abbreviating_french_word_numero', 'abbreviation_usage', 'accents_and_cedillas', 'accents_in_verbs_conjugated_like_french_word_céder', 'accents_with_subject_verb_inversion', 'active_passive_voice', 'all_caps', 'complete_sentences', 'compound_nouns', 'conjunctions', 'contractions', 'established_loanwords', 'eszett', 'foreign_word_translation', 'french_verbs_ending_in_eler_and_eter', 'i_and_u_with_circumflex_accents', 'informal_address_pronouns'],
};

/** Groups whose rule list the interface document does not give whole. */
export const OPEN_GROUPS: ReadonlySet<string> = new Set(['spelling_and_grammar']);

const DO = ['do_not_use', 'use'];
const ACCENT = ['use_acute_accent', 'use_grave_accent'];
/** "group.rule" → the allowed option identifiers, as far as the interface document shows them. */
export const RULE_OPTIONS: Record<string, readonly string[]> = {
  'dates_and_times.calendar_era': ['use_bc_and_ad', 'use_bce_and_ce'],
  'dates_and_times.hours_minutes_seconds_separator': ['use_colon', 'use_period'],
  'dates_and_times.midnight_in_numerals': ['use_00_00', 'use_24_00'],
  'dates_and_times.single_digit_days_and_months': ['do_not_use_leading_zero', 'use_leading_zero'],
  'dates_and_times.single_digit_hours': ['do_not_use_leading_zero', 'use_leading_zero'],
  'dates_and_times.writing_dates': ['use_dd_space_spelled_out_month_space_yyyy', 'use_numerals'],
  'dates_and_times.years': ['use_apostrophe_yy', 'use_common_era', 'use_japanese_imperial_era', 'use_yyyy'],
  'dates_and_times.centuries': ['spell_out', 'use_arabic_numerals', 'use_numerals', 'use_roman_numerals'],
  'dates_and_times.dates_in_numerical_form': ['use_dd_hyphen_mm_hyphen_yyyy', 'use_dd_period_mm_period_yyyy', 'use_dd_slash_mm_slash_yyyy'],
  'formatting.phone_number_country_code_format': ['use_00_before_country_code', 'use_plus_sign_before_country_code'],
  'numbers.units_of_measure_spacing': ['do_not_use_space_between_numeral_and_unit_of_measure', 'use_space_between_numeral_and_unit_of_measure'],
  'punctuation.apostrophe': ['use_curly_apostrophes', 'use_straight_apostrophes'],
  'punctuation.colon': ['use_full_width_colon', 'use_half_width_colon'],
  'punctuation.dash': ['use_em_dash', 'use_hyphen', 'use_tilde'],
  'punctuation.round_brackets': ['use_full_width_round_brackets', 'use_half_width_round_brackets'],
  'punctuation.related_phrases_indicator': ['use_comma', 'use_hyphen', 'use_middle_dot'],
  'punctuation.comma_and_semicolon': ['use_comma_between_clauses', 'use_semicolon_between_clauses'],
  'punctuation.serial_comma': ['do_not_use', 'do_not_use_serial_comma_when_using_chinese_comma', 'use', 'use_serial_comma_when_using_comma'],
  'punctuation.comma_after_conjunctive_adverbs': DO,
  'punctuation.comma_after_i_e_and_e_g': DO,
  'punctuation.comma_after_short_introductory_phrase': DO,
  'punctuation.periods_in_academic_degrees': DO,
  'punctuation.periods_in_direct_quotes': DO,
  'punctuation.possessives_of_proper_names_ending_in_s_style': ['add_apostrophe_only', 'add_apostrophe_s'],
  'punctuation.uppercase_acronyms': ['do_not_use_spaces', 'use_spaces'],
  'punctuation.spacing_and_punctuation': ['do_not_use_space', 'use_regular_space'],
  'punctuation.chinese_mixed_with_english': ['do_not_place_english_in_quotation_marks', 'place_english_in_quotation_marks'],
  'punctuation.highlighting_specific_expressions': ['use_single_curly_quotation_marks', 'use_single_straight_quotation_marks'],
  'punctuation.setting_off_non_quoted_phrases': ['use_full_width_quotation_marks', 'use_half_width_quotation_marks'],
  'punctuation.text_in_round_brackets_referring_to_previous_sentence': ['add_period_after_closing_round_bracket', 'add_period_before_closing_round_bracket'],
  'spelling_and_grammar.compound_nouns': ['write_as_one_word', 'write_with_hyphen'],
  'spelling_and_grammar.abbreviating_french_word_numero': ['abbreviate_as_n_then_degree_symbol', 'abbreviate_as_n_then_o_in_superscript', 'abbreviate_as_no'],
  'spelling_and_grammar.accents_and_cedillas': ['do_not_use_on_capital_letters', 'never_use', 'use_even_on_capital_letters'],
  'spelling_and_grammar.accents_in_verbs_conjugated_like_french_word_céder': ACCENT,
  'spelling_and_grammar.accents_with_subject_verb_inversion': ACCENT,
  'spelling_and_grammar.contractions': ['do_not_use_contractions', 'use_contractions', 'use_contractions_but_avoid_negative_contractions'],
  'spelling_and_grammar.established_loanwords': ['use_as_is', 'use_native_or_sino_korean_equivalents'],
  'spelling_and_grammar.abbreviation_usage': ['do_not_use_abbreviations', 'do_not_use_abbreviations_unless_necessary', 'use_abbreviations', 'use_abbreviations_as_needed'],
  // Single-value rules the document names with their one identifier.
  'punctuation.exclamation_marks': ['do_not_use'],
  'punctuation.acronyms': ['do_not_use_periods'],
  'spelling_and_grammar.eszett': ['replace_eszett_with_ss'],
};

export const STYLE_LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'zh'] as const;

/** Source languages a custom instruction may name (the service's text translation source languages). */
export const SOURCE_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'he', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'nb', 'nl', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'uk', 'vi', 'zh']);

export const LABEL_MAX = 100;
export const PROMPT_MAX = 300;
export const INSTRUCTIONS_MAX = 200;

/** Edit distance (Levenshtein), for "did you mean". */
export function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The candidate closest to `word` (ties: the first), when it is close enough to be a plausible misspelling. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestD) { best = c; bestD = d; }
  }
  return best !== undefined && bestD <= Math.max(2, Math.ceil(Math.max(word.length, best.length) * 0.4)) ? best : undefined;
}
