import { loadEnv } from "~/server/env.server";
import { startServices } from "~/server/services.server";
import { loadPublicSite } from "~/server/repositories/public-sites.server";
const env = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(64), SEED_DEMO: "false", MAIL: "off", DATA_DIR: "/tmp/prof/data0" };
const services = await startServices(loadEnv(env), "q");
const id = "By35ILdbzS64FnXzKs3Y";
const req = { url: "http://localhost/r/x", publicUrl: "http://localhost", customDomains: false };
const burn = (ms: number) => { const e = performance.now() + ms; while (performance.now() < e); };
const t0 = performance.now();
const rec: number[][] = [];
const end = t0 + 5000;
await Promise.all(Array.from({ length: 50 }, async () => {
  while (performance.now() < end) {
    const s = performance.now();
    await loadPublicSite(services.db, "restaurant", `bench-bistro-${id}`, "nf", req);
    burn(4);
    rec.push([s - t0, performance.now() - s]);
  }
}));
rec.sort((a, b) => b[1]! - a[1]!);
console.log(rec.length, rec.slice(0, 8).map((r) => r.map(Math.round).join("/")).join(" "));
await services.close();
