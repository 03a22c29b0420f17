/** The rows of a 'rows' message as text. No DOM: the unit tests run it in Node, which has the same web APIs. */
import type { TableUpdate } from '../protocol/table';

/** The text of a 'rows' message: UTF-8 bytes are decoded, deflated bytes first inflated by the browser's own
 * DecompressionStream (native code, off the page's script). */
export async function rowsText(m: Pick<Extract<TableUpdate, { type: 'rows' }>, 'text' | 'deflated'>): Promise<string> {
  if (typeof m.text === 'string') return m.text;
  if (!m.deflated) return new TextDecoder().decode(m.text);
  const stream = new Blob([m.text as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new TextDecoder().decode(await new Response(stream).arrayBuffer());
}
