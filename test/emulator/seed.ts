/** Sample data for the demo: two glossaries (one with entry-rule violations, as legacy data from the website
 * can hold), a Spoken Terms collection. Style rule lists are always there. */
import type { Account } from './state';

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
}
