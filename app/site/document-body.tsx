/**
 * A document as the page shows it: the HTML made by our own renderer when the record was saved
 * (domain/documents/render-html.ts), where every text and attribute is escaped and only the closed
 * set of elements exists. No HTML a person typed ever reaches here.
 */
export function DocumentBody({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`doc ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
