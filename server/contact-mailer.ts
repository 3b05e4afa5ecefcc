import nodemailer from 'nodemailer';
import { headerText } from '../domain/alerts/alert-mail.ts';
import type { Logger } from 'pino';
import type { ReviewNotice } from '../domain/app-services.ts';
import type { FirmMail } from '../domain/notifications/firm-mail.ts';


/**
 * Tells the firm about a new contact request (or a client's documents) by e-mail when SMTP_URL is
 * set. Sent after what it tells of is stored, never in the visitor's way: a failure is logged.
 * With `dkim` (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY) nodemailer signs every message it sends.
 */
export function createContactMailer(smtpUrl: string | undefined, logger: Logger, dkim?: { domainName: string; keySelector: string; privateKey: string }) {
  if (!smtpUrl) return undefined;
  const transport = nodemailer.createTransport(smtpUrl, dkim ? { dkim } : {});
  return {
    /** An e-mail to the firm's own address (domain/notifications/firm-mail.ts); `replyTo`: the visitor, when they may be answered by replying. */
    async notify(to: string, siteName: string, mail: FirmMail, replyTo?: { name: string; address: string }, about?: string): Promise<void> {
      try {
        await transport.sendMail({
          from: `"${headerText(siteName)}" <${to}>`,
          to,
          ...(replyTo && mail.replyToVisitor ? { replyTo: { name: headerText(replyTo.name), address: replyTo.address } } : {}),
          subject: headerText(mail.subject),
          text: mail.text,
        });
      } catch (error) {
        logger.error({ err: error, about }, 'could not e-mail the firm (what it tells of is stored)');
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
