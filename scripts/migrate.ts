// `npm run db:migrate`: applies pending migrations (the server also does this at start).
import { runCommand } from "./run-command";

await runCommand("npm run db:migrate", async (services) => {
  console.log(`Migrations applied (${services.database.kind}).`);
});
