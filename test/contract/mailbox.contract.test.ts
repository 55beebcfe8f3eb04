// The emulator-defined mailbox (control API GET / DELETE /__emulator/mailbox, JS `emulator.mailbox`):
// mails the emulated service sends land here, per world, and are cleared by reset and scenario load.
import { describe, expect, it } from 'vitest';
import { MATRIX } from '../support/doors.js';
import { useDoor } from '../support/use-door.js';
import { landingScenario } from '../support/landing-scenario.js';
import { MailboxListSchema } from '../../src/control/mailbox.js';

describe.each(MATRIX)('mailbox: $label', ({ driver, door: doorName }) => {
  const door = useDoor(driver, doorName, { scenario: landingScenario });
  const start = (email: string) =>
    door.call('POST', '/ai-chat/free-chat-gate/start', {}, { releaseId: 'rel_gate', email, turnstileToken: 'ts', redirectTo: 'https://landing.example/verified' });
  const box = async (query = '') => MailboxListSchema.parse((await door.call('GET', `/__emulator/mailbox${query}`)).body);

  it('lists mails oldest first with {id, to, subject, text, links, at}, filters by recipient, and clears', async () => {
    expect(await box()).toEqual({ data: [], total: 0 });
    expect((await start('a@example.com')).status).toBe(200);
    await door.emulator.clock.advance(1000);
    expect((await start('b@example.com')).status).toBe(200);
    const all = await box();
    expect(all.total).toBe(2);
    expect(all.data.map((m) => [m.id, m.to, m.at])).toEqual([
      ['mail_1', 'a@example.com', '2026-05-04T10:00:00.000Z'],
      ['mail_2', 'b@example.com', '2026-05-04T10:00:01.000Z'],
    ]);
    expect(all.data[0]!.links[0]).toContain('/ai-chat/free-chat-gate/verify?token=');
    expect((await box('?to=B@example.com')).data.map((m) => m.id)).toEqual(['mail_2']);
    // The JS API sees the same mailbox.
    expect(door.emulator.mailbox.list().map((m) => m.id)).toEqual(['mail_1', 'mail_2']);
    expect(door.emulator.mailbox.last('a@example.com')?.id).toBe('mail_1');

    const cleared = await door.call('DELETE', '/__emulator/mailbox');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ cleared: 2 });
    expect(await box()).toEqual({ data: [], total: 0 });
    expect(door.emulator.mailbox.list()).toEqual([]);
  });

  it('is per world: reset and scenario load empty it, and numbering starts over', async () => {
    await start('a@example.com');
    expect((await door.call('POST', '/__emulator/reset')).status).toBe(200);
    expect((await box()).total).toBe(0);
    await start('a@example.com');
    expect((await box()).data[0]!.id).toBe('mail_1');
    expect((await door.call('POST', '/__emulator/scenario', {}, landingScenario)).status).toBe(200);
    expect((await box()).total).toBe(0);
    await start('c@example.com');
    expect(door.emulator.mailbox.clear()).toBe(1);
  });

  it('answers 400 for an unknown query field', async () => {
    expect((await door.call('GET', '/__emulator/mailbox?bogus=1')).status).toBe(400);
  });
});
