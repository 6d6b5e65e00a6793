import { describe, expect, it } from "vitest";
import { routeErrorMessage } from "./route-error";

/** What a boundary receives when a loader throws `data(body, { status: 404 })`. */
const refusal = (body: unknown) => ({ status: 404, statusText: "", internal: false, data: body });

describe("routeErrorMessage", () => {
  it("reads the message of a refusal", () => {
    expect(routeErrorMessage(refusal({ message: "Product not found." }))).toBe(
      "Product not found.",
    );
  });

  it("is null for a refusal without a text message", () => {
    expect(routeErrorMessage(refusal({ message: 404 }))).toBeNull();
    expect(routeErrorMessage(refusal({}))).toBeNull();
    expect(routeErrorMessage(refusal("Not found"))).toBeNull();
    expect(routeErrorMessage(refusal(null))).toBeNull();
  });

  it("is null for anything that is not a route's answer", () => {
    expect(routeErrorMessage(new Error("boom"))).toBeNull();
    expect(routeErrorMessage({ message: "looks like one" })).toBeNull();
    expect(routeErrorMessage(undefined)).toBeNull();
  });
});
