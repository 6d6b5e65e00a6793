// `npm run admin -- <command>`: operator commands (see the README).
import { stdin } from "node:process";
import {
  AdminError,
  createUser,
  deleteUser,
  generatePassword,
  listUsers,
  setMaxProducts,
  setStatus,
} from "../app/server/admin.server";
import { runCommand } from "./run-command";

const USAGE = `Usage: npm run admin -- <command>

  list-users                          every user with status, limit and product count
  create-user <email> <username>      prints a generated password, or reads one from stdin
  set-status <email> <status>         e.g. valid, suspended (only "valid" may create sites)
  set-max-products <email> <n>        a whole number; the portal never allows more than 3
  delete-user <email>                 the user, their sites, items and files`;

const ARITY: Record<string, number> = {
  "list-users": 0,
  "create-user": 2,
  "set-status": 2,
  "set-max-products": 2,
  "delete-user": 1,
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

const [command, ...args] = process.argv.slice(2);
if (!command || !(command in ARITY) || args.length !== ARITY[command]) {
  console.error(command && !(command in ARITY) ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
  process.exit(2);
}

// A password piped in is read before the database opens, so a slow pipe holds nothing.
const pipedPassword = command === "create-user" && !stdin.isTTY ? await readStdin() : "";

await runCommand(`npm run admin -- ${command}`, async (services) => {
  try {
    switch (command) {
      case "list-users": {
        const rows = await listUsers(services);
        if (rows.length === 0) console.log("No users.");
        for (const row of rows) {
          console.log(
            [
              row.email,
              row.username,
              `status=${row.status}`,
              `max=${row.maxProduct}`,
              `products=${row.products}`,
            ].join("\t"),
          );
        }
        break;
      }
      case "create-user": {
        const [email, username] = args as [string, string];
        const password = pipedPassword || generatePassword();
        await createUser(services, { email, username, password });
        console.log(
          pipedPassword ? `Created ${email}.` : `Created ${email} with the password: ${password}`,
        );
        break;
      }
      case "set-status": {
        const [email, status] = args as [string, string];
        await setStatus(services, email, status);
        console.log(`Status of ${email} set to ${status.trim()}.`);
        break;
      }
      case "set-max-products": {
        const [email, n] = args as [string, string];
        await setMaxProducts(services, email, n);
        console.log(`Product limit of ${email} set to ${n.trim()}.`);
        break;
      }
      case "delete-user": {
        const [email] = args as [string];
        const { products } = await deleteUser(services, email);
        console.log(`Deleted ${email} and ${products} site${products === 1 ? "" : "s"}.`);
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
});
