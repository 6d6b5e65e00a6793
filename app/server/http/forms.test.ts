import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/lib/messages";
import { profileInfoSchema } from "~/lib/profile-info-schema";
import { createProductSchema, signInSchema } from "~/lib/validation";
import {
  acceptsFieldName,
  fieldPath,
  FORM_BODY_LIMIT_BYTES,
  FormReadError,
  MAX_FORM_FIELDS,
  parseSubmission,
  readForm,
} from "./forms.server";

const URLENCODED = "application/x-www-form-urlencoded";

function post(body: BodyInit, contentType?: string): Request {
  const headers = new Headers();
  if (contentType) headers.set("content-type", contentType);
  return new Request("http://localhost/signin", { method: "POST", body, headers });
}

function multipart(parts: string[], boundary = "XyZ"): Request {
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("") + `--${boundary}--\r\n`;
  return post(body, `multipart/form-data; boundary=${boundary}`);
}

async function refusalOf(request: Request, options?: Parameters<typeof readForm>[1]) {
  try {
    await readForm(request, options);
  } catch (error) {
    if (error instanceof FormReadError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("the form was accepted");
}

describe("readForm", () => {
  it("reads urlencoded and multipart forms", async () => {
    const form = await readForm(post("email=a%40b.co&password=x", URLENCODED));
    expect(Object.fromEntries(form)).toEqual({ email: "a@b.co", password: "x" });
    const parts = await readForm(
      multipart(['Content-Disposition: form-data; name="name"\r\n\r\nCafé']),
    );
    expect(parts.get("name")).toBe("Café");
  });

  it("reads a post with no body as an empty form", async () => {
    const request = new Request("http://localhost/signout", { method: "POST" });
    expect([...(await readForm(request))]).toEqual([]);
  });

  it.each([
    ["JSON", "application/json", "{}"],
    ["plain text", "text/plain", "email=a@b.co"],
    ["XML", "application/xml", "<a/>"],
    ["no content type", undefined, "email=a@b.co"],
  ])("refuses %s with 415", async (_, contentType, body) => {
    expect(await refusalOf(post(body, contentType))).toEqual({
      status: 415,
      message: MESSAGES.formNotAForm,
    });
  });

  it("refuses a body over the limit with 413, declared or not", async () => {
    const big = "a=" + "x".repeat(FORM_BODY_LIMIT_BYTES);
    expect(await refusalOf(post(big, URLENCODED))).toEqual({
      status: 413,
      message: MESSAGES.formTooLarge,
    });
    // A stream has no declared length: the bound applies while it is read.
    const stream = new Blob([big]).stream();
    const request = new Request("http://localhost/signin", {
      method: "POST",
      body: stream,
      headers: { "content-type": URLENCODED },
      duplex: "half",
    } as RequestInit);
    expect((await refusalOf(request)).status).toBe(413);
  });

  it("refuses more fields than any form has", async () => {
    const fields = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=1`).join("&");
    expect(await refusalOf(post(fields, URLENCODED))).toEqual({
      status: 413,
      message: MESSAGES.formTooManyFields,
    });
    const parts = Array.from(
      { length: MAX_FORM_FIELDS + 1 },
      (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\n1`,
    );
    expect((await refusalOf(multipart(parts))).status).toBe(413);
  });

  it("refuses malformed multipart bodies and huge part headers with 400", async () => {
    const truncated = post(
      '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
      "multipart/form-data; boundary=XyZ",
    );
    expect(await refusalOf(truncated)).toEqual({ status: 400, message: MESSAGES.formUnreadable });
    const noBoundary = post("a=1", "multipart/form-data");
    expect((await refusalOf(noBoundary)).status).toBe(400);
    const hugeHeader = multipart([
      `Content-Disposition: form-data; name="a"\r\nX-Padding: ${"p".repeat(20_000)}\r\n\r\n1`,
    ]);
    expect((await refusalOf(hugeHeader)).status).toBe(400);
  });

  it("refuses files where none are expected, and more than allowed", async () => {
    const file = 'Content-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nbytes';
    expect(await refusalOf(multipart([file]))).toEqual({
      status: 400,
      message: MESSAGES.formTooManyFiles,
    });
    const twoFiles = multipart([file, file]);
    expect((await refusalOf(twoFiles, { maxFiles: 1, maxFileBytes: 100 })).status).toBe(400);
  });

  it("refuses a NUL character and removes other control characters", async () => {
    expect(await refusalOf(post("name=a%00b", URLENCODED))).toEqual({
      status: 400,
      message: MESSAGES.formNulCharacter,
    });
    const form = await readForm(
      post("name=a%01b%07c%1Bd%7F&text=line%0D%0Anext%09tab", URLENCODED),
    );
    expect(form.get("name")).toBe("abcd");
    expect(form.get("text")).toBe("line\r\nnext\ttab");
  });

  it("refuses list indexes in names beyond any form's needs", async () => {
    for (const name of [
      "redirectTo[99999999]",
      "x[3000000]",
      "hours[1000].open",
      "a".repeat(201),
    ]) {
      const body = `${encodeURIComponent(name)}=1`;
      expect(await refusalOf(post(body, URLENCODED))).toEqual({
        status: 400,
        message: MESSAGES.formUnreadable,
      });
    }
    const form = await readForm(post(`hours%5B999%5D.open=1`, URLENCODED));
    expect(form.get("hours[999].open")).toBe("1");
  });

  it("refuses Conform's reserved fields unless they are what a plain submit sends", async () => {
    for (const body of [
      "__intent__=not-json",
      "__intent__=%7B%22type%22%3A%22update%22%7D",
      "__state__=%5B",
      `__state__=${"%7B".repeat(5000)}`,
    ]) {
      expect(await refusalOf(post(body, URLENCODED))).toEqual({
        status: 400,
        message: MESSAGES.formUnreadable,
      });
    }
    const validate = encodeURIComponent(JSON.stringify({ type: "validate", payload: {} }));
    const form = await readForm(post(`__intent__=${validate}&email=a`, URLENCODED));
    expect(form.get("email")).toBe("a");
  });
});

describe("fields a schema declares", () => {
  it("splits Conform names into paths", () => {
    expect(fieldPath("hours[2].open")).toEqual(["hours", 2, "open"]);
    expect(fieldPath("colors.primary")).toEqual(["colors", "primary"]);
    expect(fieldPath("[0]")).toBeNull();
    expect(fieldPath("a[")).toBeNull();
    expect(fieldPath("a[99999999]")).toBeNull();
  });

  const schemas = {
    signIn: signInSchema,
    profileInfo: profileInfoSchema,
    create: createProductSchema,
  };
  it.each([
    ["signIn", "redirectTo", true],
    ["signIn", "redirectTo[99999999]", false],
    ["signIn", "password.length", false],
    ["signIn", "constructor", false],
    ["signIn", "__proto__", false],
    ["profileInfo", "hours[6].open", true],
    ["profileInfo", "hours[7].open", false],
    ["profileInfo", "hours[0].shownOpen", true],
    ["profileInfo", "hours[0].shownClose", true],
    ["profileInfo", "hours", true],
    ["profileInfo", "colors.primary", true],
    ["profileInfo", "colors.other", false],
    ["create", "type", true],
    ["create", "name", true],
    ["create", "owner", false],
  ] as const)("the %s form accepts %j: %s", (schema, name, accepted) => {
    expect(acceptsFieldName(schemas[schema], name)).toBe(accepted);
  });

  it("leaves out undeclared fields, so a sparse index never reaches Conform", () => {
    const form = new FormData();
    form.append("email", "a@b.co");
    form.append("password", "x");
    form.append("redirectTo[99999999]", "1");
    form.append("x[3000000]", "1");
    const submission = parseSubmission(form, signInSchema);
    expect(submission.status).toBe("success");
    expect(submission.payload).toEqual({ email: "a@b.co", password: "x" });
    expect(JSON.stringify(submission.reply())).not.toContain("99999999");
  });
});
