import type { DomainServices } from '../domain/app-services.ts';
import { seedFirmRecord } from './demo-record.ts';
import * as demo from './demo-content.ts';
import * as demoPages from './demo-pages.ts';
import { svgToPng } from '../domain/media/covers.ts';
import { cityscapeSvg, logoSvg, PORTRAITS, portraitSvg } from './demo-images.ts';

/**
 * Creates the demo law firm on a first start: every record type of SPEC.md section 3, in uz, ru
 * and en, with pictures made by the real upload pipeline. Goes through the services, so the demo
 * obeys every rule an administrator's input does.
 */
export async function seedDemoContent(services: DomainServices): Promise<void> {
  const upload = async (svg: string, name: string) => (await services.media.upload(await svgToPng(svg), `${name}.png`)).images.large;
  // Drawn pictures where the firm's photographs go (the home page, the lawyers), plainly
  // illustrations, so that the demo shows the site as it looks with photos. Articles, services,
  // offices and clients have none until the firm adds a real one: the site sets an article's title
  // as its cover and share card, and a client's initials beside their words.
  await services.siteConfig.update({
    ...demo.firm,
    offices: demo.offices.map((office) => ({ ...office, image: '' })),
    footerLinks: demo.footerLinks,
    sections: { home: { recentCases: { items: demo.recentCases } } },
  });

  await services.records.hero.create({ ...demo.heroSection, image: await upload(cityscapeSvg(), 'tashkent-illustration'), imageAlt: demo.heroImageAlt });

  const offered = new Map<string, string>();
  for (const [order, service] of demo.services.entries()) {
    const created = await services.records.services.create({ ...service, features: service.features.map((text) => ({ text })), order, isActive: true });
    offered.set(service.slug, created._id);
  }
  for (const [order, faq] of demoPages.faqs.entries()) {
    await services.records.faqs.create({ question: faq.question, answer: faq.answer, service: offered.get(faq.service) ?? '', order });
  }
  for (const page of demoPages.pages) await services.records.pages.create(page);
  for (const [order, stat] of demo.stats.entries()) await services.records.stats.create({ ...stat, order });
  for (const [order, feature] of demo.features.entries()) await services.records.features.create({ ...feature, category: 'whyChoose', order });
  for (const [order, testimonial] of demo.testimonials.entries()) {
    await services.records.testimonials.create({ ...testimonial, order });
  }
  await services.records.ctas.create(demo.cta);

  const lawyers = [];
  for (const [order, member] of demo.team.entries()) {
    const profile = demo.teamProfiles[order];
    const image = await upload(portraitSvg(PORTRAITS[order % PORTRAITS.length]), `lawyer-${order + 1}-portrait`);
    lawyers.push(await services.records.team.create({ ...member, image, languages: profile.languages, licence: profile.licence, order, isActive: true }));
  }
  for (const [index, profile] of demo.teamProfiles.entries()) {
    for (const slug of profile.leads) {
      const id = offered.get(slug);
      if (id) await services.records.services.update(id, { lead: lawyers[index]._id });
    }
  }

  for (const [order, partner] of demo.partners.entries()) {
    await services.records.partners.create({ ...partner, logo: await upload(logoSvg(order), `partner-${order + 1}`), order, isActive: true });
  }

  // Oldest first, so the newest article is also the most recently created.
  for (const article of [...demo.news].reverse()) {
    const writer = lawyers.find((lawyer) => lawyer.name.en === article.author.name.en);
    await services.records.news.create({
      ...article,
      author: writer ? { id: writer._id, name: writer.name } : article.author,
    });
  }
  for (const post of [...demo.blogPosts].reverse()) {
    const author = lawyers[post.author];
    await services.records.blog.create({
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      category: post.category,
      tags: post.tags,
      featured: post.featured,
      readTime: post.readTime,
      publishedAt: new Date(Date.now() - post.daysAgo * 86_400_000).toISOString(),
      author: { id: author._id, name: author.name },
    });
  }

  await seedFirmRecord(services, offered, lawyers);

  // Requests nobody sent: stored without e-mail or Telegram message to anyone.
  for (const request of demo.contactRequests) {
    const created = await services.contacts.submit(request, undefined, { quiet: true });
    if (request.status !== 'new') await services.contacts.setStatus(created._id, { status: request.status });
  }
}
