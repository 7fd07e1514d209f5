import { HTML_ALLOWED_TAGS, allowedAttributeValue } from '@kaoshi/shared';

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * What in sanitized HTML breaks the shared allow-list: an element it does not list, an attribute it
 * does not allow on that element, a value its check would change, or anything in the markup that could
 * run (script, event handlers, script URLs). Reads the server serializer's output, which always quotes
 * attribute values. Text may mention "javascript:"; so may a formula's LaTeX, which KaTeX reads untrusted.
 */
export function allowListBreaches(html: string): string[] {
  const breaches: string[] = [];
  for (const [markup, tag, rest] of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    const name = tag!.toLowerCase();
    if (!(HTML_ALLOWED_TAGS as readonly string[]).includes(name))
      breaches.push(`element <${name}>`);
    for (const [, attribute, value = ''] of rest!.matchAll(/([^\s=/"]+)(?:="([^"]*)")?/g)) {
      const checked = allowedAttributeValue(name, attribute!, decode(value));
      if (checked === null || (checked !== decode(value) && attribute !== 'controls')) {
        breaches.push(`<${name} ${attribute}="${value}">`);
      }
    }
    const withoutLatex = markup.replace(/data-latex="[^"]*"/g, '');
    if (/<script|\son[a-z]+\s*=|javascript:|vbscript:|data:text/i.test(withoutLatex)) {
      breaches.push(`executable markup ${markup}`);
    }
  }
  return breaches;
}
