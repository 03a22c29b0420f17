/** Typed settings in one place; reloaded on affectsConfiguration('terminology'). */
import * as vscode from 'vscode';
import type { Plan } from '../api';
import { DEFAULT_AUTH_SCHEME, DEFAULT_BASE_URL, DEFAULT_FREE_BASE_URL } from '../api';

export interface ServiceSettings {
  plan: Plan;
  baseUrl: string;
  freeBaseUrl: string;
  authScheme: string;
  requestTimeoutMs: number;
}

export function readServiceSettings(): ServiceSettings {
  const c = vscode.workspace.getConfiguration('terminology');
  return {
    plan: c.get<Plan>('plan', 'auto'),
    baseUrl: c.get<string>('baseUrl', DEFAULT_BASE_URL),
    freeBaseUrl: c.get<string>('freeBaseUrl', DEFAULT_FREE_BASE_URL),
    authScheme: c.get<string>('authScheme', DEFAULT_AUTH_SCHEME),
    requestTimeoutMs: c.get<number>('requestTimeoutMs', 10_000),
  };
}

/** Where Open Glossary (All Languages) shows a glossary: the table view or the text editor. */
export function readOpenGlossaryIn(): 'table' | 'text' {
  return vscode.workspace.getConfiguration('terminology').get<string>('openGlossaryIn', 'table') === 'text' ? 'text' : 'table';
}
