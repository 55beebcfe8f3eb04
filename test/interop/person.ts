// A person at the emulator's sign-in page, played with fetch: open the authorization URL a stock
// client built, choose a user in the form and press Allow, and come back with the redirect.
// Nothing emulator-specific goes into the client's own calls; this is the browser's part.
import { expect } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { openDoor, type Door, type DoorName } from '../support/doors.js';

/** Follows the page's form for `userId` (the first user when absent); answers the redirect URL with the code. */
export async function signInAt(authorizationUrl: URL | string, userId?: string): Promise<URL> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no sign-in form on the page:\n${html}`);
  const unescape = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  const body = new URLSearchParams();
  for (const [, name, value] of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) body.append(unescape(name!), unescape(value!));
  const users = [...form[2]!.matchAll(/<input type="radio" name="login_hint" value="([^"]*)"/g)].map((m) => unescape(m[1]!));
  body.append('login_hint', userId ?? users[0]!);
  body.append('approve', '1');
  const action = new URL(unescape(form[1]!), authorizationUrl);
  const answer = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

/** An emulator on the real clock (tokens verify against the wall clock) behind one door. */
export async function realClockDoor(doorName: DoorName): Promise<{ emulator: Emulator; door: Door; close(): Promise<void> }> {
  const emulator = await createEmulator({ clock: 'real', onInternalError: (err) => console.error(err) });
  const door = await openDoor(doorName, emulator);
  // MSW's handlers are made synchronously and tell the emulator their base URL in the background;
  // awaiting serveAt (a no-op after the first) waits until the handle tokens name it.
  await emulator.serveAt(door.baseUrl);
  return {
    emulator,
    door,
    close: async () => {
      await door.close();
      await emulator.close();
    },
  };
}

export const REDIRECT_URI = 'http://127.0.0.1:53682/callback';
