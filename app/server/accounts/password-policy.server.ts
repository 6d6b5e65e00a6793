/**
 * The rules a new password must pass beyond its length: not the email, not one of the
 * most common passwords, and not quick to guess by its shape (repeats, sequences, keyboard
 * rows, dates, common words with digits), which zxcvbn's strength estimate judges. The
 * list and the estimator are large, so they live only on the server: the register page's
 * browser check has the email rule (registerSchema) but not these.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/limits";
import { isPasswordTheEmail } from "~/lib/validation";

/**
 * zxcvbn's list is ranked by how often each password appears in leaked sets,
 * so its head is what a guessing attack tries first.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

const require = createRequire(import.meta.url);
let commonPasswords: ReadonlySet<string> | undefined;

/**
 * Built on the first check and kept; the list is lower case and has no duplicates.
 * The package's module would keep its whole dictionary in memory for the life of
 * the process (49,000 passwords and more); its plain JSON copy of the same list is
 * read instead, and all but the head left to the garbage collector.
 */
function commonPasswordSet(): ReadonlySet<string> {
  if (!commonPasswords) {
    const file = require.resolve("@zxcvbn-ts/language-common/src/passwords.json");
    const ranked = JSON.parse(readFileSync(file, "utf8")) as string[];
    commonPasswords = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT));
  }
  return commonPasswords;
}

/** Ignores case and surrounding spaces: neither makes a listed password harder to guess. */
export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.trim().toLowerCase());
}

/**
 * zxcvbn's scores run from 0 (guessed at once) to 4; 3 is "safely unguessable" against an
 * attack on a site that throttles sign-in, as ours does.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The estimate looks at this many characters at most: its time grows with the length
 * (half a second for 128 digits), and a password whose first 64 characters are guessable
 * gains little from the rest.
 */
const ESTIMATED_LENGTH = 64;

type StrengthCheck = (password: string, userInputs: string[]) => number;
let strengthCheck: StrengthCheck | undefined;

/** Built on the first check: the estimator's dictionaries stay out of a server that sets no password. */
function passwordScore(password: string, userInputs: string[]): number {
  if (!strengthCheck) {
    const { ZxcvbnFactory } = require("@zxcvbn-ts/core") as typeof import("@zxcvbn-ts/core");
    const { adjacencyGraphs, dictionary } =
      require("@zxcvbn-ts/language-common") as typeof import("@zxcvbn-ts/language-common");
    const estimator = new ZxcvbnFactory({
      dictionary,
      graphs: adjacencyGraphs,
      maxLength: ESTIMATED_LENGTH,
    });
    strengthCheck = (candidate, inputs) => estimator.check(candidate, inputs).score;
  }
  return strengthCheck(password, userInputs);
}

export type PasswordRefusal = "passwordIsEmail" | "passwordTooCommon" | "passwordTooGuessable";

/**
 * Why a new password is refused (its key in the message catalogue), or null.
 * A password outside the length bounds gets null: the length rule speaks
 * first, and everything that sets a password (the schema, better-auth)
 * enforces it.
 */
export function passwordRefusal(password: string, email?: string | null): PasswordRefusal | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return null;
  if (email && isPasswordTheEmail(password, email)) return "passwordIsEmail";
  if (isCommonPassword(password)) return "passwordTooCommon";
  const userInputs = email ? [email, email.split("@")[0]!] : [];
  if (passwordScore(password, userInputs) < MIN_PASSWORD_SCORE) return "passwordTooGuessable";
  return null;
}
