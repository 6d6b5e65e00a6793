import { describe, expect, it } from "vitest";
import {
  byDueTime,
  KITCHEN_SCREEN_KEY,
  rememberedKitchenScreen,
  rememberKitchenScreen,
} from "./kitchen-screen";

describe("byDueTime", () => {
  it("puts the soonest due first, and the earlier order first at the same time", () => {
    const orders = [
      { number: 3, dueAt: 3_000 },
      { number: 5, dueAt: 1_000 },
      { number: 4, dueAt: 1_000 },
      { number: 1, dueAt: 2_000 },
    ];
    expect(byDueTime(orders).map((order) => order.number)).toEqual([4, 5, 1, 3]);
    // The loader's list is left as it was.
    expect(orders.map((order) => order.number)).toEqual([3, 5, 4, 1]);
  });
});

describe("the remembered kitchen screen", () => {
  function storage() {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  }

  it("is remembered until turned off", () => {
    const store = storage();
    expect(rememberedKitchenScreen(store)).toBe(false);
    rememberKitchenScreen(store, true);
    expect(store.items.get(KITCHEN_SCREEN_KEY)).toBe("on");
    expect(rememberedKitchenScreen(store)).toBe(true);
    rememberKitchenScreen(store, false);
    expect(rememberedKitchenScreen(store)).toBe(false);
  });

  it("is forgotten quietly where storage is refused", () => {
    const refusing = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(() => rememberKitchenScreen(refusing, true)).not.toThrow();
    expect(rememberedKitchenScreen(refusing)).toBe(false);
    expect(rememberedKitchenScreen(undefined)).toBe(false);
  });
});
