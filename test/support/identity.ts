// The users the identity suites call as, by id, in the shape `door.call` takes (see use-door.ts):
// `call('GET', '/api/v1/groups', alice)` sends Alice's Bearer token from the loaded scenario.
export const alice = { user: 'user_alice' };
export const bob = { user: 'user_bob' };
export const carol = { user: 'user_carol' };
export const dan = { user: 'user_dan' };
