import { describe, expect, it } from "vitest";
import { routeKind } from "./route-kind.server";

describe("routeKind", () => {
  it.each([
    ["GET", "/r/joes-diner-AbC123", "public-page"],
    ["HEAD", "/s/harbor-pine-exampleshop/", "public-page"],
    ["GET", "/r/joes-diner-AbC123/qr.svg", "asset"],
    ["GET", "/assets/entry-1a2b.js", "asset"],
    ["GET", "/files/restaurants/x/info/logo", "asset"],
    ["GET", "/sitemap.xml", "asset"],
    ["GET", "/user", "portal-page"],
    ["GET", "/user/restaurant/setup/abc", "portal-page"],
    ["POST", "/user/restaurant/setup/abc", "action"],
    ["POST", "/user/upload/abc", "upload"],
    ["POST", "/api/auth/sign-in/email", "auth-api"],
    ["GET", "/", "page"],
    ["POST", "/?index", "action"],
    ["GET", "/userinfo", "page"],
  ])("%s %s is a %s", (method, path, kind) => {
    expect(routeKind(method, path)).toBe(kind);
  });
});
