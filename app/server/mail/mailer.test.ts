import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMailer, MailDisabledError } from "./mailer.server";
import { passwordResetMail } from "./templates.server";
import { logger } from "../http/log.server";

const directories: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

describe("the outbox mailer", () => {
  it("writes each mail as an .eml file with both parts, and logs its links", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-mail-"));
    directories.push(dataDir);
    const directory = path.join(dataDir, "mail");
    const log = vi.spyOn(logger, "info").mockImplementation(() => {});
    const mailer = createMailer({
      transport: "outbox",
      directory,
      from: "Site Builder <a@b.test>",
    });
    expect(mailer.enabled).toBe(true);

    const url = "http://localhost:3000/reset-password?token=abcDEF123_-xyz456789";
    await mailer.send(passwordResetMail("owner@example.com", url));
    await mailer.send(passwordResetMail("other@example.com", url));

    const files = readdirSync(directory).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    // Reset links are secrets: only the server's user reads them.
    expect(statSync(path.join(directory, files[0]!)).mode & 0o077).toBe(0);
    const mail = await simpleParser(readFileSync(path.join(directory, files[0]!)));
    expect(mail.subject).toBe("Reset your Site Builder password");
    expect(mail.from?.text).toBe('"Site Builder" <a@b.test>');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    // The log names the file and the links in it, for whoever runs a local portal.
    const [fields, message] = log.mock.calls[0] as unknown as [
      { links: string[]; file: string },
      string,
    ];
    expect(fields.links).toEqual([url]);
    expect(fields.file.startsWith(directory)).toBe(true);
    expect(message).toContain("owner@example.com");
    mailer.close();
  });

  it("escapes what goes into the HTML part", () => {
    const mail = passwordResetMail(
      '"><script>alert(1)</script>@example.com',
      "http://x.test/?a=1&b=2",
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain('href="http://x.test/?a=1&amp;b=2"');
  });
});

describe("MAIL=off", () => {
  it("is disabled and refuses to send", async () => {
    const mailer = createMailer({ transport: "off" });
    expect(mailer.enabled).toBe(false);
    await expect(mailer.send(passwordResetMail("a@b.co", "http://x.test"))).rejects.toBeInstanceOf(
      MailDisabledError,
    );
  });
});
