import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../../domain/shared/localized.ts';
import { makeSiteConfigSchema } from '../../domain/site-config/site-config-schema.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { component } from './route-parts.ts';

const SITE_CONFIG_SAVED = 'Site configuration updated successfully!';
const tags = ['SiteConfiguration'];
const SITE_CONFIG = component('SiteConfig');
/** The configuration as the document shows it (its required texts are checked in the site's default language, whichever it is). */
const SiteConfigBody = makeSiteConfigSchema({ defaultLanguage: DEFAULT_LANGUAGE });
const VersionParams = z.object({ version: z.coerce.number().int().min(1).describe('A version number') });
const CopyLanguageBody = z.strictObject({ from: z.string().meta({ example: 'uz' }), to: z.string().meta({ example: 'uz-Cyrl' }), transliterate: z.boolean().default(false) });
/** A version number from the path; anything else reads as no version (a 404). */
const versionOf = (params: unknown) => {
  const { version } = params as { version: string };
  return /^\d{1,9}$/.test(version) ? Number(version) : 0;
};

export async function siteConfigRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  route(app, {
    method: 'GET',
    url: '/site-config',
    operationId: 'getSiteConfig',
    summary: 'The whole configuration with defaults filled in',
    tags,
    access: 'public',
    answers: { 200: { description: 'Configuration', data: SITE_CONFIG } },
    errors: [],
    handler: async () => ok(await services.siteConfig.get()),
  });
  route(app, {
    method: 'PUT',
    url: '/site-config',
    operationId: 'updateSiteConfig',
    summary: 'Replace the configuration',
    tags,
    access: 'siteConfig.manage',
    body: SiteConfigBody,
    answers: { 200: { description: 'Saved', data: SITE_CONFIG } },
    errors: [400, 401, 403, 409],
    handler: async (request) => ok(await services.siteConfig.update(request.body, actorOf(request)), { message: SITE_CONFIG_SAVED }),
  });
  // Fills the empty texts of one language from another, as a record's copy-language does.
  route(app, {
    method: 'POST',
    url: '/site-config/copy-language',
    operationId: 'copySiteConfigLanguage',
    summary:
      'Fill the empty texts of language `to` from language `from` (the header, footer, hours, section titles, the firm’s name), every written text kept; with transliterate, Uzbek Latin (uz) becomes Cyrillic (uz-Cyrl) or the reverse. Administrators only.',
    tags,
    access: 'siteConfig.manage',
    body: CopyLanguageBody,
    answers: { 200: { description: 'Saved (unchanged when nothing was empty)', data: SITE_CONFIG } },
    errors: [400, 401, 403],
    handler: async (request) => {
      const languages = (await services.languages.list({ admin: true })).map((language) => String(language.code));
      return ok(await services.siteConfig.copyLanguage(request.body, languages, actorOf(request)), { message: SITE_CONFIG_SAVED });
    },
  });
  route(app, {
    method: 'GET',
    url: '/site-config/versions',
    operationId: 'listSiteConfigVersions',
    summary: 'Every saved configuration, newest first',
    tags,
    access: 'siteConfig.manage',
    answers: { 200: { description: 'The versions', data: { type: 'array', items: component('VersionEntry') } } },
    errors: [401, 403],
    handler: async () => ok(await services.siteConfig.versions()),
  });
  route(app, {
    method: 'GET',
    url: '/site-config/versions/:version',
    operationId: 'getSiteConfigVersion',
    summary: 'The configuration as that version held it',
    tags,
    access: 'siteConfig.manage',
    params: VersionParams,
    answers: { 200: { description: 'The configuration then', data: SITE_CONFIG } },
    errors: [401, 403, 404],
    handler: async (request) => ok(await services.siteConfig.version(versionOf(request.params))),
  });
  route(app, {
    method: 'POST',
    url: '/site-config/versions/:version/restore',
    operationId: 'restoreSiteConfigVersion',
    summary: 'Save that version as the newest configuration',
    tags,
    access: 'siteConfig.manage',
    params: VersionParams,
    answers: { 200: { description: 'Saved', data: SITE_CONFIG } },
    errors: [400, 401, 403, 404],
    handler: async (request) => ok(await services.siteConfig.restore(versionOf(request.params), actorOf(request)), { message: SITE_CONFIG_SAVED }),
  });
}
