/*
 * Publishing's one policy (domain/publishing/policy.ts), on both databases: no record service is
 * built without it, and it holds from every path that makes a record public. tests/api/sign-off.test.ts
 * proves "publishing needs approval" through a create, an update, a working copy published now, a
 * version restored over a live record, and a copy published by the schedule; this file adds the
 * paths it did not walk (a deleted record restored, a version restored into the working copy) and
 * the type-level proof that the policy is required.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { PublishingPolicy } from '../../domain/publishing/policy.ts';
import type { createRecordService, ServiceEnvironment } from '../../domain/shared/record-service.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** The keys of T that may be left out. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

describe('the publishing policy is required', () => {
  it('is a required argument of every record service, and no rule of the environment or the policy may be left out', () => {
    type Parameters_ = Parameters<typeof createRecordService>;
    expectTypeOf<Parameters_[5]>().toEqualTypeOf<PublishingPolicy>();
    // Five arguments (no policy) is not a call that compiles.
    expectTypeOf<[Parameters_[0], Parameters_[1], Parameters_[2], Parameters_[3], Parameters_[4]]>().not.toExtend<Parameters_>();
    expectTypeOf<OptionalKeys<ServiceEnvironment>>().toEqualTypeOf<never>();
    expectTypeOf<OptionalKeys<PublishingPolicy>>().toEqualTypeOf<never>();
  });
});

const PASSWORD = 'a-long-password-1';

describe.each(DIALECTS)('the publishing policy on every path, on %s', (dialect) => {
  let app: TestApp;
  let admin: string;
  let editor: string;

  async function requireApproval(on: boolean) {
    const config = (await app.api('/api/site-config')).body.data;
    expect((await app.api('/api/site-config', { method: 'PUT', token: admin, body: { ...config, publishing: { requireApproval: on } } })).status).toBe(200);
  }
  const article = async (title: string, published: boolean) =>
    (await app.api('/api/news', { token: editor, body: { title: { uz: title }, excerpt: { uz: 'x' }, category: { uz: 'Soliq' }, content: { uz: 'Matn' }, published } })).body.data as { _id: string; slug: string; version: number };
  const lastVersion = async (id: string) => (await app.api(`/api/news/${id}/versions`, { token: editor })).body.data[0].version as number;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    admin = await app.login();
    expect((await app.api('/api/auth/users', { token: admin, body: { email: `editor-policy-${dialect}@example.uz`, password: PASSWORD, role: 'editor' } })).status).toBe(201);
    editor = await app.login(`editor-policy-${dialect}@example.uz`, PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses to bring back a deleted public record unapproved, and brings back a deleted draft', async () => {
    const live = await article('Qaytariladigan', true);
    const draft = await article('Qoralama qaytadi', false);
    for (const { _id } of [live, draft]) expect((await app.api(`/api/news/${_id}`, { method: 'DELETE', token: editor })).status).toBe(200);
    await requireApproval(true);
    try {
      const refused = await app.api(`/api/news/${live._id}/versions/${await lastVersion(live._id)}/restore`, { method: 'POST', token: editor, body: { visibility: true } });
      expect(refused.status).toBe(403);
      expect(refused.body.reason).toBe('approval_required');
      expect((await app.api(`/api/news/${live._id}`)).status).toBe(404);
      expect((await app.api(`/api/news/${live._id}?admin=true`, { token: editor })).status).toBe(404);
      // Not public when it comes back: not publishing, nothing to approve.
      expect((await app.api(`/api/news/${draft._id}/versions/${await lastVersion(draft._id)}/restore`, { method: 'POST', token: editor })).status).toBe(200);
    } finally {
      await requireApproval(false);
    }
    // Off again: it comes back as before.
    expect((await app.api(`/api/news/${live._id}/versions/${await lastVersion(live._id)}/restore`, { method: 'POST', token: editor })).status).toBe(200);
    expect((await app.api(`/api/news/${live._id}`)).status).toBe(200);
  });

  it('restores a version into the working copy without approval (nothing public changes), and publishing that copy asks for it', async () => {
    const live = await article('Birinchi sarlavha', true);
    expect((await app.api(`/api/news/${live._id}`, { method: 'PUT', token: editor, body: { title: { uz: 'Ikkinchi sarlavha' } } })).status).toBe(200);
    await requireApproval(true);
    try {
      const copied = await app.api(`/api/news/${live._id}/versions/1/restore`, { method: 'POST', token: editor, body: { into: 'draft' } });
      expect(copied.status).toBe(200);
      expect(copied.body.data).toMatchObject({ hasDraft: true, title: { uz: 'Birinchi sarlavha' } });
      expect((await app.api(`/api/news/${live._id}`)).body.data.title.uz).toBe('Ikkinchi sarlavha');
      const refused = await app.api(`/api/news/${live._id}/draft/publish`, { method: 'POST', token: editor });
      expect(refused.status).toBe(403);
      expect(refused.body.reason).toBe('approval_required');
      expect((await app.api(`/api/news/${live._id}`)).body.data.title.uz).toBe('Ikkinchi sarlavha');
    } finally {
      await requireApproval(false);
    }
  });
});
