// `npm run seed`: adds the example sites and the demo owner with its sites; does nothing
// for those that exist.
import { DEMO_OWNER, seedDemo } from "../app/server/seed/demo.server";
import { seedExampleSites } from "../app/server/seed/examples.server";
import { runCommand } from "./run-command";

await runCommand("npm run seed", async (services) => {
  const examples = await seedExampleSites(services);
  console.log(examples.created ? "Example sites added." : "Example sites already present.");
  const { created } = await seedDemo(services);
  console.log(
    created
      ? `Demo data added. Sign in as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password}`
      : `Demo data already present (${DEMO_OWNER.email}).`,
  );
});
