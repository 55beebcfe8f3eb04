// Moves the emulator clock so crawls and the indexing pipeline run, then lets the HTTP door's idle
// connections settle: a long advance keeps the event loop busy past the server's keep-alive
// timeout, and the client may then reuse a socket the server has just closed (ECONNRESET). One
// throwaway request absorbs that, so the test's next request gets a fresh connection.
import type { SuiteDoor } from '../support/use-door.js';

export async function settle(door: SuiteDoor, ms: number): Promise<void> {
  await door.emulator.clock.advance(ms);
  if (door.name !== 'http') return;
  await door
    .fetch('/api/v1/www-rag-directory?limit=1')
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
}
