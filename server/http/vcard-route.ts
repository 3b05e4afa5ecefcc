import type { FastifyInstance } from 'fastify';
import { hasJpegPreview, jpegPreview } from '../../domain/media/share-image.ts';
import { isAppError } from '../../domain/shared/errors.ts';
import { localePath, pickText, type Localized } from '../../domain/shared/localized.ts';
import { spokenLanguages, vCard } from '../../domain/team/vcard.ts';
import type { AppServices } from '../app-services.ts';
import { failure } from './envelope.ts';

/**
 * `/team/{slug}.vcf`: a lawyer's card (vCard 4.0) to save to a phone, linked from the profile
 * (also as a QR code). Only a lawyer whose profile is public; the other addresses under /team are
 * the pages'.
 */
export async function vCardRoute(app: FastifyInstance, { services }: { services: AppServices }) {
  app.route<{ Params: { slug: string } }>({
    method: ['GET', 'HEAD'],
    url: '/team/:slug.vcf',
    handler: async (request, reply) => {
      const notFound = () => reply.status(404).send(failure('Not found: no such lawyer on this site', 'NOT_FOUND'));
      if (!/^[a-z0-9-]{1,200}$/.test(request.params.slug)) return notFound();
      let member: Awaited<ReturnType<typeof services.records.team.getBySlug>>;
      try {
        member = await services.records.team.getBySlug(request.params.slug, { admin: false });
      } catch (error) {
        if (isAppError(error) && error.status === 404) return notFound();
        throw error;
      }
      const [languages, defaultLanguage, config] = await Promise.all([services.languages.list({ admin: false }), services.languages.defaultLanguage(), services.siteConfig.get()]);
      const image = typeof member.image === 'string' && member.image ? member.image : undefined;
      const photo = image && hasJpegPreview(image) ? jpegPreview(image) : undefined;
      const card = vCard({
        name: member.name as Localized,
        position: member.position as Localized,
        email: typeof member.email === 'string' ? member.email : undefined,
        phone: typeof member.phone === 'string' ? member.phone : undefined,
        organization: pickText(config.companyName, defaultLanguage, defaultLanguage),
        profileUrl: services.publicUrl + localePath(`/team/${String(member.slug)}`, defaultLanguage, defaultLanguage),
        photoUrl: photo && (/^https?:\/\//.test(photo) ? photo : services.publicUrl + photo),
        spoken: spokenLanguages(member.languages as Localized | undefined),
        defaultLanguage,
        languages: languages.map((language) => String(language.code)),
        updatedAt: typeof member.updatedAt === 'string' ? member.updatedAt : undefined,
      });
      const file = `${String(member.slug)}.vcf`;
      return reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(card);
    },
  });
}
