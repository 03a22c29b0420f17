/** Which files the term check reads. */
import type * as vscode from 'vscode';
import { translationKind } from '../core/termCheck/kind';

export const TRANSLATION_GLOB = '{**/*.xlf,**/*.xliff,**/*.po,**/*.json,**/*.arb,**/*.properties,**/*.strings,**/*.xcstrings,**/values*/strings.xml}';

/** Whether a file is one the term check reads (the manifest and the lock are not). */
export const isTranslationFile = (uri: vscode.Uri) => uri.scheme === 'file' && !!translationKind(uri.path) && !/(terminology\.json|\.lock\.json)$/i.test(uri.path);
