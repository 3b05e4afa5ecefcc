import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { BOT_TOKEN, startBotApi } from '../helpers/bot-api.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/* The firm's Telegram channels (API-3.md "Alerts"): a draft, the post, its update, and Telegram's refusals. */

describe.each(DIALECTS)('posts to the Telegram channels on %s', (dialect) => {
  let app: TestApp;
  let bot: Awaited<ReturnType<typeof startBotApi>>;
  let admin: string;
  let article: { _id: string; slug: string };

  beforeAll(async () => {
    bot = await startBotApi(['-1001234567890', '@adliya_uz']);
    app = await startTestApp(dialect, { env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_CHAT_ID: '-1001234567890', TELEGRAM_API_URL: bot.url } });
    admin = await app.login();
    const config = (await app.api('/api/site-config', { token: admin })).body.data;
    const saved = await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, telegram: { channels: { uz: '@adliya_uz', ru: '-1009999999999' } } } });
    expect(saved.status).toBe(200);
    article = (
      await app.api('/api/news', {
        token: admin,
        body: { title: { uz: 'Soliq <yangiligi> & boshqalar', ru: 'Налоговая новость' }, excerpt: { uz: 'Birinchi gap. Ikkinchi gap! Uchinchi gap? To‘rtinchi gap.', ru: 'Кратко.' }, content: { uz: 'Matn' }, category: { uz: 'Soliq' } },
      })
    ).body.data;
  });
  afterAll(async () => {
    await app?.close();
    await bot?.close();
  });

  it('refuses a channel id that is not one, in the site configuration', async () => {
    const config = (await app.api('/api/site-config', { token: admin })).body.data;
    const refused = await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, telegram: { channels: { uz: 'https://t.me/x' } } } });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].path).toBe('telegram.channels.uz');
  });

  it('drafts a post, sends it escaped as HTML through the outbox, keeps its message id, and edits it after a change', async () => {
    const draft = await app.api(`/api/news/${article._id}/channel-post`, { token: admin, body: { lang: 'uz' } });
    expect(draft.status).toBe(200);
    expect(draft.body.data.text).toBe(`Soliq <yangiligi> & boshqalar\n\nBirinchi gap. Ikkinchi gap! Uchinchi gap? To‘rtinchi gap.\n\nhttps://lawfirm.test/news/${article.slug}?source=telegram`);
    expect(draft.body.data.photo).toMatch(/^https:\/\/lawfirm\.test\/covers\/uz\/news\/[0-9a-f]{24}-\d+\.jpg$/);
    const sent = await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: draft.body.data.text, photo: true } });
    expect(sent.status).toBe(202);
    expect(sent.body.data.state).toBe('queued');
    await expect.poll(async () => (await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data.posts[0]?.state, { timeout: 10_000 }).toBe('sent');
    const call = bot.calls.find((item) => item.method === 'sendPhoto')!;
    expect(call.params).toMatchObject({ chat_id: '@adliya_uz', parse_mode: 'HTML', photo: draft.body.data.photo });
    expect(call.params.caption).toBe(`<b>Soliq &lt;yangiligi&gt; &amp; boshqalar</b>\n\nBirinchi gap. Ikkinchi gap! Uchinchi gap? To‘rtinchi gap.\n\nhttps://lawfirm.test/news/${article.slug}?source=telegram`);
    const state = (await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data;
    expect(state).toMatchObject({ bot: true, channels: { uz: '@adliya_uz', ru: '-1009999999999' } });
    expect(state.posts[0]).toMatchObject({ lang: 'uz', state: 'sent', messageId: expect.stringMatching(/^\d+$/), photo: draft.body.data.photo });
    // Posting again is refused; updating edits the same message (its caption: it has a picture).
    expect((await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'Yana' } })).status).toBe(409);
    const updated = await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'Yangilangan sarlavha\n\nYangi matn', update: true } });
    expect(updated.status).toBe(202);
    await expect.poll(() => bot.calls.filter((item) => item.method === 'editMessageCaption').length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data.posts[0].state, { timeout: 10_000 }).toBe('sent');
    expect(bot.messages.get(Number(state.posts[0].messageId))!.text).toBe('<b>Yangilangan sarlavha</b>\n\nYangi matn');
  });

  it('checks Telegram’s limits, the language’s channel, and who asks', async () => {
    const long = 'x'.repeat(1025);
    const withPicture = await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'ru', text: long, photo: true } });
    expect(withPicture.status).toBe(400);
    expect(withPicture.body.details[0]).toMatchObject({ path: 'text', code: 'too_long', params: { max: 1024 } });
    expect((await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'ru', text: 'y'.repeat(4097) } })).body.details[0].params.max).toBe(4096);
    const noChannel = await app.api(`/api/news/${article._id}/channel-post`, { token: admin, body: { lang: 'en' } });
    expect(noChannel.status).toBe(400);
    expect(noChannel.body.details[0].path).toBe('lang');
    expect((await app.api(`/api/news/${article._id}/channel-post`, { body: { lang: 'uz' } })).status).toBe(401);
    expect((await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'x', extra: 1 } })).status).toBe(400);
  });

  it('shows Telegram’s reason when it refuses (a wrong channel), and nothing else breaks', async () => {
    const sent = await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'ru', text: 'Налоговая новость\n\nКратко.' } });
    expect(sent.status).toBe(202);
    await expect.poll(async () => (await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data.posts.find((post: { lang: string }) => post.lang === 'ru')?.state, { timeout: 10_000 }).toBe('failed');
    const failed = (await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data.posts.find((post: { lang: string }) => post.lang === 'ru');
    expect(failed.error).toBe('Telegram refused the message (HTTP 400): Bad Request: chat not found');
    expect(failed.error).not.toContain(BOT_TOKEN);
    // Not tried again (a wrong channel stays wrong); the Uzbek post is untouched; the site answers.
    const tries = bot.calls.filter((call) => call.params.chat_id === '-1009999999999').length;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(bot.calls.filter((call) => call.params.chat_id === '-1009999999999')).toHaveLength(tries);
    expect((await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data.posts.find((post: { lang: string }) => post.lang === 'uz').state).toBe('sent');
    expect((await app.api('/api/health')).status).toBe(200);
    // Once the channel is right, posting again works.
    const config = (await app.api('/api/site-config', { token: admin })).body.data;
    await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, telegram: { channels: { uz: '@adliya_uz', ru: '-1001234567890' } } } });
    expect((await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'ru', text: 'Налоговая новость\n\nКратко.' } })).status).toBe(202);
    await expect.poll(async () => (await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data.posts.find((post: { lang: string }) => post.lang === 'ru').state, { timeout: 10_000 }).toBe('sent');
  });

  it('posts only what visitors can read in that language, and with approval required only what was approved; a post is updated on the same terms', async () => {
    const write = (title: Record<string, string>, published: boolean) => app.api('/api/news', { token: admin, body: { title, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' }, published } });
    const calls = bot.calls.length;
    const postsOf = async (id: string) => (await app.api(`/api/news/${id}/channel-posts`, { token: admin })).body.data.posts;

    // A draft ("a deal with Acme") never goes out; nor an article without its text in the channel's language.
    const draft = (await write({ uz: 'Acme bilan bitim', ru: 'Сделка с Acme' }, false)).body.data;
    for (const lang of ['uz', 'ru']) {
      const refused = await app.api(`/api/news/${draft._id}/channel-post/send`, { token: admin, body: { lang, text: 'Acme bilan bitim' } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'CONFLICT', reason: 'not_public' });
      expect(refused.body.error).toContain(`not public in ${lang.toUpperCase()}`);
    }
    const uzbekOnly = (await write({ uz: 'Faqat oʻzbekcha' }, true)).body.data;
    expect((await app.api(`/api/news/${uzbekOnly._id}/channel-post/send`, { token: admin, body: { lang: 'ru', text: 'Только по-узбекски' } })).body.reason).toBe('not_public');
    expect(await postsOf(draft._id)).toEqual([]);

    // With approval required: what is public but was not approved is refused, until approved.
    const setApproval = async (on: boolean) => {
      const config = (await app.api('/api/site-config', { token: admin })).body.data;
      expect((await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, publishing: { requireApproval: on } } })).status).toBe(200);
    };
    const copied = (await write({ uz: 'Nusxa orqali' }, true)).body.data;
    await setApproval(true);
    try {
      const unapproved = await app.api(`/api/news/${uzbekOnly._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'Faqat oʻzbekcha' } });
      expect(unapproved.status).toBe(403);
      expect(unapproved.body.reason).toBe('approval_required');
      await app.api(`/api/news/${uzbekOnly._id}/review`, { token: admin, body: { action: 'submit' } });
      await app.api(`/api/news/${uzbekOnly._id}/review`, { token: admin, body: { action: 'approve' } });
      expect((await app.api(`/api/news/${uzbekOnly._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'Faqat oʻzbekcha' } })).status).toBe(202);
      await expect.poll(async () => (await postsOf(uzbekOnly._id))[0]?.state, { timeout: 10_000 }).toBe('sent');

      // A working copy approved and published: what is public went out approved, so it may be posted.
      await app.api(`/api/news/${copied._id}/draft`, { method: 'PUT', token: admin, body: { title: { uz: 'Nusxa orqali (tasdiqlangan)' } } });
      await app.api(`/api/news/${copied._id}/review`, { token: admin, body: { action: 'submit' } });
      await app.api(`/api/news/${copied._id}/review`, { token: admin, body: { action: 'approve' } });
      expect((await app.api(`/api/news/${copied._id}/draft/publish`, { method: 'POST', token: admin })).status).toBe(200);
      expect((await app.api(`/api/news/${copied._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'Nusxa orqali (tasdiqlangan)' } })).status).toBe(202);
      await expect.poll(async () => (await postsOf(copied._id))[0]?.state, { timeout: 10_000 }).toBe('sent');
      // Changed since without approval (an administrator's override): its post is not updated.
      expect((await app.api(`/api/news/${copied._id}`, { method: 'PUT', token: admin, body: { excerpt: { uz: 'Shoshilinch' }, override: { reason: 'Sud qarori' } } })).status).toBe(200);
      const stale = await app.api(`/api/news/${copied._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'Shoshilinch', update: true } });
      expect(stale.status).toBe(403);
      expect(stale.body.reason).toBe('approval_required');
    } finally {
      await setApproval(false);
    }

    // Hidden again after it was posted: the post is not updated either.
    const posted = (await app.api(`/api/news/${uzbekOnly._id}?admin=true`, { token: admin })).body.data;
    expect((await app.api(`/api/news/${uzbekOnly._id}`, { method: 'PUT', token: admin, body: { published: false, version: posted.version } })).status).toBe(200);
    const hidden = await app.api(`/api/news/${uzbekOnly._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'Yangilangan', update: true } });
    expect(hidden.status).toBe(409);
    expect(hidden.body.reason).toBe('not_public');
    // Telegram heard only the two allowed posts.
    expect(bot.calls.slice(calls).filter((call) => ['sendMessage', 'sendPhoto', 'editMessageText', 'editMessageCaption'].includes(call.method))).toHaveLength(2);
  });
});

describe('posts to the channels without a bot', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
  });
  afterAll(() => app?.close());

  it('says Telegram is not connected, naming whom to ask', async () => {
    const admin = await app.login();
    const article = (await app.api('/api/news', { token: admin, body: { title: { uz: 'A' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' } } })).body.data;
    expect((await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data).toMatchObject({ bot: false, posts: [] });
    const refused = await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'x' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('ask whoever runs the site');
  });
});

describe('posts to the channels with a wrong bot token', () => {
  let app: TestApp;
  let bot: Awaited<ReturnType<typeof startBotApi>>;
  beforeAll(async () => {
    bot = await startBotApi(['@adliya_uz']);
    app = await startTestApp('sqlite', { env: { TELEGRAM_BOT_TOKEN: '987654321:ZZyyXXwwVVuuTTssRRqqPPooNNmmLLkkJJ', TELEGRAM_CHAT_ID: '@adliya_uz', TELEGRAM_API_URL: bot.url } });
  });
  afterAll(async () => {
    await app?.close();
    await bot?.close();
  });

  it('fails the post at once with Telegram’s answer, never showing the token', async () => {
    const admin = await app.login();
    const config = (await app.api('/api/site-config', { token: admin })).body.data;
    await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, telegram: { channels: { uz: '@adliya_uz' } } } });
    const article = (await app.api('/api/news', { token: admin, body: { title: { uz: 'A' }, excerpt: { uz: 'x' }, content: { uz: 'x' }, category: { uz: 'x' } } })).body.data;
    expect((await app.api(`/api/news/${article._id}/channel-post/send`, { token: admin, body: { lang: 'uz', text: 'A' } })).status).toBe(202);
    await expect.poll(async () => (await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data.posts[0].state, { timeout: 10_000 }).toBe('failed');
    const post = (await app.api(`/api/news/${article._id}/channel-posts`, { token: admin })).body.data.posts[0];
    expect(post.error).toBe('Telegram refused the message (HTTP 404): Not Found');
    expect(JSON.stringify(post)).not.toContain('ZZyyXXww');
    // The firm's own message about a new request is kept and tried again: fixing the token and restarting loses none.
    expect((await app.api('/api/contact', { body: { name: 'Olga Kim', email: 'olga@example.uz', subject: 'Savol', message: 'Salom' } })).status).toBe(201);
    const { db } = app.services.database;
    await expect.poll(async () => Number((await db.selectFrom('outbox').select('attempts').where('channel', '=', 'telegram').executeTakeFirst())?.attempts ?? 0), { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await db.selectFrom('outbox').select('status').where('channel', '=', 'telegram').executeTakeFirstOrThrow()).status).toBe('pending');
  });
});
