import { author } from '../shared/author-field.ts';
import { counter, date, image, localizedText, plainText, slug, textList, yesNo, schedule, documentText, optionalDate } from '../shared/fields.ts';
import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { MEDIUM_TEXT } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';
import { topics } from '../shared/topics-field.ts';
import { readingTime } from '../documents/reading-time.ts';

export const blog = defineRecordType({
  name: 'blog',
  table: 'blog_posts',
  label: 'Blog post',
  fields: {
    slug: slug({ from: 'title' }),
    title: localizedText('Title', { required: true, search: true }),
    excerpt: localizedText('Excerpt', { required: true, max: MEDIUM_TEXT, multiline: true, search: true }),
    content: documentText('Content', { required: true, search: true }),
    category: localizedText('Category', { required: true, max: 100, filter: { param: 'category' } }),
    author: author(),
    // Left empty, it is computed from the text at each save (editable: a typed time is kept).
    readTime: plainText('Read time', { max: 50, whenEmpty: (values, defaultLanguage) => readingTime(values.content, defaultLanguage) }),
    publishedAt: date('Publication date', { default: () => new Date().toISOString(), wentLive: true }),
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
    tags: textList('Tags', 'Tag', { search: true, filter: 'tag' }),
    // Alerts (API-3.md): the practice areas and industries it is about, and whether it is e-mailed to their subscribers once it is public.
    topics: topics(),
    notify: yesNo('Notify', { default: false, label: texts('E-mail it to the subscribers of its topics when it goes live', 'Разослать подписчикам этих тем, когда опубликуется', 'E’lon qilinganda shu mavzular obunachilariga yuborish') }),
    views: counter(),
  },
  publicWhen: { field: 'published' },
  sort: ['-publishedAt', '-createdAt'],
  pageSize: 6,
  publicPath: '/blog',
  site: { list: 'routes/site/blog.tsx', detail: 'routes/site/blog-detail.tsx', search: true, cover: true, jsonLd: 'BlogPosting' },
  snippet: { title: ['title'], description: 'excerpt' },
  distinct: { categories: 'category', tags: 'tags' },
  admin: {
    icon: 'book',
    title: texts('Blog', 'Блог', 'Blog'),
    one: texts('blog post', 'статья', 'maqola'),
    confirmDelete: texts('Are you sure you want to delete this blog post?', 'Вы уверены, что хотите удалить эту статью?', 'Haqiqatan ham bu maqolani o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete blog post', 'Не удалось удалить статью', 'Maqolani o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'category',
    placement: 'page',
    chips: { field: 'tags', shown: 3 },
  },
});
export type BlogPost = RecordOf<typeof blog>;
