/**
 * Shared start-up for command-line tools: read the configuration, open the
 * database (refusing an embedded one that a running server holds), run the
 * task, close everything, and turn known failures into one clear line.
 */
import { DataDirBusyError } from "../app/server/db/data-dir-lock.server";
import { ConfigError, loadEnv } from "../app/server/runtime/env.server";
import { startServices, type RunningServices } from "../app/server/runtime/services.server";

export async function runCommand(name: string, task: (services: RunningServices) => Promise<void>) {
  let services: RunningServices | undefined;
  try {
    services = await startServices(loadEnv(), `\`${name}\``);
    await task(services);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirBusyError) {
      console.error(error.message);
    } else {
      console.error(`${name} failed:`, error);
    }
    process.exitCode = 1;
  } finally {
    await services?.close();
  }
}
