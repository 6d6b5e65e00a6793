/**
 * The e2e server's outbox: without SMTP each mail is an .eml file in DATA_DIR/mail (the e2e
 * server's is E2E_DATA_DIR), which the specs read as the person who received it would.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { E2E_DATA_DIR } from "./e2e-server";
import { expect } from "./fixtures";

const OUTBOX = path.join(E2E_DATA_DIR, "mail");

/**
 * The link matching `pattern` in the mail written to `email` (the newest such mail's, in the
 * order the files are listed), waiting up to 10 s for it; every mail to `email` goes through
 * `check` first.
 */
export async function linkMailedTo(
  email: string,
  pattern: RegExp,
  check: (mail: ParsedMail) => void = () => {},
): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const names = await readdir(OUTBOX).catch(() => [] as string[]);
        for (const name of names.filter((file) => file.endsWith(".eml"))) {
          const mail = await simpleParser(await readFile(path.join(OUTBOX, name)));
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          if (!to.some((address) => address.text.includes(email))) continue;
          check(mail);
          link = pattern.exec(mail.text ?? "")?.[0] ?? link;
        }
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return link!;
}
