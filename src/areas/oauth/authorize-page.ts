// The tiny sign-in pages of /oauth/authorize: pick a scenario user and consent, or approve one
// request, so a person can finish the flow in a browser. A plain form and links; no scripts.
import type { OAuthClient } from './clients.js';
import type { OAuthUser } from './store.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** How a user is named on the page: name, else email, else id. */
export const displayName = (user: OAuthUser): string => user.name ?? user.email ?? user.id;

function page(title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}li{margin:.5rem 0}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
  return new Response(html, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY' },
  });
}

function clientLine(client: OAuthClient, scope: string): string {
  return `<p><strong>${escapeHtml(client.name)}</strong> (<code>${escapeHtml(client.clientId)}</code>) asks for <code>${escapeHtml(scope)}</code>.</p>`;
}

/** The sign-in form: the request's own parameters hidden, one radio per user, Allow and Deny. */
function consentForm(users: OAuthUser[], form: { action: string; hidden: [string, string][] }): string {
  if (users.length === 0) return '';
  const hidden = form.hidden.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('\n');
  const radios = users
    .map(
      (user, i) =>
        `<p><label><input type="radio" name="login_hint" value="${escapeHtml(user.id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(displayName(user))}</label></p>`,
    )
    .join('\n');
  return `<form method="post" action="${escapeHtml(form.action)}">
${hidden}
<fieldset><legend>Sign in as</legend>
${radios}
</fieldset>
<p><button type="submit" name="approve" value="1">Allow</button> <button type="submit" name="approve" value="0">Deny</button></p>
</form>`;
}

/**
 * The sign-in page: a form (choose a user, then Allow or Deny) and, for quick clicks, one
 * "Sign in as NAME" link per user, each the same request plus `login_hint`.
 */
export function chooserPage(client: OAuthClient, scope: string, users: { user: OAuthUser; href: string }[], form: { action: string; hidden: [string, string][] }): Response {
  const items = users.map(
    ({ user, href }) =>
      `<li><a href="${escapeHtml(href)}">Sign in as ${escapeHtml(displayName(user))}</a>${user.email ? ` <small>${escapeHtml(user.email)}</small>` : ''}</li>`,
  );
  const list = items.length > 0 ? `<ul>\n${items.join('\n')}\n</ul>` : '<p>This scenario has no users.</p>';
  return page('Sign in to service-emulator', `${clientLine(client, scope)}\n${consentForm(users.map((u) => u.user), form)}\n${list}`);
}

/** Shown when `settings.oauth.autoApprove` is false: one "Approve" link and one "Deny" link. */
export function approvePage(client: OAuthClient, scope: string, user: OAuthUser, approveHref: string, denyHref: string): Response {
  return page(
    'Approve access',
    `${clientLine(client, scope)}
<p>Signed in as ${escapeHtml(displayName(user))}.</p>
<ul>
<li><a href="${escapeHtml(approveHref)}">Approve</a></li>
<li><a href="${escapeHtml(denyHref)}">Deny</a></li>
</ul>`,
  );
}
