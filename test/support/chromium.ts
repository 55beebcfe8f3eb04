// Real headless Chromium for the browser tests: Debian's `chromium` package driven by
// playwright-core (no browser download). Tests skip, saying why, only when the binary is absent.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
export const NO_CHROMIUM_REASON = `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH`;

/** Where screenshots and other browser-test artifacts are kept (git-ignored). */
export const ARTIFACT_DIR = join(import.meta.dirname, '..', '..', 'test-artifacts');

/** The flags this machine needs: no sandbox as root, and no background calls to Google's hosts. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface HeadlessChromium {
  browser: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with a fresh, empty profile that is deleted again on close. */
export async function launchChromium(): Promise<HeadlessChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'emulator-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: { width: 1100, height: 800 },
  });
  return {
    browser: context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACT_DIR, { recursive: true });
  return join(ARTIFACT_DIR, name);
}

export type { Browser };
