// GET / DELETE /__emulator/mailbox: the mails the emulated service sent (emulator-defined; no mail
// ever leaves the machine), and clearing them.
import { z } from 'zod';
import { lazySchema } from '../types/lazy-schema.js';
import { defineRoute, type RouteDef } from '../core/route.js';
import type { ControlPort } from './port.js';

const control = { tag: 'emulator-control', auth: { kind: 'none' }, emulatorDefined: true, transactional: false } as const;

export const MailEntrySchema = lazySchema(() => z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  at: z.iso.datetime(),
}));

export const MailboxQuerySchema = lazySchema(() => z.object({ to: z.string().min(1).max(320).optional() }).strict());
export const MailboxListSchema = lazySchema(() => z.object({ data: z.array(MailEntrySchema), total: z.number().int() }));

export function mailboxRoutes(world: ControlPort): RouteDef[] {
  return [
    defineRoute({
      ...control,
      method: 'GET',
      path: '/__emulator/mailbox',
      summary: 'Mails the emulated service sent (verification links), oldest first; filter `to`',
      query: MailboxQuerySchema,
      response: MailboxListSchema,
      handler: ({ query }) => {
        const data = world.mailbox.list(query.to);
        return { data, total: data.length };
      },
    }),
    defineRoute({
      ...control,
      method: 'DELETE',
      path: '/__emulator/mailbox',
      summary: 'Empty the mailbox',
      response: lazySchema(() => z.object({ cleared: z.number().int() })),
      handler: () => ({ cleared: world.mailbox.clear() }),
    }),
  ];
}
