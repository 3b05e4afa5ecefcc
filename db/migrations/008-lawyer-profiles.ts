import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Lawyer profiles: a team member gets a slug (its page /team/{slug}), the languages they speak and
 * their bar licence number; a service names its lead lawyer; articles keep their author's id in a
 * column of its own, so a profile lists its articles from an index.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/* A shipped migration never changes, so it carries the slug rule of its day instead of importing one that may. */
const LETTERS: Record<string, string> = Object.fromEntries(
  'а a б b в v г g д d е e ё yo ж zh з z и i й y к k л l м m н n о o п p р r с s т t у u ф f х kh ц ts ч ch ш sh щ shch ы y э e ю yu я ya ў o қ q ғ g ҳ h'
    .split(' ')
    .flatMap((item, index, all) => (index % 2 === 0 ? [[item, all[index + 1]]] : [])),
);
function slugOf(name: string): string {
  return Array.from(name.toLowerCase())
    .map((char) => LETTERS[char] ?? (char === 'ъ' || char === 'ь' ? '' : char))
    .join('')
    .replace(/[’'‘ʻʼ`]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

function parsed(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  if (typeof value !== 'string') return {};
  try {
    const result: unknown = JSON.parse(value);
    return typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function up(db: Db): Promise<void> {
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? 'jsonb' : 'text';
  const emptyJson = json === 'jsonb' ? sql`'{}'::jsonb` : sql`'{}'`;
  await db.schema.alterTable('team_members').addColumn('slug', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('team_members').addColumn('languages', json, (c) => c.notNull().defaultTo(emptyJson)).execute();
  await db.schema.alterTable('team_members').addColumn('licence', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('services').addColumn('lead', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('services_lead_idx').on('services').column('lead').execute();

  // Existing members get a slug from their name in the default language (Uzbek when none is marked).
  const defaultLanguage = (await db.selectFrom('languages').select('code').where('is_default', '=', true).executeTakeFirst())?.code ?? 'uz';
  const members = await db.selectFrom('team_members').select(['id', 'name']).orderBy('order_index').orderBy('created_at').execute();
  const taken = new Set<string>();
  for (const member of members) {
    const name = parsed(member.name);
    const text = [name[defaultLanguage], ...Object.values(name)].find((value) => typeof value === 'string' && value.trim() !== '');
    const base = slugOf(typeof text === 'string' ? text : '') || 'team';
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    await db.updateTable('team_members').set({ slug }).where('id', '=', member.id).execute();
  }
  await db.schema.createIndex('team_members_slug_idx').on('team_members').column('slug').execute();

  for (const table of ['news', 'blog_posts']) {
    await db.schema.alterTable(table).addColumn('author_id', 'text', (c) => c.notNull().defaultTo('')).execute();
    const rows = await db.selectFrom(table).select(['id', 'author']).execute();
    for (const row of rows) {
      const id = parsed(row.author).id;
      if (typeof id === 'string' && id !== '') await db.updateTable(table).set({ author_id: id }).where('id', '=', row.id).execute();
    }
    await db.schema.createIndex(`${table}_author_id_idx`).on(table).column('author_id').execute();
  }
}
