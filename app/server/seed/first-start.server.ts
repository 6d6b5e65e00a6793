/**
 * The seed/ folder owns what a new database is given: the example sites, the demo owner,
 * and the lock that makes one process seed at a time.
 *
 * What the first start of an empty database adds: the example sites (unless
 * SEED_DEMO=false) and the demo owner (where SEED_DEMO allows it; see env.server.ts).
 */
import type { AppServices } from "../runtime/services.server";
import { createDemoUnlessPresent } from "./demo.server";
import { createExamplesUnlessPresent } from "./examples.server";
import { oneSeedAtATime } from "./seed-lock.server";

/** What a first start seeded. */
export interface FirstStartSeed {
  demo: boolean;
  examples: boolean;
}

export async function seedOnFirstStart(services: AppServices): Promise<FirstStartSeed> {
  if (!(await firstStartWouldSeed(services))) return { demo: false, examples: false };
  const { seedDemo, seedExamples } = services.env;
  return oneSeedAtATime(services, async () => {
    // Checked again under the lock: another server may have seeded meanwhile.
    if (await anyUserExists(services)) return { demo: false, examples: false };
    const examples = seedExamples && (await createExamplesUnlessPresent(services)).created;
    const demo = seedDemo && (await createDemoUnlessPresent(services)).created;
    return { demo, examples };
  });
}

/** Whether `seedOnFirstStart` has something to do: seeding is on and nobody has an account yet. */
export async function firstStartWouldSeed(services: AppServices): Promise<boolean> {
  const { seedDemo, seedExamples } = services.env;
  return (seedDemo || seedExamples) && !(await anyUserExists(services));
}

async function anyUserExists(services: AppServices): Promise<boolean> {
  const anyUser = await services.db.query.users.findFirst({ columns: { id: true } });
  return anyUser !== undefined;
}
