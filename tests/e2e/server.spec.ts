import http from "node:http";
import pg from "pg";
import { MESSAGES } from "../../app/lib/messages";
import { DEMO, expect, signIn, test, uniqueOwner } from "./fixtures";
import {
  postForm,
  prepareDataDirTemplates,
  preparedDataDir,
  startPortal,
  tempDataDir,
} from "./server-process";

// These tests start servers of their own; they run one at a time to keep the machine calm.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Two first starts, one of them seeding.
  test.setTimeout(180_000);
  await prepareDataDirTemplates();
});

test("sign-in is rate-limited per real client address", async () => {
  const portal = await startPortal({
    DATA_DIR: await preparedDataDir({ seedDemo: true }),
    SEED_DEMO: "true",
  });
  try {
    const attempt = (localAddress: string, password: string, headers?: Record<string, string>) =>
      postForm(portal.port, "/signin", { email: DEMO.email, password }, { localAddress, headers });

    for (let i = 0; i < 3; i++) {
      // Without TRUST_PROXY a forged X-Forwarded-For changes nothing.
      const failed = await attempt("127.0.0.2", "wrong password", {
        "x-forwarded-for": `198.51.100.${i}`,
      });
      expect(failed.status).toBe(401);
    }
    const refused = await attempt("127.0.0.2", DEMO.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain(MESSAGES.tooManyAttempts);

    const elsewhere = await attempt("127.0.0.3", DEMO.password);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.location).toBe("/user");
    expect(String(elsewhere.headers["set-cookie"])).toMatch(/HttpOnly/);
  } finally {
    expect(await portal.stop()).toBe(0);
  }
});

test("data survives a restart, and a second server cannot open the same embedded database", async ({
  page,
}) => {
  const dataDir = await preparedDataDir();
  const owner = uniqueOwner("restart");
  let portal = await startPortal({ DATA_DIR: dataDir });

  const second = await startPortal({ DATA_DIR: dataDir }, { waitReady: false });
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/in use by the portal server \(process \d+\)/);

  await page.goto(`${portal.url}/register`);
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user$/);

  expect(await portal.stop("SIGINT")).toBe(0);
  portal = await startPortal({ DATA_DIR: dataDir, PORT: String(portal.port) });
  try {
    // The session cookie and the account both survived.
    await page.goto(`${portal.url}/user/info`);
    await expect(
      page.getByText(owner.email, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();
    await page.context().clearCookies();
    await page.goto(`${portal.url}/signin`);
    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/user$/);
  } finally {
    expect(await portal.stop()).toBe(0);
  }
});

test("SIGTERM lets a request in flight finish, then exits 0", async () => {
  const portal = await startPortal({ DATA_DIR: await preparedDataDir() });
  const body = new URLSearchParams({
    email: "slow@example.com",
    password: "slowly sent password",
  }).toString();
  const response = new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: portal.port,
        path: "/signin",
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    // Half the body now, the signal, then the rest: the request is in flight when SIGTERM lands.
    request.write(body.slice(0, 10));
    setTimeout(() => {
      portal.child.kill("SIGTERM");
      setTimeout(() => request.end(body.slice(10)), 500);
    }, 300);
  });
  expect(await response).toBe(401);
  expect(await portal.exited).toBe(0);
  expect(portal.output()).toContain("SIGTERM received");
});

test("registration can be closed or sent to an external page", async ({ page }) => {
  const closed = await startPortal({ DATA_DIR: await preparedDataDir(), REGISTRATION: "closed" });
  try {
    await page.goto(`${closed.url}/`);
    await expect(page.getByRole("link", { name: "Register" })).toHaveCount(0);
    // Nothing to start with but signing in.
    await expect(page.getByRole("link", { name: /^Create your page/ })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveClass(
      "button",
    );
    await page.goto(`${closed.url}/register`);
    await expect(page.getByText(MESSAGES.registrationClosed)).toBeVisible();
    const owner = uniqueOwner();
    const refused = await postForm(closed.port, "/register", owner);
    expect(refused.status).toBe(403);
  } finally {
    expect(await closed.stop()).toBe(0);
  }

  const external = await startPortal({
    DATA_DIR: await preparedDataDir(),
    REGISTER_URL: "https://accounts.example/join",
  });
  try {
    await page.goto(`${external.url}/signin`);
    await expect(page.getByRole("main").getByRole("link", { name: "Register" })).toHaveAttribute(
      "href",
      "https://accounts.example/join",
    );
    await expect(
      page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Register" }),
    ).toHaveAttribute("href", "https://accounts.example/join");
    // The calls to action go there too, unchanged: what that page accepts is not ours to guess.
    for (const path of ["/", "/product/restaurant"]) {
      await page.goto(`${external.url}${path}`);
      for (const start of await page.getByRole("link", { name: "Create your page — free" }).all()) {
        await expect(start).toHaveAttribute("href", "https://accounts.example/join");
      }
    }
    await expect(page.getByRole("link", { name: "Create your page — free" })).toHaveCount(2);
  } finally {
    expect(await external.stop()).toBe(0);
  }
});

test("an invalid setting stops the server with one line naming it", async () => {
  const portal = await startPortal(
    { DATA_DIR: tempDataDir(), PORT: "3000", REGISTRATION: "sometimes" },
    { waitReady: false },
  );
  expect(await portal.exited).toBe(1);
  const lines = portal.output().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Invalid configuration: REGISTRATION /);
});

test("two servers on one PostgreSQL: a change made through one reaches a page served by the other", async ({
  page,
}) => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, "needs TEST_DATABASE_URL");
  const name = `portal_e2e_live_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  // Servers that share a database share the secret that signs session cookies.
  const shared = {
    DATABASE_URL: url.toString(),
    AUTH_SECRET: "a-secret-shared-by-both-servers-0123456789",
  };
  const [first, second] = await Promise.all([
    startPortal({ DATA_DIR: tempDataDir(), ...shared }),
    startPortal({ DATA_DIR: tempDataDir(), ...shared }),
  ]);
  try {
    const owner = uniqueOwner("twoservers");
    const streamOpen = page.waitForResponse((response) => response.url().endsWith("/user/events"));
    await page.goto(`${first.url}/register`);
    await page.getByLabel("Username").fill(owner.username);
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Using 0/3")).toBeVisible();
    await streamOpen;

    // Cookies are per host, not per port: the same session works on the second server.
    const other = await page.context().newPage();
    await other.goto(`${second.url}/user/create`);
    await other.getByRole("radio", { name: /^Restaurant/ }).check();
    await other.getByLabel("Name").fill("Across Processes");
    await other.getByRole("button", { name: "Create", exact: true }).click();
    await other.waitForURL(/\/setup\//);

    await expect(page.getByRole("heading", { name: "Across Processes" })).toBeVisible({
      timeout: 2000,
    });
    await expect(page.getByText("Using 1/3")).toBeVisible();
  } finally {
    expect(await first.stop()).toBe(0);
    expect(await second.stop()).toBe(0);
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});

test("shutting down ends open live-update streams instead of waiting for them", async ({
  page,
}) => {
  const portal = await startPortal({
    DATA_DIR: await preparedDataDir({ seedDemo: true }),
    SEED_DEMO: "true",
  });
  await page.goto(`${portal.url}/signin`);
  const streamOpened = page.waitForResponse((response) => response.url().endsWith("/user/events"));
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByText("Using 2/3")).toBeVisible();
  // The page's stream is open: the stop must end it, not wait for it.
  await streamOpened;
  const started = Date.now();
  expect(await portal.stop()).toBe(0);
  expect(Date.now() - started).toBeLessThan(5000);
});

test("runs on PostgreSQL when DATABASE_URL is set", async ({ page }) => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, "needs TEST_DATABASE_URL");
  const name = `portal_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  try {
    let portal = await startPortal({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: url.toString(),
      SEED_DEMO: "true",
    });
    expect(await portal.stop()).toBe(0);
    // A restart on another data directory still finds everything in PostgreSQL.
    portal = await startPortal({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: url.toString(),
      PORT: String(portal.port),
    });
    try {
      await page.goto(`${portal.url}/signin`);
      await signIn(page, DEMO.email, DEMO.password);
      await expect(page.getByRole("heading", { name: "Demo Diner" })).toBeVisible();
    } finally {
      expect(await portal.stop()).toBe(0);
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});

test.describe("a deployment", () => {
  const deployment = {
    NODE_ENV: "production",
    AUTH_SECRET: "a-deployment-secret-of-more-than-32-characters",
    PUBLIC_URL: "https://portal.example",
    // As in the command in docs/operators.md: SEED_DEMO is not given.
    SEED_DEMO: "",
    // Nothing is mailed in these tests; the transport only connects when a mail is sent.
    SMTP_URL: "smtp://127.0.0.1:2525",
    // Behind the TLS proxy docs/operators.md asks for, which these requests imitate.
    TRUST_PROXY: "1",
  };
  const throughProxy = {
    origin: deployment.PUBLIC_URL,
    host: "portal.example",
    "x-forwarded-proto": "https",
  };

  test("started as docs/operators.md says, has no demo owner and answers errors without details", async () => {
    const portal = await startPortal({ ...deployment, DATA_DIR: tempDataDir() });
    try {
      expect(portal.output()).not.toContain(DEMO.email);
      const attempt = await postForm(
        portal.port,
        "/signin",
        { email: DEMO.email, password: DEMO.password },
        { headers: throughProxy },
      );
      expect(attempt.status).toBe(401);
      expect(attempt.headers["set-cookie"]).toBeUndefined();

      const malformed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port: portal.port,
            path: "/signin.data",
            method: "POST",
            headers: { "content-type": "application/json", "content-length": 2 },
          },
          (response) => {
            let body = "";
            response.on("data", (chunk) => (body += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on("error", reject);
        request.end("{}");
      });
      expect(malformed.status).toBe(415);
      expect(malformed.body).not.toMatch(/\n\s+at /);
      expect(malformed.body).not.toContain(process.cwd());
    } finally {
      expect(await portal.stop()).toBe(0);
    }
  });

  test("refuses to start while the demo owner exists, unless SEED_DEMO=true", async () => {
    // Three servers in turn, one of them seeding.
    test.slow();
    const dataDir = await preparedDataDir({ seedDemo: true });
    const local = await startPortal({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    await expect.poll(() => local.output()).toContain(`Demo owner: ${DEMO.email}`);
    expect(await local.stop()).toBe(0);

    const refused = await startPortal({ ...deployment, DATA_DIR: dataDir }, { waitReady: false });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`Refusing to start: the demo owner ${DEMO.email} exists`);

    const kept = await startPortal({ ...deployment, DATA_DIR: dataDir, SEED_DEMO: "true" });
    try {
      // Logs are written asynchronously: the line may follow the server's readiness.
      await expect.poll(() => kept.output()).toContain("SEED_DEMO=true on a deployment");
    } finally {
      expect(await kept.stop()).toBe(0);
    }
  });

  test("without AUTH_SECRET it does not start", async () => {
    const portal = await startPortal(
      { ...deployment, AUTH_SECRET: "", DATA_DIR: tempDataDir() },
      { waitReady: false },
    );
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toMatch(/AUTH_SECRET is required on a deployment/);
  });

  test("without SMTP_URL it does not start, unless MAIL=off", async () => {
    const portal = await startPortal(
      { ...deployment, SMTP_URL: "", DATA_DIR: tempDataDir() },
      { waitReady: false },
    );
    expect(await portal.exited).toBe(1);
    const lines = portal.output().trim().split("\n");
    expect(lines.filter((line) => /SMTP_URL is required on a deployment/.test(line))).toHaveLength(
      1,
    );

    const withoutMail = await startPortal({
      ...deployment,
      SMTP_URL: "",
      MAIL: "off",
      DATA_DIR: await preparedDataDir(),
    });
    try {
      const signin = await fetch(`${withoutMail.url}/signin`, { headers: throughProxy });
      expect(signin.status).toBe(200);
      expect(await signin.text()).not.toContain("Forgot password?");
      expect(
        (await fetch(`${withoutMail.url}/forgot-password`, { headers: throughProxy })).status,
      ).toBe(404);
    } finally {
      expect(await withoutMail.stop()).toBe(0);
    }
  });
});
