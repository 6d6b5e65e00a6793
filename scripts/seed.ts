// `npm run seed`: adds the demo owner and its sites; does nothing if they exist.
import { DEMO_OWNER, seedDemo } from "../app/server/seed/demo.server";
import { runCommand } from "./run-command";

await runCommand("npm run seed", async (services) => {
  const { created } = await seedDemo(services);
  console.log(
    created
      ? `Demo data added. Sign in as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password}`
      : `Demo data already present (${DEMO_OWNER.email}).`,
  );
});
