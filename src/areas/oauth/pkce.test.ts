// PKCE S256 against the worked example of RFC 7636 Appendix B.
import { describe, expect, it } from 'vitest';
import { CODE_VERIFIER_PATTERN, S256_CHALLENGE_PATTERN, s256Challenge, verifierMatches } from './pkce.js';
import { base64url } from '../../security/base64url.js';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('pkce', () => {
  it('computes the RFC 7636 Appendix B challenge', () => {
    expect(s256Challenge(VERIFIER)).toBe(CHALLENGE);
    expect(verifierMatches(VERIFIER, CHALLENGE)).toBe(true);
    expect(verifierMatches(VERIFIER.replace(/.$/, 'l'), CHALLENGE)).toBe(false);
    expect(verifierMatches(VERIFIER, CHALLENGE.slice(1))).toBe(false);
  });

  it('encodes base64url without padding', () => {
    expect(base64url(new Uint8Array([]))).toBe('');
    expect(base64url(new Uint8Array([0xfb]))).toBe('-w');
    expect(base64url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(base64url(new TextEncoder().encode('hello world'))).toBe('aGVsbG8gd29ybGQ');
  });

  it('knows the shapes of verifiers and challenges', () => {
    expect(CODE_VERIFIER_PATTERN.test(VERIFIER)).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(42))).toBe(false);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(128))).toBe(true);
    expect(CODE_VERIFIER_PATTERN.test('a'.repeat(129))).toBe(false);
    expect(CODE_VERIFIER_PATTERN.test(`${'a'.repeat(43)} `)).toBe(false);
    expect(S256_CHALLENGE_PATTERN.test(CHALLENGE)).toBe(true);
    expect(S256_CHALLENGE_PATTERN.test(`${CHALLENGE}=`)).toBe(false);
  });
});
