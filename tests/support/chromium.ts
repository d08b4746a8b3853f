/**
 * Debian's Chromium driven by playwright-core (no browser downloads here).
 * Browser tests skip with an install hint where Chromium is missing, except
 * under CI=true, where a missing browser is a failure.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const INSTALL_HINT =
  'Chromium is missing: install it with `apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH).';

/** Headless, no sandbox (containers), no GPU, and nothing that talks to the network behind the page's back. Shared with scripts/lighthouse.ts. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export function chromiumAvailable(): boolean {
  const available = existsSync(CHROMIUM_PATH);
  if (!available && process.env.CI === 'true')
    throw new Error(`${INSTALL_HINT} Browser tests cannot be skipped under CI=true.`);
  if (!available) console.warn(`Skipping browser tests. ${INSTALL_HINT}`);
  return available;
}

export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  // playwright-core's launch() always starts Chromium with a fresh temporary --user-data-dir of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  return {
    browser,
    close: () => browser.close(),
  };
}
