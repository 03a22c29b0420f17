/** Code that only one feature needs waits in a bundle of its own (dist/<name>.js, built from the feature's `lazy.ts`;
 * see esbuild.mjs) until the feature is first used. The feature registers its commands and providers at activation,
 * as always, and loads its `lazy.ts` when one runs: `once(() => (require('./lazy') as typeof import('./lazy')).make(…))`.
 * Run from tsc's output (unit tests), the same `require` reads the module itself. */
import * as vscode from 'vscode';

/** `make()` on the first call, and its result ever after; `peek()` is the result when made, without making it. */
export function once<T>(make: () => T): (() => T) & { peek(): T | undefined } {
  let made: { value: T } | undefined;
  return Object.assign(() => (made ??= { value: make() }).value, { peek: () => made?.value });
}

type Methods<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? true : never };

/** An object with the methods of `get()`'s result, each calling it when called (and so loading it then): a feature's
 * actions, handed out at activation. `methods` names every method, as the type checks. */
export function forward<T extends object>(get: () => T, methods: Methods<T>): T {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(methods)) {
    out[name] = (...args: unknown[]) => (get() as Record<string, (...a: unknown[]) => unknown>)[name](...args);
  }
  return out as T;
}

/** Registers each command of `commands` (id → handler), e.g. handlers that `forward` loads at the first run. */
export function registerCommands(commands: Record<string, (...args: never[]) => unknown>): vscode.Disposable[] {
  return Object.entries(commands).map(([id, run]) => vscode.commands.registerCommand(id, run as (...args: unknown[]) => unknown));
}
