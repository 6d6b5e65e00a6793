/**
 * The mail/ folder owns the portal's mails: sending them (here), their templates, and how
 * many one address may get.
 *
 * Sends the portal's mails with nodemailer: through SMTP_URL, or, on a local portal
 * without one, into DATA_DIR/mail as .eml files (any mail program opens them) with
 * their links printed to the log, so a newcomer can follow a reset link at once.
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailConfig } from "../runtime/env.server";
import { logger } from "../http/log.server";

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part; every link in it is also in the HTML part. */
  text: string;
  html: string;
}

export interface Mailer {
  /** False with MAIL=off: nothing that needs a mail (password reset) is offered. */
  readonly enabled: boolean;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export class MailDisabledError extends Error {
  override name = "MailDisabledError";
  constructor() {
    super("Mail is turned off (MAIL=off).");
  }
}

export function createMailer(config: MailConfig): Mailer {
  if (config.transport === "off") {
    return {
      enabled: false,
      send: () => Promise.reject(new MailDisabledError()),
      close: () => {},
    };
  }

  if (config.transport === "smtp") {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      enabled: true,
      async send(mail) {
        await transport.sendMail({ from: config.from, ...mail });
      },
      close: () => transport.close(),
    };
  }

  // The whole message as it would travel, built by nodemailer and kept instead of sent.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    enabled: true,
    async send(mail) {
      const { message } = (await transport.sendMail({ from: config.from, ...mail })) as {
        message: Buffer;
      };
      await mkdir(config.directory, { recursive: true });
      // Sortable by time, and never two with the same name.
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      const file = path.join(config.directory, name);
      await writeFile(file, message, { mode: 0o600 });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info(
        { to: mail.to, subject: mail.subject, file, links },
        `Mail to ${mail.to} written to ${file}`,
      );
    },
    close: () => transport.close(),
  };
}
