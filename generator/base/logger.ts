/** Console output with three levels: --quiet prints only errors, --verbose adds detail. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  /** Prints only errors: work done only for the report can be skipped. */
  readonly quiet?: boolean;
}

export function createLogger(options: { quiet?: boolean; verbose?: boolean } = {}): Logger {
  return {
    info: (m) => (options.quiet ? undefined : console.log(m)),
    warn: (m) => (options.quiet ? undefined : console.warn(`warning: ${m}`)),
    error: (m) => console.error(m),
    debug: (m) => (options.verbose && !options.quiet ? console.log(m) : undefined),
    quiet: options.quiet === true,
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, debug() {}, quiet: true };

/** Runs one named step and records how long it took. */
export async function timed<T>(steps: Record<string, number>, name: string, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    steps[name] = performance.now() - start;
  }
}
