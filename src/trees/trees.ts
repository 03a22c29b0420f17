/** The three explorer trees every feature shares (through the command context): glossaries, Spoken Terms
 * collections and style rule lists, each loaded through the shared client. */
import type { Logger } from '../base/logger';
import type { ClientProvider } from '../platform/clientProvider';
import { GlossaryTree } from './glossaryTree';
import { SpokenTermsTree } from './spokenTermsTree';
import { StyleRulesTree } from './styleRulesTree';

export interface Trees {
  glossaries: GlossaryTree;
  spokenTerms: SpokenTermsTree;
  styleRules: StyleRulesTree;
}

export function createTrees(clients: ClientProvider, log: Logger): Trees {
  return {
    glossaries: new GlossaryTree('glossaries', 'terminology.glossaries', clients, log.child('glossaries')),
    spokenTerms: new SpokenTermsTree('spokenTerms', 'terminology.spokenTerms', clients, log.child('spokenTerms')),
    styleRules: new StyleRulesTree('styleRules', 'terminology.styleRules', clients, log.child('styleRules')),
  };
}
