// Outgoing auth e-mail: SMTP when SMTP_URL is set, otherwise a local outbox of JSON files that a
// development-only endpoint lists, so tests and people can open the link.

import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { AppError, describeError } from '../errors.js';
import type { Logger } from '../log.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for: magiclink, recovery. */
  kind: string;
  /** The one-time link in the mail. */
  link: string;
  /** The six-digit code in the mail. */
  code: string;
}

export interface StoredMail extends OutgoingMail {
  id: string;
  sentAt: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const sentAt = new Date().toISOString();
    const stored: StoredMail = { ...mail, id: randomUUID(), sentAt };
    const file = path.join(this.dir, `${sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`);
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    this.log.info('mail_to_outbox', { to: mail.to, kind: mail.kind, file: path.basename(file) });
  }

  /** Newest first; only mail to `to` when given. */
  async list(to?: string, limit = 50): Promise<StoredMail[]> {
    let files: string[];
    try {
      files = (await readdir(this.dir)).filter((file) => file.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    files.sort().reverse();
    const wanted = to?.trim().toLowerCase();
    const result: StoredMail[] = [];
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(this.dir, file), 'utf8')) as StoredMail;
      if (wanted && mail.to !== wanted) continue;
      result.push(mail);
      if (result.length >= limit) break;
    }
    return result;
  }
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: nodemailer.Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (error) {
      throw new AppError({
        code: 'email_send_failed',
        status: 500,
        message: 'Error sending email',
        expected: 'the SMTP server to accept the message',
        received: describeError(error),
        hint: 'Check SMTP_URL.',
        cause: error,
      });
    }
    this.log.info('mail_sent', { to: mail.to, kind: mail.kind });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function composeOneTimeLinkMail(
  kind: 'magiclink' | 'recovery',
  to: string,
  link: string,
  code: string,
): OutgoingMail {
  const action = kind === 'recovery' ? 'reset your password' : 'sign in to RepTemple';
  const subject =
    kind === 'recovery' ? 'Reset your RepTemple password' : 'Your RepTemple sign-in link';
  const text = [
    `Use this link to ${action}:`,
    '',
    link,
    '',
    `Or enter this code: ${code}`,
    '',
    'The link and the code expire in 1 hour and work once. If you did not ask for them, ignore this e-mail.',
    '',
    'RepTemple - Treat Your Body Like a Place of Worship',
  ].join('\n');
  const html = `<p>Use this link to ${action}:</p><p><a href="${escapeHtml(link)}">${escapeHtml(subject)}</a></p><p>Or enter this code: <strong>${code}</strong></p><p>The link and the code expire in 1 hour and work once. If you did not ask for them, ignore this e-mail.</p><p>RepTemple - Treat Your Body Like a Place of Worship</p>`;
  return { to, subject, text, html, kind, link, code };
}
