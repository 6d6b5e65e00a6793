/**
 * Zod for the schemas shared by browser and server. Its schemas compile a faster parser
 * with `new Function` when they can, and probe for that ability when each is built; under
 * the pages' Content-Security-Policy (no 'unsafe-eval') the probe is refused and the
 * browser reports a violation, although zod carries on. `jitless` skips the probe and the
 * compilation; the forms parsed here are small. Set here, before any schema is built,
 * because every schema module imports `z` from this one.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };

/** A checkbox of a form: present ("on") means true; a JSON body may send a boolean. */
export const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.boolean()])
  .optional()
  .transform((value) => value !== undefined && value !== false);
