/* Small readers for server-rendered HTML: enough to check what a crawler or a link preview sees. */

const decode = (text: string) =>
  text.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|#39|apos);/gi, (entity, code: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
    if (named[code.toLowerCase()]) return named[code.toLowerCase()];
    return String.fromCodePoint(code.startsWith('#x') ? Number.parseInt(code.slice(2), 16) : Number.parseInt(code.slice(1), 10));
  });

const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), decode(value)]));

export function metaContent(html: string, key: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    const attrs = attributes(tag);
    if (attrs.name === key || attrs.property === key) return attrs.content;
  }
  return undefined;
}

export function metaContents(html: string, key: string): string[] {
  return [...html.matchAll(/<meta [^>]*>/g)].map(([tag]) => attributes(tag)).filter((attrs) => attrs.name === key || attrs.property === key).map((attrs) => attrs.content);
}

export function links(html: string, rel: string): Array<Record<string, string>> {
  return [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => attributes(tag)).filter((attrs) => attrs.rel === rel);
}

export function title(html: string): string | undefined {
  const match = /<title>([\s\S]*?)<\/title>/.exec(html);
  return match ? decode(match[1]) : undefined;
}

export function textOf(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, inner]) => decode(inner.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim());
}

export function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(([, json]) => {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value : [value];
  });
}

export function htmlAttribute(html: string, name: string): string | undefined {
  const match = /<html ([^>]*)>/.exec(html);
  return match ? attributes(match[0])[name] : undefined;
}

/**
 * Every file of a sitemap index, read through the test server: the index's addresses name the
 * public site (`publicUrl`), the files are fetched from `siteUrl`. Returns the files' text joined
 * and how many addresses each file holds.
 */
export async function wholeSitemap(siteUrl: string, publicUrl: string): Promise<{ text: string; files: Array<{ loc: string; urls: number }> }> {
  const index = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  const files: Array<{ loc: string; urls: number }> = [];
  let text = '';
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const response = await fetch(siteUrl + decode(loc).slice(publicUrl.length));
    if (response.status !== 200) throw new Error(`${loc}: ${response.status}`);
    const body = await response.text();
    files.push({ loc: decode(loc), urls: body.match(/<url>/g)?.length ?? 0 });
    text += body;
  }
  return { text, files };
}
