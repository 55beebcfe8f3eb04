// How chat matches a corrected prompt: case, surrounding and repeated white space do not matter;
// words and punctuation do.
import { describe, expect, it } from 'vitest';
import { promptKey } from './store.js';

describe('promptKey', () => {
  it('folds case and white space only', () => {
    expect(promptKey('  How do\tINVITATIONS\n expire? ')).toBe('how do invitations expire?');
    expect(promptKey('How do invitations expire')).not.toBe(promptKey('How do invitations expire?'));
    expect(promptKey('Cafe\u0301')).toBe(promptKey('Café'));
  });
});
