import { describe, expect, it } from 'vitest';
import { makeAdminT } from '../app/admin/admin-context.tsx';
import { toCsv } from '../app/routes/admin/contacts.tsx';

/* The contact requests' CSV as a clerk opens it in Excel: their language, statuses in words, the firm's time. */

describe('the contact requests CSV', () => {
  const rows = [
    { _id: 'a', createdAt: '2026-11-25T19:30:00.000Z', updatedAt: '', version: 1, status: 'new', name: 'Olga Kim', email: 'olga@example.uz', phone: '+998 90 123 45 67', service: 'Oila huquqi', subject: '=HYPERLINK("x")', message: 'Salom, "yordam" kerak' },
    { _id: 'c', createdAt: '2026-11-26T05:00:00.000Z', updatedAt: '', version: 1, kind: 'matter', status: 'conflict_check', name: 'Aziz', email: 'a@example.uz', phone: '', service: '', subject: 'Toshkent Agro', message: '', company: 'Toshkent Agro', tin: '301234567', counterparties: ['Artel', 'Xalq banki'] },
    { _id: 'b', createdAt: '2026-11-26T04:00:00.000Z', updatedAt: '', version: 1, status: 'replied', name: 'Bobur', email: 'b@example.uz', phone: '', service: '', subject: 'Shartnoma', message: 'Matn' },
  ];

  // A cell starting with = + - @ gets an apostrophe (a spreadsheet would run it), phone numbers too.
  it('names the columns and statuses in Russian, with Tashkent times, quoted and defused', () => {
    const csv = toCsv(rows, makeAdminT('ru'), 'Asia/Tashkent');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Получено","Тип","Статус","От кого","Эл. почта","Телефон","Услуга","Тема","Сообщение","Компания","ИНН","Другие стороны"');
    // 19:30 UTC on the 25th is 00:30 on the 26th in Tashkent.
    expect(lines[1]).toBe('"2026-11-26 00:30","Сообщение","Новое","Olga Kim","olga@example.uz","\'+998 90 123 45 67","Oila huquqi","\'=HYPERLINK(""x"")","Salom, ""yordam"" kerak","","",""');
    expect(lines[3]).toContain('"2026-11-26 09:00","Сообщение","Отвечено"');
    // A new matter: its kind and status in words, its company, tax number and other parties.
    expect(lines[2]).toBe('"2026-11-26 10:00","Новое дело","Проверка конфликта интересов","Aziz","a@example.uz","","","Toshkent Agro","","Toshkent Agro","301234567","Artel; Xalq banki"');
  });

  it('speaks Uzbek for an Uzbek clerk', () => {
    const csv = toCsv(rows, makeAdminT('uz'), 'Asia/Tashkent');
    expect(csv.split('\r\n')[0]).toContain('"Holati"');
    expect(csv).toContain('"Yangi"');
  });
});
