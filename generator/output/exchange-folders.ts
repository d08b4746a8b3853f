/**
 * Swaps two folders in one step, so that both names hold a folder at every instant: renameat2 with RENAME_EXCHANGE
 * on Linux, renamex_np with RENAME_SWAP on macOS. Node has neither, so they are called in the C library through
 * koffi, a foreign-function interface that ships prebuilt for each platform (nothing is compiled at install).
 *
 * Where the swap cannot be made in one step (Windows and other systems, a C library without the call, a file system
 * that does not support it, koffi not installed for this platform) it answers false, having changed nothing, and the
 * caller falls back on two renames (write-site.ts).
 */
import os from 'node:os';
import util from 'node:util';
import { displayPath } from '../base/paths';

/** Swaps two paths; answers 0, or -1 with the reason in `errno()`. */
interface Exchange {
  swap(a: string, b: string): number;
  errno(): number;
}

const AT_FDCWD = -100;
const RENAME_EXCHANGE = 2;
const RENAME_SWAP = 2;
/** Errors that mean "this kernel or file system cannot exchange", rather than a failure of this swap. */
const { EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP } = os.constants.errno;
const UNSUPPORTED = new Set([EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP]);

let loaded: Promise<Exchange | undefined> | undefined;

/** The system's call, loaded once per process (the C library does not change while it runs), or undefined. */
function systemExchange(): Promise<Exchange | undefined> {
  loaded ??= (async () => {
    if (process.platform !== 'linux' && process.platform !== 'darwin') return undefined;
    try {
      const { default: koffi } = await import('koffi');
      const errno = () => koffi.errno();
      if (process.platform === 'linux') {
        const renameat2 = koffi
          .load('libc.so.6')
          .func(
            'int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags)',
          );
        return { swap: (a, b) => renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) as number, errno };
      }
      const renamex = koffi
        .load('/usr/lib/libSystem.B.dylib')
        .func('int renamex_np(const char *from, const char *to, unsigned int flags)');
      return { swap: (a, b) => renamex(a, b, RENAME_SWAP) as number, errno };
    } catch {
      // No koffi build for this platform, or a C library without the call (musl, glibc before 2.28).
      return undefined;
    }
  })();
  return loaded;
}

/**
 * Swaps folders `a` and `b`, both of which must exist, in one step. Answers true when swapped, false when this system
 * cannot swap in one step (nothing changed); any other failure (a permission, a folder gone) is thrown as a system
 * error, like node:fs's.
 */
export async function exchangeFolders(a: string, b: string): Promise<boolean> {
  const exchange = await systemExchange();
  if (!exchange) return false;
  if (exchange.swap(a, b) === 0) return true;
  const errno = exchange.errno();
  if (UNSUPPORTED.has(errno)) return false;
  const code = util.getSystemErrorName(-errno);
  throw Object.assign(new Error(`${code}: cannot swap ${displayPath(a)} and ${displayPath(b)}`), {
    code,
    errno: -errno,
  });
}
