// Bearer JWTs: EdDSA (Ed25519) with a key pair derived from the seed, so tokens are byte-identical
// across runs. Lifetimes are read from the emulator clock.
import { SignJWT, jwtVerify, errors as joseErrors, type JWK, type JWTPayload } from 'jose';
import { SeededRandom, deriveSeed } from '../seed/random.js';
import { hashSecret } from './hash.js';

export const DEFAULT_ISSUER = 'service-emulator';
export const DEFAULT_AUDIENCE = 'service-api';

/** The fixed DER prefix of a PKCS #8 Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

export type TokenUse = 'access';

export interface AccessClaims {
  sub: string;
  use: TokenUse;
  /** Extra claims, for example the embed session a token came from. */
  [claim: string]: unknown;
}

export interface VerifiedToken {
  userId: string;
  claims: JWTPayload & Record<string, unknown>;
}

export type VerifyFailure = 'expired' | 'invalid';

export class TokenSigner {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    readonly publicJwk: JWK,
    readonly issuer: string,
    private readonly now: () => number,
  ) {}

  static async fromSeed(seed: number, now: () => number, issuer = DEFAULT_ISSUER): Promise<TokenSigner> {
    const keySeed = new SeededRandom(deriveSeed(seed, 'jwt-signing-key')).bytes(32);
    const der = new Uint8Array([...PKCS8_ED25519_PREFIX, ...keySeed]);
    const subtle = globalThis.crypto.subtle;
    const privateKey = await subtle.importKey('pkcs8', der, { name: 'Ed25519' }, true, ['sign']);
    const jwk = (await subtle.exportKey('jwk', privateKey)) as JsonWebKey;
    const publicJwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: jwk.x, alg: 'EdDSA', use: 'sig' };
    publicJwk.kid = hashSecret(String(jwk.x)).slice(0, 16);
    const publicKey = await subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, true, [
      'verify',
    ]);
    return new TokenSigner(privateKey, publicKey, publicJwk, issuer, now);
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  /** Signs an access token for a user; `jti` makes two tokens of the same second distinct. */
  async sign(claims: AccessClaims, expiresInSec: number, jti: string): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + expiresInSec;
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: this.publicJwk.kid })
      .setIssuer(this.issuer)
      .setAudience(DEFAULT_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(jti)
      .sign(this.privateKey);
    return { token, expiresAt: exp * 1000 };
  }

  /** Verifies signature, issuer, audience and lifetime against the emulator clock. */
  async verify(token: string): Promise<VerifiedToken | VerifyFailure> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: this.issuer,
        audience: DEFAULT_AUDIENCE,
        algorithms: ['EdDSA'],
        currentDate: new Date(this.now()),
      });
      if (payload.use !== 'access' || typeof payload.sub !== 'string') return 'invalid';
      return { userId: payload.sub, claims: payload as VerifiedToken['claims'] };
    } catch (err) {
      return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
