// The UI suite's key scan, run by the runner after every flow that passed (test/runner/ui.mjs): neither UI key (paid,
// free) may be in the browser's storage (Local Storage, Session Storage and IndexedDB of the workbench and of every
// webview frame, read through the page), in the Chromium profile on disk (when the flow kept one: Local Storage and
// IndexedDB as LevelDB files, read after the browser closed), in the VS Code server's folders (user data: settings,
// state, logs; the agent folder; the workspace) or in a request the service received but for its Authorization header.
// The web build keeps SecretStorage in the browser's Local Storage (sealed with a key from the server when the page has
// WebCrypto, in plain text otherwise): it is read like the rest, so the key must not be readable there either.
// The key is looked for as plain text, URI-encoded, hex, UTF-16LE bytes and inside base64 (test/keyscan/forms.ts).
/* global location, window, indexedDB, Blob -- dumpStorage runs in the page */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Runs in each frame: its origin's Local Storage, Session Storage and IndexedDB databases, as [source, text]; bytes
 * (ArrayBuffer, typed arrays, Blobs) as one char per byte, so that UTF-16LE and other encodings stay findable. */
async function dumpStorage() {
  const out = [];
  const origin = location.origin;
  const bin = (u8) => {
    let s = '';
    for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
    return s;
  };
  const text = async (v, depth = 0) => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'string') return v;
    if (typeof v !== 'object') return String(v);
    if (v instanceof ArrayBuffer) return bin(new Uint8Array(v));
    if (ArrayBuffer.isView(v)) return bin(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    if (typeof Blob !== 'undefined' && v instanceof Blob) return bin(new Uint8Array(await v.arrayBuffer()));
    if (depth > 30) return '';
    const parts = [];
    for (const [k, x] of (v instanceof Map ? v.entries() : Object.entries(v))) parts.push(`${k}: ${await text(x, depth + 1)}`);
    return parts.join('\n');
  };
  for (const name of ['localStorage', 'sessionStorage']) {
    try {
      const store = window[name];
      const lines = [];
      for (let i = 0; i < store.length; i++) lines.push(`${store.key(i)}=${store.getItem(store.key(i))}`);
      out.push([`${name} of ${origin}`, lines.join('\n')]);
    } catch { /* no storage in this frame */ }
  }
  let dbs = [];
  try { dbs = await indexedDB.databases(); } catch { /* none */ }
  for (const { name } of dbs) {
    const db = await new Promise((resolve) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => resolve(undefined);
      r.onblocked = () => resolve(undefined);
    });
    if (!db) { out.push([`IndexedDB ${name} of ${origin} (not opened)`, '']); continue; }
    for (const storeName of db.objectStoreNames) {
      const [keys, values] = await new Promise((resolve) => {
        const tx = db.transaction(storeName, 'readonly');
        const store = tx.objectStore(storeName);
        const k = store.getAllKeys();
        const v = store.getAll();
        tx.oncomplete = () => resolve([k.result, v.result]);
        tx.onerror = () => resolve([[], []]);
      });
      const parts = [];
      for (let i = 0; i < values.length; i++) parts.push(`${await text(keys[i])}=${await text(values[i])}`);
      out.push([`IndexedDB ${name}/${storeName} of ${origin}`, parts.join('\n')]);
    }
    db.close();
  }
  return out;
}

/** The storage of every origin the page shows (the workbench's, and each webview's frames). */
export async function browserStorage(page) {
  const sources = [];
  const origins = new Set();
  for (const frame of page.frames()) {
    let origin;
    try { origin = await frame.evaluate(() => location.origin); } catch { continue; /* detached */ }
    if (origins.has(origin)) continue;
    origins.add(origin);
    try { sources.push(...await frame.evaluate(dumpStorage)); } catch (err) { sources.push([`storage of ${origin} (not read: ${String(err?.message ?? err).split('\n')[0]})`, '']); }
  }
  return { sources, origins: [...origins] };
}

/** Every file under `dir` (symbolic links not followed: the extension's folder is linked there), into the scanner. */
export function scanFolder(scanner, dir, label) {
  let files = 0;
  const walk = (d) => {
    let names;
    try { names = readdirSync(d); } catch { return; }
    for (const name of names) {
      const p = join(d, name);
      let st;
      try { st = lstatSync(p); } catch { continue; }
      if (st.isSymbolicLink()) continue;
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) {
        try { scanner.see(`${label}/${relative(dir, p).split('/').slice(0, 3).join('/')}`, readFileSync(p)); files++; } catch { /* gone meanwhile */ }
      }
    }
  };
  walk(dir);
  return files;
}

/** The requests the emulator received: all but the Authorization header of API calls (which must carry the key). */
export function scanRequests(scanner, requests) {
  for (const r of requests) {
    const { authorization, ...headers } = r.headers ?? {};
    scanner.see('request headers (but Authorization)', JSON.stringify({ ...r, headers, body: undefined }));
    if (r.body) scanner.see('request bodies', r.bodyBase64 ? Buffer.from(r.body, 'base64') : r.body);
    if (authorization !== undefined && !(/^\/(free\/)?v\d\//.test(r.path) && /^Service-Auth-Key \S+$/.test(String(authorization)))) {
      scanner.see('Authorization headers but the API\'s', String(authorization));
    }
  }
}
