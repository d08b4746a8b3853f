/**
 * How far the `site` process lets V8's heap grow past what survived its last full collection, set by the process for
 * itself as it starts (bin/site.js), for every command and for the render pool's and server's worker threads too
 * (V8's flags are the process's).
 *
 * Why: after each full collection V8 sets the next one's limit at a factor of what survived, which it picks between
 * 1.1 and 4 from how fast the thread allocates against how fast it marks; on a machine with a large default heap it
 * may take 4. A build allocates fast (each page's React render, its links read, its markdown parsed), so V8 takes
 * the largest factor and a large site's build shows about four times the memory it keeps, by an amount that moves
 * from run to run with where the last collection before the peak falls (docs/performance.md).
 *
 * Why a factor and not a cap: a cap (`--max-old-space-size`) that fits one site ends a larger one with Node's
 * out-of-memory error; a factor scales with what the build keeps, so any site builds whatever its size, with a peak
 * that follows its live data. V8 reads the flag each time it computes a limit (MemoryController::GrowingFactor), so
 * setting it at run time takes effect from the next full collection on; the output does not depend on it.
 *
 * A process started with its own `--heap-growing-percent` (`node --heap-growing-percent=… bin/site.js`) keeps it.
 */
import v8 from 'node:v8';

/** The heap may grow to 1.5 times what survived: the cost is more full collections, each of the live data alone. */
const HEAP_GROWING_PERCENT = 50;

const OWN_SETTING = /^--heap[-_]growing[-_]percent=/;

/** Sets V8's heap growing factor for this process, unless it was started with one; returns whether it set it. */
export function limitHeapGrowth(execArgv = process.execArgv) {
  if (execArgv.some((arg) => OWN_SETTING.test(arg))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
