// The Ed25519 key tokens are signed with, made from its PKCS #8 form. Where Node gives its own
// crypto (`process.getBuiltinModule`, so nothing here imports node:*), a key object: signing is
// synchronous, and WebCrypto (its modules, several milliseconds of a fresh process, and a trip
// through the thread pool per call) loads only when a token is first verified. Elsewhere (a
// browser) WebCrypto, as before. Ed25519 signatures are deterministic: both give the same bytes.

export interface Ed25519Key {
  /** The public key, as a JWK's `x` (base64url). */
  readonly x: string;
  sign(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array>;
}

/** The part of node:crypto used here. */
interface NodeCrypto {
  createPrivateKey(input: { key: Uint8Array; format: 'der'; type: 'pkcs8' }): NodeKeyObject;
  sign(algorithm: null, data: Uint8Array, key: NodeKeyObject): Uint8Array;
}

interface NodeKeyObject {
  export(options: { format: 'jwk' }): { x?: string };
}

function nodeCrypto(): NodeCrypto | undefined {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return typeof host?.getBuiltinModule === 'function' ? (host.getBuiltinModule('node:crypto') as NodeCrypto | undefined) : undefined;
}

/** The key of a PKCS #8 Ed25519 private key. */
export async function ed25519Key(pkcs8: Uint8Array<ArrayBuffer>): Promise<Ed25519Key> {
  const node = nodeCrypto();
  if (node) {
    const key = node.createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    return { x: String(key.export({ format: 'jwk' }).x), sign: async (data) => node.sign(null, data, key) };
  }
  const subtle = globalThis.crypto.subtle;
  const privateKey = await subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
  const jwk = (await subtle.exportKey('jwk', privateKey)) as JsonWebKey;
  return { x: String(jwk.x), sign: async (data) => new Uint8Array(await subtle.sign('Ed25519', privateKey, data)) };
}
