// A class prototype whose parent is chosen on first use: reading the global Request or Response
// loads Node's fetch implementation (undici, ~70 ms of a fresh process), which the light request
// and answer classes must not do until something asks them to behave as the real class.
/**
 * Gives `prototype` a stand-in parent; the first time a lookup reaches it (a member `prototype`
 * does not define, `instanceof`, `in`, an assignment, enumeration), `resolve()` runs once and
 * returns the real parent, which then replaces the stand-in, and the lookup goes on as if the real
 * parent had been there from the start. `resolve` may define members on `prototype` first.
 *
 * Reading `then` does not link: promise resolution reads it from every value an async function
 * returns or a promise resolves with, and the parents chosen here (Request, Response, Object
 * prototypes) define none of their own, so the answer is Object.prototype's, as it would be.
 */
export function parentOnFirstUse(prototype: object, resolve: () => object | null): void {
  let parent: object | null | undefined;
  const link = (): void => {
    if (parent !== undefined) return;
    parent = resolve();
    Object.setPrototypeOf(prototype, parent);
  };
  // The stand-in owns nothing: every question is asked again from `prototype` once it is linked,
  // so members `resolve` defined there are found, and the receiver stays the instance.
  const standIn = new Proxy(Object.create(null) as object, {
    getPrototypeOf: () => (link(), parent as object | null),
    get: (_target, key, receiver) =>
      key === 'then' && parent === undefined ? Reflect.get(Object.prototype, key, receiver) : (link(), Reflect.get(prototype, key, receiver)),
    set: (_target, key, value, receiver) => (link(), Reflect.set(prototype, key, value, receiver)),
    has: (_target, key) => (link(), Reflect.has(prototype, key)),
    ownKeys: (target) => (link(), Reflect.ownKeys(target)),
    getOwnPropertyDescriptor: (target, key) => (link(), Reflect.getOwnPropertyDescriptor(target, key)),
  });
  Object.setPrototypeOf(prototype, standIn);
}
