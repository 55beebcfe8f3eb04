// One token signer per seed, made once: a world that goes back to a seed it had (a reset, a restore,
// an import) signs with the same key without deriving and importing it again.
import { TokenSigner, type IssuerSource } from './jwt.js';

export class SignersBySeed {
  private readonly made = new Map<number, Promise<TokenSigner>>();

  constructor(
    private readonly now: () => number,
    private readonly issuer: IssuerSource,
  ) {}

  /** The signer of `seed`'s key. */
  of(seed: number): Promise<TokenSigner> {
    let signer = this.made.get(seed);
    if (!signer) {
      signer = TokenSigner.fromSeed(seed, this.now, this.issuer);
      this.made.set(seed, signer);
      // A failed derivation is not kept: the next call tries again.
      signer.catch(() => this.made.delete(seed));
    }
    return signer;
  }
}
