import { defineRecordType, type RecordOf } from '../shared/record-type.ts';
import { emailAddress, image, localizedText, plainText, position, slug, webAddress, yesNo, documentText } from '../shared/fields.ts';
import { MEDIUM_TEXT } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

export const team = defineRecordType({
  name: 'team',
  table: 'team_members',
  label: 'Team member',
  fields: {
    name: localizedText('Name', { required: true, search: true }),
    slug: slug({ from: 'name' }),
    position: localizedText('Position', { required: true, search: true }),
    specialization: localizedText('Specialization', { required: true, search: true }),
    experience: plainText('Experience', { required: true, max: 200 }),
    education: localizedText('Education', { required: true, max: MEDIUM_TEXT, multiline: true }),
    languages: localizedText('Languages spoken', { max: 200, label: texts('Languages spoken', 'Языки общения', 'Qaysi tillarda gaplashadi') }),
    licence: plainText('Bar licence number', { max: 100, label: texts('Bar licence number', 'Номер адвокатской лицензии', 'Advokatlik litsenziyasi raqami') }),
    bio: documentText('Bio', { required: true, search: true }),
    email: emailAddress({ required: true, search: true }),
    phone: plainText('Phone', { required: true, max: 50 }),
    linkedin: webAddress('LinkedIn'),
    image: image(),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
    order: position(),
  },
  publicWhen: { field: 'isActive' },
  sort: ['order', '-createdAt'],
  publicPath: '/team',
  site: { list: 'routes/site/team.tsx', detail: 'routes/site/team-member.tsx', search: true, cover: true, jsonLd: 'Person' },
  snippet: { title: ['name', 'position'] },
  admin: {
    icon: 'users',
    title: texts('Team', 'Команда', 'Jamoa'),
    one: texts('team member', 'сотрудник', 'jamoa a’zosi'),
    confirmDelete: texts('Are you sure you want to delete this team member?', 'Вы уверены, что хотите удалить этого сотрудника?', 'Haqiqatan ham bu jamoa a’zosini o‘chirmoqchimisiz?'),
    deleteFailed: texts('Failed to delete team member', 'Не удалось удалить сотрудника', 'Jamoa a’zosini o‘chirib bo‘lmadi'),
    titleField: 'name',
    subtitleField: 'position',
    placement: 'page',
    askForPicture: 'image',
  },
});
/** @public The stored record, for code that reads this type. */
export type TeamMember = RecordOf<typeof team>;
