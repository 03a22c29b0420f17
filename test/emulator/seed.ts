/** Sample data for the demo: two glossaries (one with entry-rule violations, as legacy data from the website
 * can hold), a Spoken Terms collection, a translation memory. Style rule lists are always there. */
import type { Account, Memory } from './state';

export function seedDemo(acc: Account): void {
  acc.glossaries.push(
    {
      glossary_id: '9f3c1a52-1b1e-4c55-9d7e-000000000001', name: 'Product terminology', creation_time: '2026-06-01T08:00:00Z',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['server', 'Server'], ['dashboard', 'Übersicht'], ['invoice', 'Rechnung'], ['Terminology Studio', 'Terminology Studio']] },
        { source_lang: 'de', target_lang: 'en', entries: [['Wolke', 'cloud'], ['Rechnung', 'invoice'], ['Übersicht', 'dashboard']] },
        { source_lang: 'en', target_lang: 'ja', entries: [['cloud', 'クラウド'], ['server', 'サーバー'], ['invoice', '請求書']] },
        { source_lang: 'en', target_lang: 'fr', entries: [['cloud', 'nuage'], ['invoice', 'facture'], ['dashboard', 'tableau de bord']] },
      ],
    },
    {
      glossary_id: '9f3c1a52-1b1e-4c55-9d7e-000000000002', name: 'Legacy support glossary (needs cleanup)', creation_time: '2025-11-12T16:45:00Z',
      dictionaries: [
        {
          source_lang: 'en', target_lang: 'es', entries: [
            ['ticket', 'ticket'], [' account', 'cuenta'], ['refund', 'reembolso '], ['ticket', 'incidencia'],
            ['log\u0007in', 'iniciar sesión'], ['password reset', 'restablecimiento\u2028de contraseña'],
          ],
        },
        { source_lang: 'en', target_lang: 'it', entries: [['ticket', 'ticket'], ['refund', 'rimborso']] },
      ],
    },
  );
  acc.spokenTerms.push({
    spoken_terms_id: '5a7e0d11-2f4b-4e6a-8c3d-000000000001', name: 'Conference talks', creation_time: '2026-09-15T10:00:00Z',
    term_lists: [
      { lang: 'en', terms: ['Terminology Studio', 'Kubernetes', 'kubectl', 'OpenShift', 'PostgreSQL'] },
      { lang: 'de', terms: ['Terminologie', 'Glossar', 'Kubernetes'] },
    ],
  });
  acc.memories = [...(acc.memories ?? []), demoMemory()];
}

/** A translation memory of the demo: user-interface strings, English to Dutch and Polish (pairs no seeded dictionary
 * has, so that a view row such as "EN → DE" stays unique for the UI flows). */
function demoMemory(): Memory {
  const t = '2026-07-14T09:30:00Z';
  const pairs: Array<[string, string, string]> = [
    ['Save the file', 'Bestand opslaan', 'Zapisz plik'], ['Open the dashboard', 'Dashboard openen', 'Otwórz pulpit'],
    ['Your invoice is ready', 'Uw factuur is klaar', 'Twoja faktura jest gotowa'], ['Connect to the server', 'Verbinden met de server', 'Połącz z serwerem'],
    ['Upload to the cloud', 'Uploaden naar de cloud', 'Prześlij do chmury'], ['Delete the account', 'Account verwijderen', 'Usuń konto'],
    ['Reset your password', 'Wachtwoord opnieuw instellen', 'Zresetuj hasło'], ['Sign in', 'Aanmelden', 'Zaloguj się'],
  ];
  return {
    translation_memory_id: '7e1b0c2a-0000-4000-8000-0000000000aa', name: 'UI strings', source_language: 'en', target_languages: ['nl', 'pl'],
    creation_time: t, updated_time: t,
    segments: pairs.map(([en, nl, pl], i) => ({
      source_segment_id: `7e1b0c2a-0000-4000-8000-1000000000${String(i).padStart(2, '0')}`, source_text: en, creation_time: t, updated_time: t,
      targets: [
        { target_segment_id: `7e1b0c2a-0000-4000-8000-2000000000${String(i).padStart(2, '0')}`, target_language: 'nl', target_text: nl, creation_time: t, updated_time: t },
        { target_segment_id: `7e1b0c2a-0000-4000-8000-3000000000${String(i).padStart(2, '0')}`, target_language: 'pl', target_text: pl, creation_time: t, updated_time: t },
      ],
    })),
  };
}
