// parentOnFirstUse: a class answers its own members with no parent chosen, and the first question
// that reaches past them (a member it lacks, instanceof, `in`, an assignment) links the real parent.
import { describe, expect, it } from 'vitest';
import { parentOnFirstUse } from './lazy-prototype.js';

class Real {
  get kind(): string {
    return 'real';
  }
  greet(this: { name: string }): string {
    return `hello ${this.name}`;
  }
}

/** A fresh light class each time, its parent chosen on first use, and how often that ran. */
function lightClass() {
  class Light {
    readonly name = 'light';
    own(): string {
      return 'own';
    }
  }
  const resolved = { count: 0 };
  parentOnFirstUse(Light.prototype, () => {
    resolved.count++;
    return Real.prototype;
  });
  return { Light, resolved };
}

describe('parentOnFirstUse', () => {
  it('answers own members and then without choosing the parent', async () => {
    const { Light, resolved } = lightClass();
    const light = new Light();
    expect(light.own()).toBe('own');
    expect(light.name).toBe('light');
    expect((light as unknown as { then?: unknown }).then).toBeUndefined();
    // An async function returning it reads `then`: still unlinked.
    expect(await (async () => light)()).toBe(light);
    expect(resolved.count).toBe(0);
  });

  it('links on instanceof, once', () => {
    const { Light, resolved } = lightClass();
    expect(new Light()).toBeInstanceOf(Real);
    expect(new Light()).toBeInstanceOf(Real);
    expect(resolved.count).toBe(1);
    expect(Object.getPrototypeOf(Light.prototype)).toBe(Real.prototype);
  });

  it('links on a member it lacks, with the instance as receiver', () => {
    const { Light, resolved } = lightClass();
    const light = new Light() as unknown as Real & { name: string };
    expect(light.greet()).toBe('hello light');
    expect(light.kind).toBe('real');
    expect(resolved.count).toBe(1);
  });

  it('links on `in`, and an assignment lands on the instance', () => {
    const first = lightClass();
    expect('kind' in new first.Light()).toBe(true);
    expect('nothing' in new first.Light()).toBe(false);
    expect(first.resolved.count).toBe(1);
    const second = lightClass();
    const light = new second.Light() as unknown as { extra?: number };
    light.extra = 3;
    expect(Object.getOwnPropertyDescriptor(light, 'extra')?.value).toBe(3);
    expect(second.resolved.count).toBe(1);
  });

  it('lets the resolver define members first, found by the same lookup', () => {
    class Light {}
    parentOnFirstUse(Light.prototype, () => {
      Object.defineProperty(Light.prototype, 'late', { value: () => 'late', configurable: true });
      return Real.prototype;
    });
    expect((new Light() as unknown as { late(): string }).late()).toBe('late');
  });
});
