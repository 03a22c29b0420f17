/** Reading an import file in chunks and writing an export as a stream, through VS Code's file systems: a `file:`
 * Uri streams from and to the disk (an export goes to a temporary file that is renamed over the target, so a failed
 * export leaves nothing half written); other schemes go through workspace.fs whole. */
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import { decodeBytes, decodeOwnedBytes, type DecodedText, type Sink } from '../core/exchange';

const CHUNK = 256 * 1024;

export async function fileSize(uri: vscode.Uri): Promise<number> {
  return (await vscode.workspace.fs.stat(uri)).size;
}

export async function* readChunks(uri: vscode.Uri): AsyncGenerator<Uint8Array> {
  if (uri.scheme === 'file') {
    for await (const chunk of fs.createReadStream(uri.fsPath, { highWaterMark: CHUNK })) yield chunk as Buffer;
    return;
  }
  const bytes = await vscode.workspace.fs.readFile(uri);
  for (let i = 0; i < bytes.length; i += CHUNK) yield bytes.subarray(i, i + CHUNK);
}

/** The whole file, decoded (decodeBytes). A `file:` Uri is read into a buffer of its own, given back as soon as its text
 * is made (decodeOwnedBytes); the bytes of other schemes come from workspace.fs, whose providers may keep them, and are
 * left to the collector. */
export async function readDecoded(uri: vscode.Uri): Promise<DecodedText> {
  if (uri.scheme === 'file') return decodeOwnedBytes(await fs.promises.readFile(uri.fsPath));
  return decodeBytes(await vscode.workspace.fs.readFile(uri));
}

/** Runs `write` with a sink into `uri`; the file appears only when the whole export succeeded. */
export async function writeStreamed(uri: vscode.Uri, write: (sink: Sink) => Promise<void>): Promise<void> {
  if (uri.scheme !== 'file') {
    const parts: string[] = [];
    await write((s) => { parts.push(s); });
    await vscode.workspace.fs.writeFile(uri, Buffer.from(parts.join(''), 'utf8'));
    return;
  }
  const temp = `${uri.fsPath}.${process.pid}.${Date.now()}.part`;
  const stream = fs.createWriteStream(temp);
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  failed.catch(() => undefined);
  try {
    await write((s) => {
      if (stream.write(s, 'utf8')) return;
      return Promise.race([new Promise<void>((resolve) => stream.once('drain', resolve)), failed]);
    });
    await Promise.race([new Promise<void>((resolve) => stream.end(resolve)), failed]);
    await fs.promises.rename(temp, uri.fsPath);
  } catch (err) {
    stream.destroy();
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}
