import { APOSTROPHES, uzbekToLatin } from '../languages/uzbek-script.ts';
import { dayIn } from '../shared/days.ts';
import { pickText } from '../shared/localized.ts';

/*
 * The conflict check of a new matter (API-3.md "Intake"): its company and other parties compared
 * with earlier requests' senders and parties, and matters' clients and other sides. A name is compared as a key that is the same in both
 * scripts of Uzbek and in Russian spelling ("Ташкент Агро", "Тошкент Агро", "Toshkent agro" and
 * "TOSHKENT AGRO MChJ" are one key), whatever the apostrophes (oʻ o' o‘ o`) and letter case.
 */

/** Company forms and joining words that say nothing of who a party is. */
const NOISE = new Set([
  'mchj', 'ooo', 'llc', 'ltd', 'inc', 'jsc', 'aj', 'ao', 'oao', 'zao', 'pao', 'xk', 'xt', 'ip', 'qk', 'dk', 'uk', 'gmbh', 'plc', 'co', 'corp', 'company', 'kompaniya', 'kompaniyasi',
  'va', 'and', 'i', 'the',
]);
/** At most this many words of a name are compared (a name of 300 characters stays cheap). */
const MAX_WORDS = 30;

/**
 * One word as sounds, not letters: Cyrillic read as Uzbek Latin, then the spellings that differ
 * between Uzbek and Russian made one (x/kh/h, q/k, g‘/g, ts/s, j/zh, w/v, ph/f, ye/e…), and every vowel
 * one letter (Тош/Таш, Ўзбек/Узбек), doubled letters once, an ending vowel dropped. The letters
 * read two ways in a foreign name written in Latin were made one reading each before (see `readings`).
 */
function wordKey(word: string): string {
  return word
    .replace(/kh/g, 'h')
    .replace(/q/g, 'k')
    .replace(/zh/g, 'j')
    .replace(/ts/g, 's')
    .replace(/w/g, 'v')
    .replace(/y(?=[aeiou])/g, '')
    .replace(/[aeiouy]+/g, 'a')
    .replace(/(.)\1+/g, '$1')
    // An ending vowel (Uzbek's -i of "banki", Russian's -a) says nothing of the name.
    .replace(/(?<=\p{L}{3})a$/u, '');
}

/** A word has at most this many readings (three letters read two ways); later such letters are read the first way. */
const MAX_READINGS = 8;

/**
 * A word's readings, its first the usual one: Uzbek Latin has no c and no x of English, so a
 * company's foreign name written in Latin is read as Russian writes it in Cyrillic. A c before e,
 * i or y is s (Citibank, Ситибанк; Centr, Центр); any other c is k or s (Capital, Капитал; a
 * Cyrillic ц written c); an x is Uzbek's x (h) or ks (Xerox, Ксерокс). Nothing else is read two
 * ways: a k or an s written so stays what it is (Sanoat and Kanoat are two names).
 */
function readings(word: string): string[] {
  let found = [''];
  const sure = word.replace(/ph/g, 'f').replace(/c(?=[eiy])/g, 's');
  for (const [index, letter] of [...sure].entries()) {
    const two = letter === 'x' ? ['h', 'ks'] : letter === 'c' && sure[index + 1] !== 'h' ? ['k', 's'] : undefined;
    found = two && found.length * 2 <= MAX_READINGS ? found.flatMap((start) => two.map((reading) => start + reading)) : found.map((start) => start + (two ? two[0] : letter));
  }
  return [...new Set(found.map(wordKey))];
}

/** Keys already made, by name (the same earlier names are compared at every read): at most 100,000 kept. */
const made = new Map<string, NameKey>();
const MAX_REMEMBERED = 100_000;

/** A name's words, each as its keys (one per reading), and every key of the name as a set (compared many times, made once). */
interface NameKey {
  keys: string[][];
  words: Set<string>;
}

const nameKeyOf = (keys: string[][]): NameKey => ({ keys, words: new Set(keys.flat()) });

function keyOf(name: string): NameKey {
  const known = made.get(name);
  if (known) return known;
  if (made.size >= MAX_REMEMBERED) made.clear();
  const key = nameKeyOf(keysOf(name));
  made.set(name, key);
  return key;
}

/** The words of a name as keys (each word's readings, the usual first), in order, without company forms: [] for a name of nothing but those. */
export function nameKeys(name: string): string[][] {
  return keyOf(name).keys;
}

function keysOf(name: string): string[][] {
  const latin = uzbekToLatin(name.slice(0, 1000)).toLowerCase().replace(APOSTROPHES, '').replace(/['’‘`ʻʼ]/g, '');
  const words = latin.split(/[^\p{L}\p{N}]+/u).filter((word) => word && !NOISE.has(word));
  return words
    .slice(0, MAX_WORDS)
    .map(readings)
    .filter((keys) => keys[0]);
}

export type ConflictReason = 'same_name' | 'similar_name' | 'same_tin';

/**
 * How two names compare: the same words (each word of one has a reading of the word in the same
 * place in the other), or every word of the shorter (two or more, or one long one) within the longer.
 */
export function compareNames(a: string[][], b: string[][]): Exclude<ConflictReason, 'same_tin'> | undefined {
  return compareKeys(nameKeyOf(a), nameKeyOf(b));
}

const shareReading = (a: string[], b: string[]) => a.some((key) => b.includes(key));

function compareKeys(a: NameKey, b: NameKey): Exclude<ConflictReason, 'same_tin'> | undefined {
  if (!a.keys.length || !b.keys.length) return undefined;
  if (a.keys.length === b.keys.length && a.keys.every((word, index) => shareReading(word, b.keys[index]))) return 'same_name';
  const [short, long] = a.keys.length <= b.keys.length ? [a, b] : [b, a];
  const distinctive = short.keys.length >= 2 || short.keys[0][0].length >= 5;
  if (!distinctive) return undefined;
  return short.keys.every((word) => word.some((key) => long.words.has(key))) ? 'similar_name' : undefined;
}

/** A party of the new request to check: the company or one of the other parties. */
interface Party {
  role: 'company' | 'counterparty';
  name: string;
}

/**
 * A name found earlier: a request's sender (`enquirer`), company or other party, or a matter's
 * client or other side (`opposing`).
 */
export interface KnownParty {
  _id: string;
  kind: 'request' | 'matter';
  role: 'company' | 'counterparty' | 'enquirer' | 'client' | 'opposing';
  name: string;
  tin?: string;
  /** When the request came, or the matter's title: what the staff screen says of it. */
  context: string;
}

/**
 * What a hit means, most serious first: the other side of the new matter is our client
 * (`against_our_client`); the new client was the other side of one of our matters
 * (`our_clients_opponent`); the other side was already the other side of a matter of ours
 * (`same_opponent`); someone who asked us earlier is on the opposite side (`earlier_enquirer`: what
 * they told us binds us as to a prospective client); the same party again on the same side (`same_party`).
 */
export const CONFLICT_HITS = ['against_our_client', 'our_clients_opponent', 'same_opponent', 'earlier_enquirer', 'same_party'] as const;
export type ConflictHit = (typeof CONFLICT_HITS)[number];

export interface Conflict {
  _id: string;
  kind: 'request' | 'matter';
  /** The earlier name that matched. */
  name: string;
  /** The new request's name it matched. */
  matched: string;
  reason: ConflictReason;
  hit: ConflictHit;
  ours: Party['role'];
  theirs: KnownParty['role'];
  context: string;
}

/** The firm's side (its client, or who asked it) or the other side. */
const OUR_SIDE = new Set<KnownParty['role']>(['company', 'enquirer', 'client']);

function hitOf(ours: Party['role'], other: KnownParty): ConflictHit {
  const oppositeSides = (ours === 'company') !== OUR_SIDE.has(other.role);
  if (!oppositeSides) return other.kind === 'matter' && other.role === 'opposing' ? 'same_opponent' : 'same_party';
  if (other.kind === 'request') return 'earlier_enquirer';
  return other.role === 'client' ? 'against_our_client' : 'our_clients_opponent';
}

const HIT_RANK: Record<ConflictHit, number> = { against_our_client: 0, our_clients_opponent: 0, same_opponent: 1, earlier_enquirer: 2, same_party: 3 };
const REASON_RANK: Record<ConflictReason, number> = { same_tin: 0, same_name: 1, similar_name: 2 };

/**
 * Every possible conflict of `parties` (and the tax number) among `known`: each pair once, the
 * most serious first (by what the hit means, then by how sure the match is), each record once per
 * party. Linear in known × parties; the keys of each known name are made once (and remembered);
 * the event loop is given back every 500 names.
 */
async function findConflicts(parties: Party[], tin: string, known: KnownParty[]): Promise<Conflict[]> {
  const ours = parties.map((party) => ({ party, key: keyOf(party.name) })).filter((entry) => entry.key.keys.length);
  const found: Conflict[] = [];
  for (const [index, other] of known.entries()) {
    // Other requests are answered between slices of a long list.
    if (index % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    const theirs = keyOf(other.name);
    for (const { party, key } of ours) {
      const sameTin = party.role === 'company' && Boolean(tin) && other.tin === tin;
      const reason = sameTin ? 'same_tin' : compareKeys(key, theirs);
      if (reason) found.push({ _id: other._id, kind: other.kind, name: other.name, matched: party.name, reason, hit: hitOf(party.role, other), ours: party.role, theirs: other.role, context: other.context });
    }
  }
  // A record found through several of its names (a client named in three languages) is said once, by its strongest reason.
  const seen = new Set<string>();
  return found
    .sort((a, b) => HIT_RANK[a.hit] - HIT_RANK[b.hit] || REASON_RANK[a.reason] - REASON_RANK[b.reason])
    .filter((conflict) => {
      const key = `${conflict.kind}|${conflict._id}|${conflict.ours}|${conflict.matched}|${conflict.theirs}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** An earlier request as the conflict check reads it (an application is not: an applicant is no client). */
export interface EarlierRequest {
  _id: string;
  kind: string;
  /** Who sent it (empty once anonymised). */
  name: string;
  company: string;
  tin: string;
  counterparties: string[];
  createdAt: string;
}

/**
 * The names a new matter is checked against: earlier requests' senders, and new matters' company and
 * other parties; matters' clients (in each of their languages) and the other side of each matter.
 * A request is said by its day in the firm's time zone (`timeZone`): one sent at 02:00 in Tashkent
 * is of that day, not of the day before in UTC.
 */
export function knownParties(
  requests: EarlierRequest[],
  matters: Array<{ _id: string; title: Record<string, string>; client?: Record<string, string>; opposingParties?: string[] }>,
  except: string,
  titleOf: (title: Record<string, string>) => string,
  timeZone: string,
): KnownParty[] {
  const known: KnownParty[] = [];
  for (const earlier of requests) {
    if (earlier._id === except || earlier.kind === 'application') continue;
    const context = dayIn(earlier.createdAt, timeZone);
    if (earlier.name.trim()) known.push({ _id: earlier._id, kind: 'request', role: 'enquirer', name: earlier.name, context });
    if (earlier.kind !== 'matter') continue;
    known.push({ _id: earlier._id, kind: 'request', role: 'company', name: earlier.company, tin: earlier.tin, context });
    for (const name of earlier.counterparties) known.push({ _id: earlier._id, kind: 'request', role: 'counterparty', name, context });
  }
  for (const matter of matters) {
    const title = titleOf(matter.title);
    const names = new Set(Object.values(matter.client ?? {}).map((name) => name.trim()).filter(Boolean));
    for (const name of names) known.push({ _id: matter._id, kind: 'matter', role: 'client', name, context: title });
    for (const name of matter.opposingParties ?? []) if (name.trim()) known.push({ _id: matter._id, kind: 'matter', role: 'opposing', name, context: title });
  }
  return known;
}

/** A new matter's possible conflicts: its company and other parties, and its tax number, among `known`. */
function conflictsOfRequest(request: Record<string, unknown>, known: KnownParty[]): Promise<Conflict[]> {
  const counterparties = Array.isArray(request.counterparties) ? request.counterparties.map((name: unknown) => String(name)) : [];
  const parties: Party[] = [{ role: 'company', name: String(request.company ?? '') }, ...counterparties.map((name) => ({ role: 'counterparty' as const, name }))];
  return findConflicts(parties, String(request.tin ?? ''), known);
}

/** Where the names a new matter is checked against are read: earlier requests, matters, and the words to name them by. */
interface ConflictSources {
  earlierRequests(): Promise<EarlierRequest[]>;
  matters(language: string): Promise<Parameters<typeof knownParties>[1]>;
  defaultLanguage(): Promise<string>;
  timeZone: string;
}

/** The conflict check of new matters (API-3.md "Intake") over the names as stored now. */
export function createConflictCheck(sources: ConflictSources) {
  /** Every name a new matter is checked against, as stored now. */
  async function knownNow(): Promise<KnownParty[]> {
    const defaultLanguage = await sources.defaultLanguage();
    const [earlier, matters] = await Promise.all([sources.earlierRequests(), sources.matters(defaultLanguage)]);
    return knownParties(earlier, matters, '', (title) => pickText(title, defaultLanguage), sources.timeZone);
  }
  return {
    /**
     * A new matter's possible conflicts: its company and other parties among earlier requests'
     * senders and parties, matters' clients (every language of a client's name) and matters'
     * other sides; the most serious first.
     */
    async conflictsOf(request: Record<string, unknown> & { _id: string }): Promise<Conflict[]> {
      if (request.kind !== 'matter') return [];
      return conflictsOfRequest(request, (await knownNow()).filter((party) => party._id !== request._id));
    },
    /** How many possible conflicts each new matter among `requests` has (the inbox's rows), the names read once. */
    async conflictCounts(requests: Array<Record<string, unknown> & { _id: string }>): Promise<Map<string, number>> {
      const matters = requests.filter((request) => request.kind === 'matter');
      const counts = new Map<string, number>();
      if (!matters.length) return counts;
      const known = await knownNow();
      for (const request of matters) counts.set(request._id, (await conflictsOfRequest(request, known.filter((party) => party._id !== request._id))).length);
      return counts;
    },
  };
}
