// derive-theme (emulator-defined): a theme computed from a site address by hashing it, so the same
// address always gives the same colours. No network call is ever made.

const FONTS = ['Inter, sans-serif', 'Roboto, sans-serif', 'Source Sans 3, sans-serif', 'Merriweather, serif', 'IBM Plex Sans, sans-serif', 'Nunito, sans-serif'];

/** FNV-1a, 32 bits: small, stable across platforms, good enough to spread colours. */
export function fnv1a(text: string, salt = 0): number {
  let hash = (0x811c9dc5 ^ salt) >>> 0;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The address as a URL when it is one (http or https), else undefined. */
export function siteUrl(from: string): URL | undefined {
  try {
    const url = new URL(from);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Colours, mode and font from any text (a host name, a release id), the same text giving the same theme. */
export function themeFromText(text: string) {
  const hue = fnv1a(text) % 360;
  const darkMode = fnv1a(text, 1) % 4 === 0;
  return {
    primaryColor: hslToHex(hue, 65, 45),
    secondaryColor: hslToHex((hue + 150) % 360, 55, 50),
    backgroundColor: darkMode ? '#111418' : '#ffffff',
    textColor: darkMode ? '#e8eaed' : '#1f2328',
    fontFamily: FONTS[fnv1a(text, 2) % FONTS.length] as string,
    darkMode,
  };
}

/** A theme for a site: hashed from its host name, with logo and favicon under its origin. */
export function themeFromUrl(url: URL) {
  const { darkMode, ...colours } = themeFromText(url.hostname.toLowerCase().replace(/^www\./, ''));
  return { ...colours, logoUrl: `${url.origin}/logo.png`, faviconUrl: `${url.origin}/favicon.ico`, darkMode };
}
