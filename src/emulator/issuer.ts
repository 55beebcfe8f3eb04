// Which issuer (RFC 8414) the emulator's tokens and discovery name: the configured one, else the
// origin the request being answered came to, else the origin the first door announced.
import { isPending } from '../storage/settled.js';
import { DEFAULT_ISSUER, type IssuerSource } from '../security/jwt.js';
import { originOf } from './request-path.js';

export class Issuer {
  /**
   * The url of the request being answered (requests are serialized by the request lock): its
   * origin is read from it only when something asks (a token signed, discovery), not per request.
   */
  private requestUrl: string | undefined;
  /** The origin the first door announced: the issuer of tokens signed outside any request. */
  private homeOrigin = DEFAULT_ISSUER;
  private announced = false;
  readonly source: IssuerSource;

  constructor(configured: string | undefined) {
    this.source = Object.assign(() => configured ?? (this.requestUrl === undefined ? undefined : originOf(this.requestUrl)) ?? this.homeOrigin, { configured: configured !== undefined });
  }

  /** Runs `fn` while answering a request to `url` (an answer ready at once stays so: no promise). */
  during<T>(url: string, fn: () => T | Promise<T>): T | Promise<T> {
    this.requestUrl = url;
    let result: T | Promise<T>;
    try {
      result = fn();
    } catch (err) {
      this.requestUrl = undefined;
      throw err;
    }
    if (!isPending(result)) {
      this.requestUrl = undefined;
      return result;
    }
    return result.then(
      (value) => {
        this.requestUrl = undefined;
        return value;
      },
      (err: unknown) => {
        this.requestUrl = undefined;
        throw err;
      },
    );
  }

  /** Runs `fn` as if outside any request (scenario loads: their handles name the door's origin). */
  async outsideRequest<T>(fn: () => Promise<T>): Promise<T> {
    const asked = this.requestUrl;
    this.requestUrl = undefined;
    try {
      return await fn();
    } finally {
      this.requestUrl = asked;
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
