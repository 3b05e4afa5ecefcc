/** The parts of `vcf` (a vCard library, no types of its own) the tests read. */
declare module 'vcf' {
  interface Property {
    valueOf(): string;
    toJSON(): [string, Record<string, string>, string, string];
  }
  class VCard {
    version: string;
    get(name: string): Property | Property[] | undefined;
    static parse(text: string): VCard[];
  }
  export default VCard;
}
