import { describe, expect, it } from "vitest";
import { seedInChildProcess } from "./seed-process.server";

describe("seedInChildProcess", () => {
  it("returns what the seeding process reported once it exits", async () => {
    const seed = await seedInChildProcess([
      "-e",
      "process.send({ demo: true, examples: false }, () => process.exit(0))",
    ]);
    expect(seed).toEqual({ demo: true, examples: false });
  });

  it("fails with the exit code when the seeding process fails", async () => {
    await expect(seedInChildProcess(["-e", "process.exit(3)"])).rejects.toThrow(
      "Seeding the first start failed (exit code 3).",
    );
  });

  it("fails when the process exits without saying what it seeded", async () => {
    await expect(seedInChildProcess(["-e", "0"])).rejects.toThrow("it ended without a report");
  });
});
