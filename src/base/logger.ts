/** A logger that tags each line with its component. The pure core and the API client depend on this
 * interface only; the extension backs it with one LogOutputChannel, tests back it with an array. */
export interface Logger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string | Error): void;
  /** A child logger whose lines carry `[component]`. */
  child(component: string): Logger;
}

export interface LogSink {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string | Error): void;
}

export function taggedLogger(sink: LogSink, component?: string): Logger {
  const tag = (m: string) => (component ? `[${component}] ${m}` : m);
  return {
    trace: (m) => sink.trace(tag(m)),
    debug: (m) => sink.debug(tag(m)),
    info: (m) => sink.info(tag(m)),
    warn: (m) => sink.warn(tag(m)),
    error: (m) => sink.error(typeof m === 'string' ? tag(m) : tag(m.stack ?? m.message)),
    child: (c) => taggedLogger(sink, component ? `${component}/${c}` : c),
  };
}

/** A logger that drops everything (default for library use). */
export const silentLogger: Logger = taggedLogger({
  trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined,
});
