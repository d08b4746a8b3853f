/**
 * Seals for cache entries: an HMAC of an entry's name and contents under a
 * key the cache folder does not hold. A digest proves only that an entry is
 * whole; anyone who can write the cache (a CI cache restored from an
 * untrusted branch) can also write a matching digest. A seal they cannot
 * make, so an entry with a wrong seal is a miss, remade and never used.
 *
 * The key: SITE_CACHE_KEY when set (a CI secret, so that runs trusted with it
 * share their caches), else a random key kept in this user's private folder
 * under the system's temporary folder, made on first use. When that folder
 * cannot be used, a key for this process only: its entries are remade by the
 * next process, which costs time, never correctness.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, lstat, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { privateFolder } from './cache-dir';
import { writeEntry } from './cache-files';

const KEY_BYTES = 32;
let keyRead: Promise<Buffer> | undefined;

/** The key seals are made with (read once per process). */
export const sealKey = (): Promise<Buffer> => (keyRead ??= readKey());

async function readKey(): Promise<Buffer> {
  const given = process.env.SITE_CACHE_KEY;
  if (given) return Buffer.from(given);
  try {
    const file = path.join(await privateFolder(), 'seal-key');
    // Made aside and linked into place: a key is created once, and no reader sees half of one.
    const temp = `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
    await writeFile(temp, randomBytes(KEY_BYTES), { mode: 0o600 });
    await link(temp, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await rm(temp, { force: true });
    const stats = await lstat(file);
    const owner = process.getuid?.();
    if (
      !stats.isFile() ||
      (owner !== undefined && stats.uid !== owner) ||
      (process.platform !== 'win32' && (stats.mode & 0o077) !== 0)
    ) {
      throw new Error(`${file} is not a file only this user can read`);
    }
    const key = await readFile(file);
    if (key.length !== KEY_BYTES) throw new Error(`${file} is not a key`);
    return key;
  } catch {
    return randomBytes(KEY_BYTES);
  }
}

/** The seal of an entry: its name (so a sealed entry cannot be passed off as another) and each part of its contents. */
export function sealOf(key: Buffer, name: string, ...parts: (string | Uint8Array)[]): string {
  const hmac = createHmac('sha256', key).update(name);
  for (const part of parts) hmac.update('\0').update(part);
  return hmac.digest('hex');
}

/** Whether `seal` is the seal of that entry (compared in constant time). */
export function sealed(key: Buffer, seal: unknown, name: string, ...parts: (string | Uint8Array)[]): boolean {
  if (typeof seal !== 'string' || !/^[0-9a-f]{64}$/.test(seal)) return false;
  return timingSafeEqual(Buffer.from(seal, 'hex'), Buffer.from(sealOf(key, name, ...parts), 'hex'));
}

const SEAL_LENGTH = 64;

/** Writes a cache file as its seal (a line) and its contents, whole or not at all. */
export async function writeSealed(file: string, contents: Uint8Array): Promise<boolean> {
  const seal = sealOf(await sealKey(), path.basename(file), contents);
  return writeEntry(file, Buffer.concat([Buffer.from(`${seal}\n`), contents]));
}

/** The contents of a cache file writeSealed wrote, or undefined when it is missing, torn, or its seal does not match. */
export async function readSealed(file: string): Promise<Uint8Array | undefined> {
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes || bytes.length <= SEAL_LENGTH || bytes[SEAL_LENGTH] !== 0x0a) return undefined;
  const contents = new Uint8Array(bytes.subarray(SEAL_LENGTH + 1));
  return sealed(await sealKey(), bytes.subarray(0, SEAL_LENGTH).toString('latin1'), path.basename(file), contents)
    ? contents
    : undefined;
}

/** A seal made piece by piece, for an entry written in parts: the same as sealOf(key, name, every piece joined). */
export function sealInParts(key: Buffer, name: string): { add(piece: string): void; seal(): string } {
  const hmac = createHmac('sha256', key).update(name).update('\0');
  return { add: (piece) => void hmac.update(piece), seal: () => hmac.digest('hex') };
}
