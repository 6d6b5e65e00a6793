// Starts the portal: the built server in production (`npm start`),
// or Vite in middleware mode for development (`npm run dev`).
import { existsSync } from "node:fs";

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("./server/app.ts");
  await startServer(vite);
} else {
  const bundle = new URL("./build/server/index.js", import.meta.url);
  if (!existsSync(bundle)) {
    console.error("No build found: run `npm run build` first (or `npm start`, which builds).");
    process.exit(1);
  }
  const { startServer } = await import(bundle.href);
  await startServer();
}
