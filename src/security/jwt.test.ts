// The token signer writes the bytes jose's SignJWT wrote for the same claims and key, through
// Node's key objects and through WebCrypto alike, and verifies what it signs.
import { SignJWT, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { SeededRandom, deriveSeed } from '../seed/random.js';
import { ed25519Key } from './ed25519-key.js';
import { TokenSigner } from './jwt.js';

const PKCS8_ED25519_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
const NOW = Date.parse('2026-03-01T12:00:00Z');
const ISSUER = 'http://127.0.0.1:4010';

/** The key fromSeed derives, imported into WebCrypto for jose. */
async function joseKey(seed: number): Promise<CryptoKey> {
  const der = new Uint8Array([...PKCS8_ED25519_PREFIX, ...new SeededRandom(deriveSeed(seed, 'jwt-signing-key')).bytes(32)]);
  return globalThis.crypto.subtle.importKey('pkcs8', der, { name: 'Ed25519' }, false, ['sign']);
}

const host = process as { getBuiltinModule?: unknown };
const builtin = host.getBuiltinModule;
afterEach(() => {
  host.getBuiltinModule = builtin;
});

describe.each([
  ['node:crypto', () => undefined],
  ['WebCrypto', () => void (host.getBuiltinModule = undefined)],
])('TokenSigner through %s', (_name, choose) => {
  it('signs access tokens, reissues and ID tokens with the bytes jose wrote', async () => {
    choose();
    const signer = await TokenSigner.fromSeed(42, () => NOW, () => ISSUER);
    const key = await joseKey(42);
    const header = { alg: 'EdDSA', typ: 'JWT', kid: signer.publicJwk.kid };
    const iat = Math.floor(NOW / 1000);
    for (const [claims, audience] of [
      [{ sub: 'usr_1', use: 'access' as const }, []],
      [{ sub: 'usr_2', use: 'access' as const, session: 'es_1', iss: 'early', nested: { a: [1, 'two', null], b: 'é ✓' } }, ['https://api.example', 'service-api']],
    ] as const) {
      const aud = audience.length === 0 ? 'service-api' : ['service-api', ...audience.filter((a) => a !== 'service-api')];
      const { token, expiresAt } = await signer.sign({ ...claims }, 900, 'jti_1', [...audience]);
      const expected = await new SignJWT({ ...claims }).setProtectedHeader(header).setIssuer(ISSUER).setAudience(aud).setIssuedAt(iat).setExpirationTime(iat + 900).setJti('jti_1').sign(key);
      expect(token).toBe(expected);
      expect(expiresAt).toBe((iat + 900) * 1000);
      const verified = await signer.verify(token);
      expect(verified).toMatchObject({ userId: claims.sub });
    }
    const idToken = await signer.signIdToken({ sub: 'usr_1', aud: 'client_1', nonce: 'n-1' }, 3600);
    expect(idToken).toBe(await new SignJWT({ sub: 'usr_1', aud: 'client_1', nonce: 'n-1' }).setProtectedHeader(header).setIssuer(ISSUER).setIssuedAt(iat).setExpirationTime(iat + 3600).sign(key));
    const elsewhere = await TokenSigner.fromSeed(42, () => NOW, () => 'http://localhost:9999');
    const { token } = await signer.sign({ sub: 'usr_1', use: 'access' }, 900, 'jti_2');
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as JWTPayload;
    expect(await elsewhere.reissue(token)).toBe(await new SignJWT({ ...payload, iss: 'http://localhost:9999' }).setProtectedHeader(header).sign(key));
    expect(await signer.reissue(token)).toBe(token);
  });

  it('refuses a token signed by another key, or changed', async () => {
    choose();
    const signer = await TokenSigner.fromSeed(42, () => NOW, () => ISSUER);
    const other = await TokenSigner.fromSeed(43, () => NOW, () => ISSUER);
    const { token } = await other.sign({ sub: 'usr_1', use: 'access' }, 900, 'jti_1');
    expect(await signer.verify(token)).toBe('invalid');
    const own = (await signer.sign({ sub: 'usr_1', use: 'access' }, 900, 'jti_1')).token;
    // The signature's first character changed: its first byte's top six bits differ.
    const [head, body, signature] = own.split('.') as [string, string, string];
    expect(await signer.verify(`${head}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`)).toBe('invalid');
  });
});

it('derives the same public key through node:crypto and WebCrypto', async () => {
  const der = new Uint8Array([...PKCS8_ED25519_PREFIX, ...new Uint8Array(32).fill(7)]);
  const viaNode = await ed25519Key(der);
  host.getBuiltinModule = undefined;
  const viaWeb = await ed25519Key(der);
  expect(viaNode.x).toBe(viaWeb.x);
  const data = new TextEncoder().encode('payload');
  expect(Buffer.from(await viaNode.sign(data)).toString('hex')).toBe(Buffer.from(await viaWeb.sign(data)).toString('hex'));
});
