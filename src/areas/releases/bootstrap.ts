// The public release bootstrap (`GET /white-label-release/{id}`, REAL-WIRE section 3): what a
// browser opening a release's chat reads, with no credentials. Only public fields: no system
// prompt, provider key, origins or tool-server settings.
import { fnv1a } from './theme.js';
import type { ReleaseRecord } from './store.js';
import { releaseOut } from './store.js';

/** The real service's status word for a published release. */
export const AVAILABLE = 'available';

/**
 * The workspace's avatar: the real service serves the whitelabel's uploaded picture; the emulator
 * has no uploads, so it names a stable https address per workspace (never fetched by the emulator).
 */
export function whitelabelPicture(workspaceId: string): string {
  return `https://avatars.service-emulator.invalid/whitelabel/${fnv1a(workspaceId).toString(16).padStart(8, '0')}.png`;
}

const PUBLIC_CONFIG = ['welcomeMessage', 'chatDisclaimer', 'conversationStarters'] as const;

/** A published release as the public bootstrap answers it. */
export function bootstrapOf(release: ReleaseRecord) {
  const full = releaseOut(release);
  const config = release.config;
  return {
    _id: full._id,
    id: full.id,
    title: full.title,
    name: full.name,
    ...(full.slug !== undefined && { slug: full.slug }),
    ...(full.description !== undefined && { description: full.description }),
    status: AVAILABLE,
    allowAnonymousChat: full.allowAnonymousChat,
    authMode: full.authMode,
    ...(full.maxAnonymousChatMessages !== undefined && { maxAnonymousChatMessages: full.maxAnonymousChatMessages }),
    ...(full.requireSignedAnonymousChat !== undefined && { requireSignedAnonymousChat: full.requireSignedAnonymousChat }),
    ...(full.assistant !== undefined && { assistant: full.assistant }),
    whitelabel: release.workspaceId,
    target: release.workspaceId,
    workspaceId: release.workspaceId,
    _whitelabelPicture: whitelabelPicture(release.workspaceId),
    ...(full.theme !== undefined && { theme: full.theme }),
    ...(full.themeOverride !== undefined && { themeOverride: full.themeOverride }),
    ...Object.fromEntries(PUBLIC_CONFIG.filter((k) => config[k] !== undefined).map((k) => [k, config[k]])),
    ...(full.publicResponseCache !== undefined && { publicResponseCache: full.publicResponseCache }),
    embedKey: full.embedKey,
  };
}
