// Path globs for fault rules and journal filters: `*` matches within one path segment, `**` across
// segments, `?` one character; everything else is literal. Query strings are never part of a path.

const cache = new Map<string, RegExp>();

export function globToRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (re) return re;
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (char === '*') out += '[^/]*';
    else if (char === '?') out += '[^/]';
    else out += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  re = new RegExp(`^${out}$`);
  if (cache.size > 500) cache.clear();
  cache.set(glob, re);
  return re;
}

export function matchesGlob(glob: string, path: string): boolean {
  return globToRegExp(glob).test(path);
}
