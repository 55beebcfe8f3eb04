// The inbound onboarding webhook: a signed event (HMAC-SHA256 of the raw body with the shared
// secret, `x-onboarding-signature: sha256=<hex>`, `x-onboarding-timestamp` within 300 s of the
// emulator clock) that provisions a workspace, its owner and an API key. Idempotent by event id:
// the key's secret is derived from the secret and the event id, so a replay answers the same bytes
// while storage keeps only the key's hash.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { AreaEvents } from '../../core/area.js';
import { validationError } from '../../core/errors.js';
import type { StoreDeps } from '../../core/services.js';
import { parseJson, toIso } from '../../core/services.js';
import { zodIssues } from '../../core/validation.js';
import type { ApiKeyStore } from '../api-keys/public.js';
import type { WorkspaceStore } from '../workspaces/public.js';
import { OnboardingWebhookInputSchema, type OnboardingProvisioned } from '../../types/integrations.js';
import { badSignature } from './errors.js';

export const SIGNATURE_HEADER = 'x-onboarding-signature';
export const TIMESTAMP_HEADER = 'x-onboarding-timestamp';
export const WINDOW_SEC = 300;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const hmacBytes = (secret: string, text: string) => hmac(sha256, utf8ToBytes(secret), utf8ToBytes(text));
export const signOnboarding = (secret: string, rawBody: string) => `sha256=${bytesToHex(hmacBytes(secret, rawBody))}`;

/** The secret when the scenario sets none: derived from the seed (docs/integrations.md shows how). */
export const defaultOnboardingSecret = (seed: number) => `whsec_${bytesToHex(hmacBytes('onboarding-webhook', String(seed))).slice(0, 40)}`;

/** A 91-character key secret (`svc_` + 87 base62) derived from the webhook secret and the event id. */
function derivedKeySecret(secret: string, eventId: string): string {
  let body = '';
  for (let block = 0; body.length < 87; block++) for (const byte of hmacBytes(secret, `api-key:${eventId}:${block}`)) if (body.length < 87 && byte < 248) body += BASE62[byte % 62];
  return `svc_${body}`;
}

function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface ProvisionServices {
  workspaces: () => WorkspaceStore;
  apiKeys: () => ApiKeyStore;
  secret: () => string;
}

export class OnboardingWebhook {
  constructor(
    private readonly deps: StoreDeps,
    private readonly events: AreaEvents,
    private readonly services: ProvisionServices,
  ) {}

  /** Checks the signature and the timestamp window; answers the parsed event. */
  verify(rawBody: string, headers: Headers) {
    const signature = headers.get(SIGNATURE_HEADER);
    const ts = headers.get(TIMESTAMP_HEADER);
    if (!signature) throw badSignature(`missing ${SIGNATURE_HEADER}`);
    if (!ts || !/^\d{1,15}$/.test(ts)) throw badSignature(`missing or malformed ${TIMESTAMP_HEADER} (Unix seconds)`);
    if (Math.abs(Math.floor(this.deps.clock.now() / 1000) - Number(ts)) > WINDOW_SEC) throw badSignature(`timestamp outside ${WINDOW_SEC} s of the service clock`);
    if (!same(signature.trim().toLowerCase(), signOnboarding(this.services.secret(), rawBody))) throw badSignature('signature mismatch');
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw validationError('Malformed JSON body', [{ path: 'body', message: 'Body is not valid JSON' }]);
    }
    const parsed = OnboardingWebhookInputSchema.safeParse(json);
    if (!parsed.success) throw validationError('Invalid onboarding event', zodIssues(parsed.error).map((i) => ({ ...i, path: i.path ? `body.${i.path}` : 'body' })));
    return parsed.data;
  }

  async handle(rawBody: string, headers: Headers): Promise<OnboardingProvisioned> {
    const event = this.verify(rawBody, headers);
    const secret = derivedKeySecret(this.services.secret(), event.id);
    const seen = await this.deps.storage.get<{ answer: string }>('SELECT answer FROM onboarding_events WHERE event_id = ?', [event.id]);
    if (seen) {
      const answer = parseJson<Omit<OnboardingProvisioned, 'apiKey'> & { apiKey: Omit<OnboardingProvisioned['apiKey'], 'secret'> }>(seen.answer, {} as never);
      return { ...answer, apiKey: { ...answer.apiKey, secret } };
    }
    const now = this.deps.clock.now();
    const { workspace, owner, apiKey } = event.data;
    const existing = await this.deps.storage.get<{ id: string }>('SELECT id FROM users WHERE LOWER(email) = LOWER(?) ORDER BY id LIMIT 1', [owner.email]);
    const ownerId = existing?.id ?? this.deps.ids.objectId();
    if (!existing) {
      await this.deps.storage.run(
        'INSERT INTO users (id, email, name, nickname, picture, email_verified, metadata, platform_admin, created_at) VALUES (?, ?, ?, NULL, NULL, 1, ?, 0, ?)',
        [ownerId, owner.email, owner.name ?? null, JSON.stringify({ onboardingEventId: event.id }), now],
      );
    }
    const workspaces = this.services.workspaces();
    const ws = await workspaces.create({
      name: workspace.title,
      slug: await workspaces.uniqueSlug(workspace.title),
      ...(workspace.description !== undefined && { description: workspace.description }),
      ownerId,
      settings: {},
      createdBy: ownerId,
    });
    const keyId = this.deps.ids.objectId();
    const keyName = apiKey.name ?? 'Onboarding key';
    await this.services.apiKeys().insert(
      { id: keyId, workspaceId: ws.id, name: keyName, keyPrefix: secret.slice(0, 8), status: 'active', allowedOrigins: [], permissions: [], createdAt: now },
      secret,
    );
    const answer: OnboardingProvisioned = {
      eventId: event.id,
      workspace: { _id: ws.id, id: ws.id, title: ws.name, name: ws.name, slug: ws.slug },
      owner: { _id: ownerId, id: ownerId, email: owner.email },
      apiKey: { _id: keyId, id: keyId, name: keyName, keyPrefix: secret.slice(0, 8), secret },
      createdAt: toIso(now),
    };
    const { secret: _omitted, ...storedKey } = answer.apiKey;
    await this.deps.storage.run('INSERT INTO onboarding_events (event_id, workspace_id, answer, created_at) VALUES (?, ?, ?, ?)', [
      event.id,
      ws.id,
      JSON.stringify({ ...answer, apiKey: storedKey }),
      now,
    ]);
    await this.events.emit({
      workspaceId: ws.id,
      kind: 'onboarding.completed',
      data: { eventId: event.id, workspaceId: ws.id, ownerId, keyId },
      message: `Workspace ${ws.name} provisioned`,
    });
    return answer;
  }
}
