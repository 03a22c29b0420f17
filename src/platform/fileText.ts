/** The repository's encoding policy (src/core/textFile) for the editor's Push File, Link, Pull and Push All: a file's
 * bytes, not VS Code's decoding of them (which turns a Latin-1 byte into U+FFFD without a word), decide what is sent.
 * UTF-8 with or without a BOM and UTF-16 with a BOM are read; anything else is refused with one message naming the
 * file and the line of the first bad byte. */
import * as vscode from 'vscode';
import { decodeTextFile, EncodingError, encodeTextFile, type DecodedFile, type TextEncoding } from '../core';

const basename = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

/** A file the policy refuses: the core's reason, with the file's name. */
export class FileEncodingError extends Error {
  constructor(readonly uri: vscode.Uri, readonly cause: EncodingError) {
    super(`${basename(uri)}: ${cause.message}`);
    this.name = 'FileEncodingError';
  }
}

/** The file's text by the policy; undefined when it cannot be read (it does not exist); FileEncodingError when its
 * bytes are refused. */
export async function readFileText(uri: vscode.Uri): Promise<DecodedFile | undefined> {
  let bytes: Uint8Array;
  try { bytes = await vscode.workspace.fs.readFile(uri); } catch { return undefined; }
  try {
    return decodeTextFile(bytes);
  } catch (err) {
    if (err instanceof EncodingError) throw new FileEncodingError(uri, err);
    throw err;
  }
}

/** Throws FileEncodingError when the file on disk is in an encoding the policy refuses (other schemes pass). */
export async function checkFileEncoding(uri: vscode.Uri): Promise<void> {
  if (uri.scheme !== 'file') return;
  await readFileText(uri);
}

/** The bytes of `text` in the encoding the file has now (UTF-8 for a new file or one that cannot be read). */
export async function encodeLikeFile(uri: vscode.Uri, text: string): Promise<Uint8Array> {
  let encoding: TextEncoding = 'utf-8';
  try { encoding = (await readFileText(uri))?.encoding ?? 'utf-8'; } catch { /* refused bytes: written as UTF-8 */ }
  return encodeTextFile(text, encoding);
}
