/**
 * A real SMTP server in the test process: mails the portal sends over SMTP_URL
 * arrive here, parsed, so tests read them as a mail program would.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: string;
  parsed: ParsedMail;
}

export interface SmtpInbox {
  url: string;
  received: ReceivedMail[];
  /**
   * The next mail to `address` not yet taken, waiting up to `timeoutMs` (10 s) for it: a mail
   * is sent after the answer that asked for it, and a busy host may take seconds to get there.
   */
  take(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Whether any mail to `address` arrives within `ms` (taken mails do not count). */
  nothingFor(address: string, ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            from: parsed.from?.text ?? "",
            parsed,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const pending = (address: string) =>
    received.find((mail) => !taken.has(mail) && mail.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async take(address, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = pending(address);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async nothingFor(address, ms = 750) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return pending(address) === undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
