/** Text made safe inside an XML element or attribute (sitemaps, feeds). */
export const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);
