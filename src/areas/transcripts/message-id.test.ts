// A message's id is the same whichever hash makes it: the one-block hash for the usual ids, the
// general one for long or non-ASCII transcript ids (ids already handed out must not change).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { messageId } from './message-id.js';

const general = (transcriptId: string, position: number) => bytesToHex(sha256(utf8ToBytes(`${transcriptId}\u0000${position}`))).slice(0, 24);

describe('messageId', () => {
  it('is the general SHA-256 of transcript and position, for short, long and non-ASCII ids', () => {
    const ids = ['tr_refund', '69563790aa4110fff090138d', 'x'.repeat(40), 'x'.repeat(53), 'x'.repeat(54), 'x'.repeat(200), 'tr_café', 'tr_→'];
    for (const id of ids) {
      for (const position of [0, 1, 9, 10, 999, 123456789]) expect(messageId(id, position)).toBe(general(id, position));
    }
  });

  it('names every message of a transcript differently', () => {
    const seen = new Set(Array.from({ length: 1000 }, (_, i) => messageId('69563790aa4110fff090138d', i)));
    expect(seen.size).toBe(1000);
  });
});
