// The path and origin of a request's url, read without building a URL object (every request asks).
/** The path of a Request's (already normalised) url, without building a URL object. */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 63 /* ? */ || c === 35 /* # */) {
      end = i;
      break;
    }
  }
  return url.slice(start, end);
}

/**
 * The origin of a Request's url, which is already normalised (lower-case host, no default port):
 * the text before the path, unless it carries user info (then URL drops it).
 */
export function originOf(url: string): string {
  const end = url.indexOf('/', url.indexOf('//') + 2);
  const origin = end < 0 ? url : url.slice(0, end);
  return origin.includes('@') || !/^https?:/.test(origin) ? new URL(url).origin : origin;
}
