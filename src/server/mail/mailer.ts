import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../lib/logger.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/** SMTP when a URL is configured, otherwise one JSON file per message in `outboxDir`. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info("mail sent", { to: message.to, subject: message.subject });
      },
    };
  }
  return createOutboxMailer(options.outboxDir, options.from, options.logger);
}

export function createOutboxMailer(outboxDir: string, from: string, logger: Logger): Mailer {
  let sequence = 0;
  return {
    send: async (message) => {
      await mkdir(outboxDir, { recursive: true });
      sequence += 1;
      const name = `${Date.now()}-${String(sequence).padStart(4, "0")}.json`;
      const file = path.join(outboxDir, name);
      const body = { from, ...message, createdAt: new Date().toISOString() };
      // Written beside the folder, then renamed into it: a reader never sees half a mail.
      const partial = path.join(path.dirname(outboxDir), `.${path.basename(outboxDir)}-${name}`);
      await writeFile(partial, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      await rename(partial, file);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      logger.info("mail written to outbox", {
        to: message.to,
        subject: message.subject,
        file,
        link,
      });
    },
  };
}
