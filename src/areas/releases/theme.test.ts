// derive-theme's hashing: the same host always gives the same theme, hosts spread over hues.
import { describe, expect, it } from 'vitest';
import { fnv1a, siteUrl, themeFromText, themeFromUrl } from './theme.js';

describe('derived themes', () => {
  it('hashes with FNV-1a (known vectors)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('gives one theme per host, whatever the path, scheme or www prefix', () => {
    const a = themeFromUrl(siteUrl('https://www.shop.example/about')!);
    const b = themeFromUrl(siteUrl('http://shop.example/')!);
    expect({ ...a, logoUrl: '', faviconUrl: '' }).toEqual({ ...b, logoUrl: '', faviconUrl: '' });
    expect(a.logoUrl).toBe('https://www.shop.example/logo.png');
    for (const colour of [a.primaryColor, a.secondaryColor, a.backgroundColor, a.textColor]) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    const hues = new Set(['a.example', 'b.example', 'c.example', 'd.example', 'e.example'].map((h) => themeFromText(h).primaryColor));
    expect(hues.size).toBe(5);
  });

  it('accepts only http and https addresses', () => {
    expect(siteUrl('ftp://x.example')).toBeUndefined();
    expect(siteUrl('rel_main')).toBeUndefined();
    expect(siteUrl('https://x.example')?.hostname).toBe('x.example');
  });
});
