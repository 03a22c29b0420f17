import * as vscode from 'vscode';
import { LIMITS } from '../core/findings';
import { utf8Length } from '../core/text';

/** Input-box check for a glossary or collection name: not empty, at most 1024 UTF-8 bytes. */
export function validateName(v: string): string | undefined {
  if (!v.trim()) return vscode.l10n.t('The name must not be empty.');
  const bytes = utf8Length(v);
  if (bytes > LIMITS.nameBytes) return vscode.l10n.t('The name is {0} UTF-8 bytes; at most {1} are allowed.', bytes, LIMITS.nameBytes);
  return undefined;
}
