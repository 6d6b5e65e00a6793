/**
 * `npm run admin -- backup` and `restore` as an operator runs them: separate
 * processes on data directories of their own. Backups cover the embedded
 * database, so these run on PGlite whatever database the other tests use.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { create as createTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPath } from "../../app/lib/slug";
import { hasSessionCookie, postToAuthRouter } from "../../app/server/accounts/auth-forms.server";
import { loadEnv } from "../../app/server/runtime/env.server";
import { processUploadedImage } from "../../app/server/images/process-image.server";
import {
  storeImage,
  targetBytesFor,
  type ImageTarget,
} from "../../app/server/images/store-image.server";
import { addItem, listItems } from "../../app/server/repositories/items.server";
import { createProduct, listOwnerProducts } from "../../app/server/repositories/products.server";
import { startServices, type RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner, requestFrom } from "../support/auth-helpers";
import { startHttpApp } from "../support/http-app";
import { fillDataDirWithTemplate } from "../support/child-portal";
import { photoJpeg } from "../support/image-fixtures";

const root = mkdtempSync(path.join(os.tmpdir(), "portal-backup-"));
const sourceDir = path.join(root, "source");
const archive = path.join(root, "portal-backup.tar.gz");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const HOLDER = "the backup test";

function admin(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 90_000,
  });
  return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/** What the source portal held when it was backed up. */
const saved = {} as {
  owner: { email: string; password: string };
  cookie: string;
  userId: string;
  productId: string;
  productSlug: string;
  soupId: string;
  photoUrl: string;
  photoBytes: Buffer;
};

beforeAll(async () => {
  await fillDataDirWithTemplate(sourceDir);
  // No AUTH_SECRET: the portal generates DATA_DIR/auth-secret, which the backup must carry.
  const services = await startServices(loadEnv({ DATA_DIR: sourceDir }), HOLDER);
  try {
    const { owner, cookie, userId } = await registerOwner(services);
    const created = await createProduct(services.events, userId, {
      type: "restaurant",
      name: "Backup Bistro",
    });
    if (!created.ok) throw new Error(created.reason);
    const product = { id: created.productId, ownerUid: userId };
    const soup = await addItem(services.events, product, { name: "Lentil Soup", priceCents: 650 });
    await addItem(services.events, product, { name: "Plum Pie", priceCents: 420 });
    if (!soup.ok) throw new Error(soup.reason);

    const target: ImageTarget = { kind: "item-image", itemId: soup.itemId };
    const photo = await processUploadedImage(await photoJpeg(800, 600), targetBytesFor(target));
    const { url } = await storeImage(
      services,
      { id: product.id, type: "restaurant" },
      target,
      photo,
    );
    const [listed] = await listOwnerProducts(services.db, userId);

    Object.assign(saved, {
      owner,
      cookie,
      userId,
      productId: product.id,
      productSlug: listed!.slug,
      soupId: soup.itemId,
      photoUrl: url,
      photoBytes: Buffer.from(photo.body),
    });
  } finally {
    await services.close();
  }

  const backup = admin(["backup", archive], { DATA_DIR: sourceDir });
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(statSync(archive).mode & 0o777).toBe(0o600);
  // The photo and its list thumbnail.
  expect(backup.stdout).toBe(
    `Backed up ${sourceDir} to ${archive}: the database, 2 stored files and the auth secret.`,
  );
}, 180_000);

/** A path for a DATA_DIR that does not exist yet. */
function freshDataDir(label: string): string {
  return path.join(root, `${label}-${Math.random().toString(36).slice(2, 8)}`);
}

function expectOneLineRefusal(result: ReturnType<typeof admin>, pattern: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr.split("\n"), result.stderr).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
}

describe("npm run admin -- backup and restore", () => {
  it("restores sites, items, an uploaded photo, sessions and sign-in into a new DATA_DIR", async () => {
    const restoredDir = freshDataDir("restored");
    const restore = admin(["restore", archive], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore).toMatchObject({ code: 0 });
    expect(restore.stdout).toMatch(
      new RegExp(
        `^Restored the backup of \\S+ \\(version \\S+\\) into ${restoredDir}: the database and 2 stored files\\.`,
      ),
    );
    // Nothing but what was restored: no staging folder, no lock.
    expect(readdirSync(restoredDir).sort()).toEqual([
      "auth-secret",
      "db",
      "files",
      "vapid-keys.json",
    ]);
    // The push key pair too: the devices subscribed to it keep being notified.
    expect(readFileSync(path.join(restoredDir, "vapid-keys.json"), "utf8")).toBe(
      readFileSync(path.join(sourceDir, "vapid-keys.json"), "utf8"),
    );
    expect(readFileSync(path.join(restoredDir, "auth-secret"), "utf8")).toBe(
      readFileSync(path.join(sourceDir, "auth-secret"), "utf8"),
    );

    const services: RunningServices = await startServices(
      loadEnv({ DATA_DIR: restoredDir }),
      HOLDER,
    );
    const app = await startHttpApp(services, { countRenders: false });
    try {
      expect((await listOwnerProducts(services.db, saved.userId)).map((p) => p.name)).toEqual([
        "Backup Bistro",
      ]);
      const items = await listItems(services.db, saved.productId);
      expect(items.map((item) => item.name)).toEqual(["Lentil Soup", "Plum Pie"]);
      expect(items.find((item) => item.id === saved.soupId)!.imageUrl).toBe(saved.photoUrl);

      const page = await fetch(
        `${app.url}${publicPath("restaurant", saved.productSlug, saved.productId)}`,
      );
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Backup Bistro");
      expect(html).toContain("Lentil Soup");

      const photo = await fetch(`${app.url}${saved.photoUrl}`);
      expect(photo.status).toBe(200);
      expect(Buffer.from(await photo.arrayBuffer())).toEqual(saved.photoBytes);

      // The restored auth secret still vouches for a session started before the backup.
      const session = await services.auth.api.getSession({
        headers: new Headers({ cookie: saved.cookie }),
      });
      expect(session?.user.id).toBe(saved.userId);

      const signIn = await postToAuthRouter(services, requestFrom("10.77.0.1"), "/sign-in/email", {
        email: saved.owner.email,
        password: saved.owner.password,
      });
      expect(signIn.ok && hasSessionCookie(signIn.setCookies)).toBe(true);
    } finally {
      await app.close();
      await services.close();
    }
  }, 120_000);

  it("restores into an existing DATA_DIR that holds no data, replacing its unused secret", () => {
    // What a first start that never got further leaves: an empty database folder and a secret.
    const emptyDir = freshDataDir("empty");
    mkdirSync(path.join(emptyDir, "db"), { recursive: true });
    writeFileSync(
      path.join(emptyDir, "auth-secret"),
      "a-secret-that-signed-no-session-0123456789\n",
    );
    expect(admin(["restore", archive], { DATA_DIR: emptyDir }).code).toBe(0);
    expect(readdirSync(emptyDir).sort()).toEqual(["auth-secret", "db", "files", "vapid-keys.json"]);
    expect(readFileSync(path.join(emptyDir, "auth-secret"), "utf8")).toBe(
      readFileSync(path.join(sourceDir, "auth-secret"), "utf8"),
    );
  }, 60_000);

  it("refuses a DATA_DIR that already holds a database or files, and leaves it as it was", () => {
    const before = readdirSync(sourceDir).sort();
    expectOneLineRefusal(
      admin(["restore", archive], { DATA_DIR: sourceDir }),
      new RegExp(`^DATA_DIR ${sourceDir} already holds a database; restore into an empty or new`),
    );
    expect(readdirSync(sourceDir).sort()).toEqual(before);

    const withFiles = freshDataDir("with-files");
    mkdirSync(path.join(withFiles, "files", "objects"), { recursive: true });
    writeFileSync(path.join(withFiles, "files", "objects", "logo"), "bytes");
    expectOneLineRefusal(
      admin(["restore", archive], { DATA_DIR: withFiles }),
      /already holds files;/,
    );
    expect(readdirSync(withFiles)).toEqual(["files"]);
  }, 60_000);

  it("refuses a file that is not one of its backups, or a newer format, and creates no DATA_DIR", async () => {
    const notAnArchive = path.join(root, "notes.tar.gz");
    writeFileSync(notAnArchive, "not an archive at all\n");

    // A genuine .tar.gz, but not ours.
    const otherDir = mkdtempSync(path.join(root, "other-"));
    writeFileSync(path.join(otherDir, "readme.txt"), "hello");
    const otherArchive = path.join(root, "other.tar.gz");
    await createTar({ gzip: true, file: otherArchive, cwd: otherDir }, ["readme.txt"]);

    // Ours in shape, from a future version.
    const futureDir = mkdtempSync(path.join(root, "future-"));
    writeFileSync(
      path.join(futureDir, "manifest.json"),
      JSON.stringify({ format: "site-builder-portal-backup", formatVersion: 99 }),
    );
    writeFileSync(path.join(futureDir, "database.tar"), "");
    const futureArchive = path.join(root, "future.tar.gz");
    await createTar({ gzip: true, file: futureArchive, cwd: futureDir }, [
      "manifest.json",
      "database.tar",
    ]);

    // Ours in shape, but its database is not a PGlite dump.
    const damagedDir = mkdtempSync(path.join(root, "damaged-"));
    writeFileSync(
      path.join(damagedDir, "manifest.json"),
      JSON.stringify({ format: "site-builder-portal-backup", formatVersion: 1 }),
    );
    writeFileSync(path.join(damagedDir, "database.tar"), "not a database");
    const damagedArchive = path.join(root, "damaged.tar.gz");
    await createTar({ gzip: true, file: damagedArchive, cwd: damagedDir }, [
      "manifest.json",
      "database.tar",
    ]);

    // Cut short halfway: a damaged copy of a real backup.
    const truncated = path.join(root, "truncated.tar.gz");
    const whole = readFileSync(archive);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

    const refusals: Array<[string, RegExp]> = [
      [notAnArchive, /is not a backup made by `npm run admin -- backup`, or it is damaged\.$/],
      [otherArchive, /is not a backup made by `npm run admin -- backup`, or it is damaged\.$/],
      [truncated, /is not a backup made by `npm run admin -- backup`, or it is damaged\.$/],
      [
        futureArchive,
        /was made by a newer version of the portal \(backup format 99; this version reads format 1\)/,
      ],
      [
        damagedArchive,
        /^The database in .*damaged\.tar\.gz does not load \(.*\); it may be damaged\.$/,
      ],
      [path.join(root, "missing.tar.gz"), /^There is no file .*missing\.tar\.gz to restore\.$/],
    ];
    for (const [file, pattern] of refusals) {
      const target = freshDataDir("refused");
      expectOneLineRefusal(admin(["restore", file], { DATA_DIR: target }), pattern);
      expect(existsSync(target)).toBe(false);
    }
  }, 90_000);

  it("sends PostgreSQL and S3 setups to their own tools, touching nothing", () => {
    const target = freshDataDir("external");
    const postgres = { DATA_DIR: target, DATABASE_URL: "postgres://portal@127.0.0.1:9/portal" };
    const s3 = {
      DATA_DIR: target,
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "portal-files",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    for (const command of ["backup", "restore"]) {
      const file = command === "backup" ? path.join(root, "never.tar.gz") : archive;
      expectOneLineRefusal(
        admin([command, file], postgres),
        /uses PostgreSQL \(DATABASE_URL\).*pg_dump and pg_restore.*see "Backups" in docs\/operators\.md\.$/,
      );
      expectOneLineRefusal(
        admin([command, file], s3),
        /uses S3 storage \(STORAGE_DRIVER=s3\).*aws s3 sync, rclone sync.*see "Backups" in docs\/operators\.md\.$/,
      );
    }
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.join(root, "never.tar.gz"))).toBe(false);
  }, 60_000);

  it("stops while the portal holds the data directory, and without a database", async () => {
    const busyArchive = path.join(root, "busy.tar.gz");
    const services = await startServices(loadEnv({ DATA_DIR: sourceDir }), HOLDER);
    try {
      expectOneLineRefusal(
        admin(["backup", busyArchive], { DATA_DIR: sourceDir }),
        new RegExp(
          `^The embedded database in ${sourceDir} is in use by ${HOLDER} \\(process ${process.pid}\\)\\. Stop it first`,
        ),
      );
    } finally {
      await services.close();
    }
    expect(existsSync(busyArchive)).toBe(false);
    // No staging folder or partial archive left beside it.
    expect(
      readdirSync(root).filter((name) => name.startsWith(".") || name.includes(".partial-")),
    ).toEqual([]);

    const emptyDir = freshDataDir("no-database");
    mkdirSync(emptyDir);
    expectOneLineRefusal(
      admin(["backup", busyArchive], { DATA_DIR: emptyDir }),
      /^There is no embedded database in .* to back up\.$/,
    );
    expectOneLineRefusal(
      admin(["backup", path.join(sourceDir, "inside.tar.gz")], { DATA_DIR: sourceDir }),
      /^Write the backup outside DATA_DIR/,
    );
  }, 60_000);
});
