/** Export actions: a glossary (or some of its dictionaries) to TBX v3, TBX v2, CSV with language columns, or TSV
 * files per pair; streamed to the file, one dictionary fetched at a time. */
import * as vscode from 'vscode';
import { sourceLanguagesOf, tbxFileNameFor, tsvFileName, writeCsv, writeTbx, writeTsv, type ExportDictionary, type ExportFormat } from '../core/exchange';
import { clientOrThrow, type CommandContext } from '../trees/commandContext';
import { writeStreamed } from './files';

export interface ExportRequest {
  glossaryId: string;
  format: ExportFormat;
  /** The file to write (TBX, CSV), or the folder that gets one `<name>.<src>-<tgt>.glossary.tsv` per pair (TSV). */
  target: vscode.Uri;
  /** Only these pairs ("en-de"); all when absent. */
  pairs?: string[];
  /** TBX: one file per source language beside `target` (`Name.en.tbx`), so that each comes back unchanged. */
  perSource?: boolean;
}

export interface ExportActions {
  /** Writes the export; resolves with the files written. */
  exportGlossary(request: ExportRequest, signal?: AbortSignal, onProgress?: (done: number, total: number) => void): Promise<vscode.Uri[]>;
}

export function exportActions(ctx: CommandContext): ExportActions {
  return {
    async exportGlossary(request, signal, onProgress) {
      const client = await clientOrThrow(ctx);
      const g = await client.getGlossary(request.glossaryId, signal);
      const wanted = request.pairs?.map((p) => p.toLowerCase());
      const dictionaries: ExportDictionary[] = g.dictionaries
        .filter((d) => !wanted || wanted.includes(`${d.sourceLang}-${d.targetLang}`.toLowerCase()))
        .map((d) => ({ sourceLang: d.sourceLang, targetLang: d.targetLang, entries: () => client.getDictionaryEntries(g.glossaryId, d.sourceLang, d.targetLang, signal) }));
      if (!dictionaries.length) throw new Error(vscode.l10n.t('"{0}" has no dictionary to export.', g.name));
      const options = { signal, onProgress: (done: number, total: number) => onProgress?.(done, total) };
      if (request.format === 'tsv') {
        const written: vscode.Uri[] = [];
        for (const d of dictionaries) {
          const uri = vscode.Uri.joinPath(request.target, tsvFileName(g.name, d.sourceLang, d.targetLang));
          await writeStreamed(uri, (sink) => writeTsv(d, sink, { signal }));
          written.push(uri);
          onProgress?.(written.length, dictionaries.length);
        }
        return written;
      }
      if (request.perSource && request.format !== 'csv') {
        const version = request.format === 'tbx2' ? 2 : 3;
        const written: vscode.Uri[] = [];
        let done = 0;
        for (const lang of sourceLanguagesOf(dictionaries)) {
          const group = dictionaries.filter((d) => d.sourceLang.toLowerCase() === lang);
          const uri = request.target.with({ path: tbxFileNameFor(request.target.path, lang) });
          await writeStreamed(uri, (sink) => writeTbx(version, g.name, group, sink, { signal, onProgress: () => onProgress?.(++done, dictionaries.length) }));
          written.push(uri);
        }
        return written;
      }
      await writeStreamed(request.target, (sink) => request.format === 'csv'
        ? writeCsv(dictionaries, sink, options)
        : writeTbx(request.format === 'tbx2' ? 2 : 3, g.name, dictionaries, sink, options));
      return [request.target];
    },
  };
}
