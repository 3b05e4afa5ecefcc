import { counter, date, image, localizedText, slug, textList, yesNo, schedule, documentText, optionalDate } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { MEDIUM_TEXT } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';
import { topics } from '../shared/topics-field.ts';
import { author } from '../shared/author-field.ts';

export const news = defineRecordType({
  name: 'news',
  table: 'news',
  label: 'News article',
  fields: {
    slug: slug({ from: 'title' }),
    title: localizedText('Title', { required: true, search: true }),
    excerpt: localizedText('Excerpt', { required: true, max: MEDIUM_TEXT, multiline: true, search: true }),
    content: documentText('Content', { required: true, search: true }),
    category: localizedText('Category', { required: true, max: 100, filter: { param: 'category' } }),
    author: author(),
    date: date('Date', { default: () => new Date().toISOString().slice(0, 10), wentLive: true }),
    image: image(),
    featured: yesNo('Featured', { default: false, filter: 'featured', toggle: true }),
    published: yesNo('Published', { default: true, toggle: true }),
    ...schedule(),
    // The day the law it is about takes effect (API-4.md): "In force from …" on its page, in its JSON-LD and in the calendar.
    inForceAt: optionalDate('In force from', {
      label: texts('In force from', 'Вступает в силу', 'Kuchga kirish sanasi'),
      hint: texts(
        'The day the law or rule this is about takes effect: shown on the page and in the calendar. Leave empty if none.',
        'День, когда закон или правило, о котором идёт речь, вступает в силу: показывается на странице и в календаре. Оставьте пустым, если его нет.',
        'Bu yerda gap borayotgan qonun yoki qoida kuchga kiradigan kun: sahifada va taqvimda ko‘rsatiladi. Bo‘lmasa, bo‘sh qoldiring.',
      ),
    }),
    views: counter(),
    tags: textList('Tags', 'Tag', { search: true }),
    // Alerts (API-3.md): the practice areas and industries it is about, and whether it is e-mailed to their subscribers once it is public.
    topics: topics(),
    notify: yesNo('Notify', { default: false, label: texts('E-mail it to the subscribers of its topics when it goes live', 'Разослать подписчикам этих тем, когда опубликуется', 'E’lon qilinganda shu mavzular obunachilariga yuborish') }),
  },
  publicWhen: { field: 'published' },
  sort: ['-date', '-createdAt'],
  pageSize: 10,
  publicPath: '/news',
  site: { list: 'routes/site/news.tsx', detail: 'routes/site/news-detail.tsx', search: true, cover: true, jsonLd: 'NewsArticle' },
  snippet: { title: ['title'], description: 'excerpt' },
  distinct: { categories: 'category' },
  admin: {
    icon: 'newspaper',
    title: texts('News', 'Новости', 'Yangiliklar'),
    one: texts('news article', 'новость', 'yangilik'),
    confirmDelete: texts('Are you sure you want to delete this news article?', 'Вы уверены, что хотите удалить эту новость?', 'Haqiqatan ham bu yangilikni o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete news article', 'Не удалось удалить новость', 'Yangilikni o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'category',
    placement: 'page',
  },
});
export type NewsArticle = RecordOf<typeof news>;
