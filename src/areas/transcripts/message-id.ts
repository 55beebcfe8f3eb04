// A message's id, made from its transcript and place (nothing is stored for it).
import { sha256Hex24 } from '../../core/short-sha256.js';

/**
 * A message's id: derived from its transcript and place (messages are never moved or removed
 * one by one), shaped like the service's other ids. Scenario and cloned messages have one too,
 * with nothing stored for it.
 */
export function messageId(transcriptId: string, position: number): string {
  return sha256Hex24(`${transcriptId}\u0000${position}`);
}
