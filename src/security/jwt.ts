// Bearer JWTs: EdDSA (Ed25519) with a key pair derived from the seed, so tokens are byte-identical
// across runs for the same issuer. The issuer is a URL (RFC 8414): asked of the world at each
// signature, because it is the origin the emulator is served at. Lifetimes read the emulator clock.
import { decodeJwt, jwtVerify, errors as joseErrors, type JWK, type JWTPayload } from 'jose';
import { SeededRandom, deriveSeed } from '../seed/random.js';
import { base64url } from './base64url.js';
import { ed25519Key, type Ed25519Key } from './ed25519-key.js';
import { hashSecret } from './hash.js';

/** The default address (contract section 1): the issuer of tokens signed outside any request. */
export const DEFAULT_ISSUER = 'http://127.0.0.1:4010';
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

/** Where the issuer comes from: a configured one is checked strictly on verify; a served origin is not. */
export interface IssuerSource {
  (): string;
  /** True when the issuer was configured: tokens of any other issuer are then refused. */
  readonly configured?: boolean;
}

const utf8 = new TextEncoder();

export class TokenSigner {
  /** The public key for jose's verify, imported at the first verify (WebCrypto loads then, not at start). */
  private publicKey: Promise<CryptoKey> | undefined;

  private constructor(
    private readonly key: Ed25519Key,
    readonly publicJwk: JWK,
    private readonly issuerOf: IssuerSource,
    private readonly now: () => number,
  ) {}

  static async fromSeed(seed: number, now: () => number, issuer: IssuerSource = () => DEFAULT_ISSUER): Promise<TokenSigner> {
    const keySeed = new SeededRandom(deriveSeed(seed, 'jwt-signing-key')).bytes(32);
    const key = await ed25519Key(new Uint8Array([...PKCS8_ED25519_PREFIX, ...keySeed]));
    const publicJwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: key.x, alg: 'EdDSA', use: 'sig' };
    publicJwk.kid = hashSecret(key.x).slice(0, 16);
    return new TokenSigner(key, publicJwk, issuer, now);
  }

  /**
   * A compact JWS of `claims` (JSON in their own order) under the EdDSA header: the bytes jose's
   * SignJWT writes for them, which this replaces on the signing side (RFC 7515 §7.1).
   */
  private async compact(claims: Record<string, unknown>): Promise<string> {
    const header = base64url(utf8.encode(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: this.publicJwk.kid })));
    const input = `${header}.${base64url(utf8.encode(JSON.stringify(claims)))}`;
    return `${input}.${base64url(await this.key.sign(utf8.encode(input)))}`;
  }

  /** The issuer tokens signed now carry: the configured one, else the origin being served. */
  get issuer(): string {
    return this.issuerOf();
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  /**
   * Signs an access token for a user; `jti` makes two tokens of the same second distinct.
   * `audience` adds resource indicators (RFC 8707) beside the service's own audience.
   */
  async sign(claims: AccessClaims, expiresInSec: number, jti: string, audience: string[] = []): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + expiresInSec;
    const aud = audience.length === 0 ? DEFAULT_AUDIENCE : [DEFAULT_AUDIENCE, ...audience.filter((a) => a !== DEFAULT_AUDIENCE)];
    // Set in SignJWT's order (issuer, audience, issued at, expiry, id): a claim already given keeps its place.
    const payload: Record<string, unknown> = { ...claims };
    payload.iss = this.issuer;
    payload.aud = aud;
    payload.iat = iat;
    payload.exp = exp;
    payload.jti = jti;
    return { token: await this.compact(payload), expiresAt: exp * 1000 };
  }

  /**
   * The same token naming the current issuer: every other claim, and their order, kept. A fresh
   * signature with that issuer gives the same bytes (Ed25519 signatures are deterministic).
   */
  async reissue(token: string): Promise<string> {
    const payload = decodeJwt(token);
    if (payload.iss === this.issuer) return token;
    return this.compact({ ...payload, iss: this.issuer });
  }

  /** Signs an OpenID Connect ID token (the caller gives sub, aud, nonce, auth_time, at_hash). */
  async signIdToken(claims: Record<string, unknown>, expiresInSec: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    const payload: Record<string, unknown> = { ...claims };
    payload.iss = this.issuer;
    payload.iat = iat;
    payload.exp = iat + expiresInSec;
    return this.compact(payload);
  }

  /**
   * Verifies signature, audience and lifetime against the emulator clock, and the issuer when one
   * is configured. An unconfigured emulator answers at several origins (each door, localhost and
   * 127.0.0.1), all with the same seeded key: a token of any of them is its own.
   */
  async verify(token: string): Promise<VerifiedToken | VerifyFailure> {
    this.publicKey ??= globalThis.crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: this.publicJwk.x }, { name: 'Ed25519' }, true, ['verify']);
    const publicKey = await this.publicKey;
    try {
      const { payload } = await jwtVerify(token, publicKey, {
        ...(this.issuerOf.configured && { issuer: this.issuerOf() }),
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
