import { Suspense, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyComponent } from "./lazy-component";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

const page = (Component: ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>Loading…</p>}>
      <Component name="Ana" />
    </Suspense>,
  );

describe("lazyComponent", () => {
  it("renders in full on the server once preloaded, never its fallback", async () => {
    let loads = 0;
    const greeting = lazyComponent(async () => {
      loads += 1;
      return Greeting;
    });
    await greeting.preload();
    await greeting.preload();
    const html = page(greeting.Component);
    expect(html).toContain("Hello, <!-- -->Ana");
    expect(html).not.toContain("Loading…");
    expect(loads).toBe(1);
  });

  it("shows the fallback while its code has not arrived", () => {
    const greeting = lazyComponent(() => new Promise<typeof Greeting>(() => {}));
    expect(page(greeting.Component)).toContain("Loading…");
  });

  it("may be fetched again after a failed fetch", async () => {
    let attempts = 0;
    const greeting = lazyComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("network down");
      return Greeting;
    });
    await expect(greeting.preload()).rejects.toThrow("network down");
    await greeting.preload();
    expect(page(greeting.Component)).toContain("Ana");
  });
});
