import { CreateBucketCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type RunningS3Server } from "../../../tests/support/s3-server";
import { describeStorageContract } from "./contract";
import { createS3Storage, type S3StorageOptions } from "./s3.server";
import { InvalidStorageKeyError } from "./storage.server";

let server: RunningS3Server;
/** Reads the bucket around the driver, to see what S3 itself holds. */
let inspector: S3Client;
let bucketCount = 0;

beforeAll(async () => {
  server = await startS3Server();
  const { endpoint, region, accessKeyId, secretAccessKey } = server.storageOptions;
  inspector = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
});

afterAll(async () => {
  inspector?.destroy();
  await server?.stop();
});

describeStorageContract("S3 (s3rver)", async () => {
  // A bucket per test, so no test sees another's objects.
  bucketCount += 1;
  const bucket = `contract-${bucketCount}`;
  await inspector.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    storage: createS3Storage({ ...server.storageOptions, bucket }),
    storedCacheControl: async (key) =>
      (await inspector.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).CacheControl,
  };
});

describe("S3 storage", () => {
  const options: S3StorageOptions = {
    region: "eu-west-1",
    bucket: "portal-files",
    accessKeyId: "id",
    secretAccessKey: "secret",
    forcePathStyle: false,
  };
  const key = "restaurants/p1/info/logo";

  it.each<[string, Partial<S3StorageOptions>, string]>([
    [
      "a CDN in front of the bucket",
      { publicBaseUrl: "https://cdn.example.com/", endpoint: "https://s3.example.com" },
      `https://cdn.example.com/${key}?v=abc`,
    ],
    [
      "a path-style endpoint",
      { endpoint: "http://127.0.0.1:9000/", forcePathStyle: true },
      `http://127.0.0.1:9000/portal-files/${key}?v=abc`,
    ],
    [
      "a virtual-hosted endpoint",
      { endpoint: "https://nyc3.digitaloceanspaces.com" },
      `https://portal-files.nyc3.digitaloceanspaces.com/${key}?v=abc`,
    ],
    ["AWS itself", {}, `https://portal-files.s3.eu-west-1.amazonaws.com/${key}?v=abc`],
    [
      "AWS itself, path-style",
      { forcePathStyle: true },
      `https://s3.eu-west-1.amazonaws.com/portal-files/${key}?v=abc`,
    ],
  ])("builds public URLs for %s", (_case, overrides, expected) => {
    expect(createS3Storage({ ...options, ...overrides }).publicUrl(key, "abc")).toBe(expected);
  });

  it("rejects an invalid key without a request", async () => {
    // Nothing listens on port 9; a request would fail with a network error instead.
    const storage = createS3Storage({
      ...options,
      endpoint: "http://127.0.0.1:9",
      forcePathStyle: true,
    });
    await expect(storage.put("../x", new Uint8Array([1]), "image/png")).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(storage.read("a//b")).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.deleteMany!(["ok/key", "/abs"])).rejects.toThrow(InvalidStorageKeyError);
  });

  it("reports a missing bucket rather than an empty one", async () => {
    const storage = createS3Storage({ ...server.storageOptions, bucket: "no-such-bucket" });
    await expect(storage.list("restaurants/p1")).rejects.toThrow(/bucket/i);
    await expect(storage.read(key)).rejects.toThrow(/bucket/i);
    await expect(storage.put(key, new Uint8Array([1]), "image/png")).rejects.toThrow(/bucket/i);
  });
});
