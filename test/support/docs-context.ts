// What a docs block's prelude gives it (`<!-- prelude: serve -->` above the block, see
// test/support/docs-blocks.ts): set by test/docs-blocks.test.ts right before the block runs.

/** The `default` scenario's full-access key (`key_full`). */
export let KEY: string;
/** A Bearer JWT for `user_alice`, as `POST /__emulator/tokens` gives it. */
export let accessToken: string;

export function setDocsContext(context: { KEY: string; accessToken: string }): void {
  KEY = context.KEY;
  accessToken = context.accessToken;
}
