/** The parts of `xliff` (an XLIFF library, no types of its own) the tests use. */
declare module 'xliff' {
  interface XliffUnit {
    source: string | unknown[];
    target?: string | unknown[];
    note?: string;
    [key: string]: unknown;
  }
  interface XliffDocument {
    sourceLanguage: string;
    targetLanguage: string;
    resources: Record<string, Record<string, XliffUnit>>;
  }
  export function xliff2js(xml: string): Promise<XliffDocument>;
  export function js2xliff(document: XliffDocument): Promise<string>;
}
