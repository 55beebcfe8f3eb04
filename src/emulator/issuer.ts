// Which issuer (RFC 8414) the emulator's tokens and discovery name: the configured one, else the
// origin the request being answered came to, else the origin the first door announced.
import { DEFAULT_ISSUER, type IssuerSource } from '../security/jwt.js';

export class Issuer {
  /** The origin of the request being answered (requests are serialized by the request lock). */
  private requestOrigin: string | undefined;
  /** The origin the first door announced: the issuer of tokens signed outside any request. */
  private homeOrigin = DEFAULT_ISSUER;
  private announced = false;
  readonly source: IssuerSource;

  constructor(configured: string | undefined) {
    this.source = Object.assign(() => configured ?? this.requestOrigin ?? this.homeOrigin, { configured: configured !== undefined });
  }

  /** Runs `fn` while answering a request that came to `origin` (an answer ready at once stays so: no promise). */
  during<T>(origin: string, fn: () => T | Promise<T>): T | Promise<T> {
    this.requestOrigin = origin;
    let result: T | Promise<T>;
    try {
      result = fn();
    } catch (err) {
      this.requestOrigin = undefined;
      throw err;
    }
    if (!(result instanceof Promise)) {
      this.requestOrigin = undefined;
      return result;
    }
    return result.then(
      (value) => {
        this.requestOrigin = undefined;
        return value;
      },
      (err: unknown) => {
        this.requestOrigin = undefined;
        throw err;
      },
    );
  }

  /** Runs `fn` as if outside any request (scenario loads: their handles name the door's origin). */
  async outsideRequest<T>(fn: () => Promise<T>): Promise<T> {
    const asked = this.requestOrigin;
    this.requestOrigin = undefined;
    try {
      return await fn();
    } finally {
      this.requestOrigin = asked;
    }
  }

  /**
   * A door tells where it serves (the server's URL, the MSW base URL). The first door keeps it,
   * so the handles of every later load agree whichever doors open afterwards. Answers whether
   * the issuer of requestless tokens changed (the handles are then reissued).
   */
  serveAt(url: string): boolean {
    if (this.announced || this.source.configured) return false;
    this.announced = true;
    const origin = new URL(url).origin;
    const changed = origin !== this.homeOrigin;
    this.homeOrigin = origin;
    return changed;
  }
}
