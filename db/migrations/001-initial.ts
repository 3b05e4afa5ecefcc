import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * The first schema. Multilingual and list-valued fields are JSON (jsonb on PostgreSQL, text on
 * SQLite); every field that a list filters or sorts on is a real column with an index. Times are
 * ISO-8601 UTC text so that both databases sort them the same way.
 * `search_text` holds the lowercased text of every searchable field in every language, so that
 * a search is one indexed-free LIKE that behaves the same for every script on both databases.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<string, any>;

export async function up(db: Db): Promise<void> {
  const json = db.getExecutor().adapter instanceof PostgresAdapter ? 'jsonb' : 'text';

  const record = (name: string, build: (table: Table) => Table) =>
    build(
      db.schema
        .createTable(name)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
    ).execute();
  const index = (table: string, ...columns: string[]) =>
    db.schema.createIndex(`${table}_${columns.join('_')}_idx`).on(table).columns(columns).execute();

  await record('languages', (t) =>
    t
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('native_name', 'text', (c) => c.notNull())
      .addColumn('flag', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('is_default', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull())
      .addColumn('rtl', 'boolean', (c) => c.notNull())
      .addColumn('translations', json, (c) => c.notNull()),
  );
  await index('languages', 'order_index');

  await record('team_members', (t) =>
    t
      .addColumn('name', json, (c) => c.notNull())
      .addColumn('position', json, (c) => c.notNull())
      .addColumn('specialization', json, (c) => c.notNull())
      .addColumn('education', json, (c) => c.notNull())
      .addColumn('bio', json, (c) => c.notNull())
      .addColumn('experience', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('linkedin', 'text')
      .addColumn('image', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull()),
  );
  await index('team_members', 'is_active', 'order_index');

  await record('news', (t) =>
    t
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', json, (c) => c.notNull())
      .addColumn('excerpt', json, (c) => c.notNull())
      .addColumn('content', json, (c) => c.notNull())
      .addColumn('category', json, (c) => c.notNull())
      .addColumn('author', json, (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('featured', 'boolean', (c) => c.notNull())
      .addColumn('published', 'boolean', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tags', json, (c) => c.notNull())
      .addColumn('category_text', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull()),
  );
  await index('news', 'published', 'date');
  await index('news', 'featured', 'date');

  await record('blog_posts', (t) =>
    t
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', json, (c) => c.notNull())
      .addColumn('excerpt', json, (c) => c.notNull())
      .addColumn('content', json, (c) => c.notNull())
      .addColumn('category', json, (c) => c.notNull())
      .addColumn('author', json, (c) => c.notNull())
      .addColumn('read_time', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('featured', 'boolean', (c) => c.notNull())
      .addColumn('published', 'boolean', (c) => c.notNull())
      .addColumn('tags', json, (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('category_text', 'text', (c) => c.notNull())
      .addColumn('tags_text', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull()),
  );
  await index('blog_posts', 'published', 'published_at');
  await index('blog_posts', 'featured', 'published_at');

  await record('partners', (t) =>
    t
      .addColumn('name', json, (c) => c.notNull())
      .addColumn('type', json, (c) => c.notNull())
      .addColumn('location', json, (c) => c.notNull())
      .addColumn('description', json, (c) => c.notNull())
      .addColumn('logo', 'text')
      .addColumn('specialties', json, (c) => c.notNull())
      .addColumn('website', 'text')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull())
      .addColumn('partnership_type', 'text', (c) => c.notNull())
      .addColumn('established_date', 'text')
      .addColumn('type_text', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull()),
  );
  await index('partners', 'is_active', 'order_index');

  await record('contacts', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('service', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull()),
  );
  await index('contacts', 'status', 'created_at');
  await index('contacts', 'created_at');

  await record('hero_sections', (t) =>
    t
      .addColumn('title', json, (c) => c.notNull())
      .addColumn('title_highlight', json, (c) => c.notNull())
      .addColumn('subtitle', json, (c) => c.notNull())
      .addColumn('get_consultation_text', json, (c) => c.notNull())
      .addColumn('meet_team_text', json, (c) => c.notNull())
      .addColumn('satisfied_clients_text', json, (c) => c.notNull())
      .addColumn('satisfied_clients_count', 'text', (c) => c.notNull())
      .addColumn('features', json, (c) => c.notNull())
      .addColumn('card_title', json, (c) => c.notNull())
      .addColumn('card_subtitle', json, (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull()),
  );
  await index('hero_sections', 'is_active', 'order_index');

  await record('services', (t) =>
    t
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', json, (c) => c.notNull())
      .addColumn('description', json, (c) => c.notNull())
      .addColumn('pricing', json, (c) => c.notNull())
      .addColumn('duration', json, (c) => c.notNull())
      .addColumn('icon', 'text', (c) => c.notNull())
      .addColumn('features', json, (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull())
      .addColumn('featured', 'boolean', (c) => c.notNull())
      .addColumn('image', 'text'),
  );
  await index('services', 'is_active', 'order_index');

  await record('stats', (t) =>
    t
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('suffix', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('label', json, (c) => c.notNull())
      .addColumn('icon', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull()),
  );
  await index('stats', 'is_active', 'order_index');

  await record('features', (t) =>
    t
      .addColumn('title', json, (c) => c.notNull())
      .addColumn('description', json, (c) => c.notNull())
      .addColumn('icon', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull())
      .addColumn('featured', 'boolean', (c) => c.notNull()),
  );
  await index('features', 'is_active', 'order_index');

  await record('testimonials', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', json, (c) => c.notNull())
      .addColumn('company', json, (c) => c.notNull())
      .addColumn('content', json, (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('service', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull())
      .addColumn('featured', 'boolean', (c) => c.notNull()),
  );
  await index('testimonials', 'is_active', 'order_index');

  await record('ctas', (t) =>
    t
      .addColumn('title', json, (c) => c.notNull())
      .addColumn('subtitle', json, (c) => c.notNull())
      .addColumn('primary_button_text', json, (c) => c.notNull())
      .addColumn('secondary_button_text', json, (c) => c.notNull())
      .addColumn('primary_button_link', 'text', (c) => c.notNull())
      .addColumn('secondary_button_link', 'text')
      .addColumn('background_color', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('order_index', 'integer', (c) => c.notNull()),
  );
  await index('ctas', 'category', 'is_active', 'order_index');

  await record('site_config', (t) => t.addColumn('data', json, (c) => c.notNull()));

  await record('media', (t) =>
    t
      .addColumn('path', 'text', (c) => c.notNull().unique())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('images', json, (c) => c.notNull()),
  );
  await index('media', 'created_at');

  await record('users', (t) =>
    t
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull()),
  );

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await index('sessions', 'user_id');
  await index('sessions', 'expires_at');

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await index('login_failures', 'key', 'failed_at');

  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  await index('activity_log', 'created_at');
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'activity_log', 'login_failures', 'sessions', 'users', 'media', 'site_config', 'ctas', 'testimonials',
    'features', 'stats', 'services', 'hero_sections', 'contacts', 'partners', 'blog_posts', 'news',
    'team_members', 'languages',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
