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

export async function seedOnFirstStart(
  services: AppServices,
): Promise<{ demo: boolean; examples: boolean }> {
  const { seedDemo, seedExamples } = services.env;
  if (!seedDemo && !seedExamples) return { demo: false, examples: false };
  return oneSeedAtATime(services, async () => {
    const anyUser = await services.db.query.users.findFirst({ columns: { id: true } });
    if (anyUser) return { demo: false, examples: false };
    const examples = seedExamples && (await createExamplesUnlessPresent(services)).created;
    const demo = seedDemo && (await createDemoUnlessPresent(services)).created;
    return { demo, examples };
  });
}
