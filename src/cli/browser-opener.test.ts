// The headless browser's reading of the emulator's sign-in page, and its loopback rule.
import { describe, expect, it } from 'vitest';
import { chooserPage } from '../areas/oauth/authorize-page.js';
import { isLoopback, readSignInForm } from './browser-opener.js';

describe('readSignInForm', () => {
  it('reads the form of the emulator sign-in page: action, hidden parameters, offered users', async () => {
    const page = chooserPage(
      { clientId: 'service-cli', name: 'CLI & co', redirectUris: [] },
      'openid',
      [
        { user: { id: 'u_a', name: 'A "quoted"', emailVerified: true }, href: '/oauth/authorize?login_hint=u_a' },
        { user: { id: 'u_b', email: 'b@x.example', emailVerified: true }, href: '/oauth/authorize?login_hint=u_b' },
      ],
      { action: '/oauth/authorize', hidden: [['client_id', 'service-cli'], ['redirect_uri', 'http://127.0.0.1:9/cb?a=1&b=2'], ['state', '<s>']] },
    );
    expect(readSignInForm(await page.text())).toEqual({
      action: '/oauth/authorize',
      hidden: [['client_id', 'service-cli'], ['redirect_uri', 'http://127.0.0.1:9/cb?a=1&b=2'], ['state', '<s>']],
      users: ['u_a', 'u_b'],
    });
  });

  it('is undefined for any other page', () => {
    expect(readSignInForm('<html><body>Signed in.</body></html>')).toBeUndefined();
    expect(readSignInForm('<form method="post" action="/login"><input type="hidden" name="csrf" value="1"></form>')).toBeUndefined();
  });
});

describe('isLoopback', () => {
  it.each([
    ['http://127.0.0.1:4010/x', true],
    ['http://127.9.0.1/x', true],
    ['http://localhost:1/', true],
    ['http://app.localhost/', true],
    ['http://[::1]:80/', true],
    ['http://10.0.0.1/', false],
    ['https://api.example.com/', false],
    ['http://127.0.0.1.example.com/', false],
  ])('%s → %s', (url, expected) => {
    expect(isLoopback(new URL(url))).toBe(expected);
  });
});
