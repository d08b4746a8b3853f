import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir` as a forward-slash path relative to it; empty when `dir` does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).replace(/\\/g, '/'));
  } catch {
    return [];
  }
}
