// A message's id, made from its transcript and place (nothing is stored for it).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { shortSha256Hex } from '../../core/short-sha256.js';

/**
 * A message's id: derived from its transcript and place (messages are never moved or removed
 * one by one), shaped like the service's other ids. Scenario and cloned messages have one too,
 * with nothing stored for it.
 */
export function messageId(transcriptId: string, position: number): string {
  const text = `${transcriptId}\u0000${position}`;
  // The short hash (one block, nothing allocated) for the usual ids; the same digest either way.
  return shortSha256Hex(text, 3) ?? bytesToHex(sha256(utf8ToBytes(text))).slice(0, 24);
}
