import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../settings.js';

/** What a channel answers: accepted (with what the other side said), or the reason it was not. */
export interface SendResult {
  ok: boolean;
  detail: string;
}

/**
 * E-mail over SMTP with nodemailer: the security root chose (none, STARTTLS required, or TLS from the start), a
 * timeout for each step, and a Message-ID made of the delivery, so a mail sent again after a crash reads as the same
 * one to the receiving side.
 */
export async function sendEmail(
  smtp: SmtpConfig,
  mail: { to: string; subject: string; text: string; messageId: string },
): Promise<SendResult> {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const info = await transport.sendMail({
      from: smtp.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
    });
    return { ok: true, detail: info.response };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  } finally {
    transport.close();
  }
}
