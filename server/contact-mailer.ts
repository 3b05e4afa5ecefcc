import nodemailer from 'nodemailer';
import { headerText } from '../domain/alerts/alert-mail.ts';
import type { Logger } from 'pino';
import type { ReviewNotice } from '../domain/app-services.ts';
import type { ContactFormInput } from '../domain/contacts/contact-schema.ts';


/**
 * Tells the firm about a new contact request by e-mail when SMTP_URL is set. Sent after the
 * request is stored, never in the visitor's way: a failure is logged, the request is kept.
 * With `dkim` (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY) nodemailer signs every message it sends.
 */
export function createContactMailer(smtpUrl: string | undefined, logger: Logger, dkim?: { domainName: string; keySelector: string; privateKey: string }) {
  if (!smtpUrl) return undefined;
  const transport = nodemailer.createTransport(smtpUrl, dkim ? { dkim } : {});
  return {
    async notify(to: string, siteName: string, request: ContactFormInput & { _id: string; kind?: string; counterparties?: string[] }): Promise<void> {
      try {
        await transport.sendMail({
          from: `"${headerText(siteName)}" <${to}>`,
          to,
          replyTo: { name: headerText(request.name), address: request.email },
          subject: headerText(`${request.kind === 'matter' ? 'New matter (check for conflicts first)' : request.kind === 'application' ? 'Application' : 'New contact request'}: ${request.subject}`),
          text: [
            `Name: ${request.name}`,
            `E-mail: ${request.email}`,
            `Phone: ${request.phone || '—'}`,
            `Service: ${request.service || '—'}`,
            `${request.kind === 'matter' ? 'Company' : request.kind === 'application' ? 'Vacancy' : 'Subject'}: ${request.subject}`,
            ...(request.counterparties?.length ? [`Other parties: ${request.counterparties.join('; ')}`] : []),
            '',
            request.message,
            '',
            `Open it in the admin area: /admin/contacts (request ${request._id}). Reply to this e-mail to answer the visitor.`,
          ].join('\n'),
        });
      } catch (error) {
        logger.error({ err: error, contactId: request._id }, 'could not e-mail the contact request (it is stored)');
      }
    },
    /** Someone was asked to review a record: what, by whom, by when, and the link to its form. */
    async reviewRequest(from: string, siteName: string, notice: ReviewNotice): Promise<void> {
      try {
        await transport.sendMail({
          from: `"${headerText(siteName)}" <${from}>`,
          to: notice.to,
          subject: headerText(notice.subject),
          text: notice.text,
        });
      } catch (error) {
        logger.error({ err: error }, 'could not e-mail the review request');
      }
    },
    /** An e-mail from the outbox (an alert, a subscription's confirmation); throws to be retried. */
    async send(from: string, siteName: string, message: { to?: string; subject?: string; text: string; html?: string; headers?: Record<string, string>; attachments?: Array<{ filename: string; contentType: string; content: string }> }): Promise<void> {
      if (!message.to) return;
      await transport.sendMail({
        from: `"${headerText(siteName)}" <${from}>`,
        to: message.to,
        subject: headerText(message.subject ?? ''),
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) } : {}),
      });
    },
    close: () => transport.close(),
  };
}
