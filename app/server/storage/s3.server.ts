/**
 * The S3 driver: AWS S3 or any S3-compatible service (MinIO, R2, Spaces, ...).
 * Browsers load objects straight from the bucket or from a CDN in front of it,
 * never through this server.
 *
 * The AWS SDK is large, so it is loaded on the storage's first request: servers
 * that store their files elsewhere never load it.
 */
import type * as S3Sdk from "@aws-sdk/client-s3";
import { DELETE_BATCH_SIZE } from "~/lib/limits";
import {
  STORED_FILE_CACHE_CONTROL,
  assertValidContentType,
  assertValidKey,
  contentEtag,
  isValidKey,
  versionQuery,
  type FileStorage,
} from "./storage.server";

export interface S3StorageOptions {
  /** An S3-compatible service's URL; unset means AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`, as most self-hosted services need. */
  forcePathStyle: boolean;
  /** A CDN or other public origin in front of the bucket; public URLs point there when set. */
  publicBaseUrl?: string;
}

const withoutTrailingSlashes = (url: string) => url.replace(/\/+$/, "");

/** Where the bucket's objects are reachable without a CDN, addressed the way the client addresses them. */
function bucketBaseUrl(options: S3StorageOptions): string {
  const service = withoutTrailingSlashes(
    options.endpoint ?? `https://s3.${options.region}.amazonaws.com`,
  );
  if (options.forcePathStyle) return `${service}/${options.bucket}`;
  const url = new URL(service);
  return `${url.protocol}//${options.bucket}.${url.host}${withoutTrailingSlashes(url.pathname)}`;
}

/** A missing key is an answer; a missing bucket is a misconfiguration and must surface. */
function isMissingObject(sdk: typeof S3Sdk, error: unknown): boolean {
  const { NoSuchKey, S3ServiceException } = sdk;
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      error.$metadata.httpStatusCode === 404 &&
      error.name !== "NoSuchBucket")
  );
}

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { bucket } = options;
  const publicBase = withoutTrailingSlashes(options.publicBaseUrl ?? bucketBaseUrl(options));

  let loading: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  /** The SDK and this storage's client, loaded and made on the first request, then kept. */
  function loadClient() {
    loading ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: {
          accessKeyId: options.accessKeyId,
          secretAccessKey: options.secretAccessKey,
        },
        // Many S3-compatible services reject the newer default checksum headers;
        // send them only where the API demands a checksum (DeleteObjects).
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return loading;
  }

  async function deleteBatch(keys: string[]): Promise<void> {
    const { sdk, client } = await loadClient();
    const result = await client.send(
      new sdk.DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.map((key) => ({ Key: key })), Quiet: true },
      }),
    );
    // DeleteObjects answers 200 even when some keys failed; the failures are in the body.
    const failures = result.Errors ?? [];
    if (failures.length > 0) {
      const first = failures[0]!;
      throw new Error(
        `Could not delete ${failures.length} stored file(s), first ${first.Key}: ${first.Code} ${first.Message}`,
      );
    }
  }

  return {
    async put(key, body, contentType) {
      assertValidKey(key);
      assertValidContentType(contentType);
      const { sdk, client } = await loadClient();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: STORED_FILE_CACHE_CONTROL,
        }),
      );
    },

    async read(key) {
      assertValidKey(key);
      const { sdk, client } = await loadClient();
      try {
        const response = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = (await response.Body?.transformToByteArray()) ?? new Uint8Array();
        return {
          body,
          contentType: response.ContentType ?? "application/octet-stream",
          etag: response.ETag ?? contentEtag(body),
          cacheControl: response.CacheControl ?? STORED_FILE_CACHE_CONTROL,
        };
      } catch (error) {
        if (isMissingObject(sdk, error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await loadClient();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async deleteMany(keys) {
      keys.forEach(assertValidKey);
      for (let start = 0; start < keys.length; start += DELETE_BATCH_SIZE) {
        await deleteBatch(keys.slice(start, start + DELETE_BATCH_SIZE));
      }
    },

    async list(prefix) {
      assertValidKey(prefix);
      const { sdk, client } = await loadClient();
      const keys: string[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            ContinuationToken: continuationToken,
          }),
        );
        for (const { Key: key } of page.Contents ?? []) {
          // The S3 prefix also matches `restaurants/p10` for `restaurants/p1`; keys put
          // into the bucket by other tools that are not valid keys are not ours to handle.
          if (key && (key === prefix || key.startsWith(`${prefix}/`)) && isValidKey(key)) {
            keys.push(key);
          }
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
      return keys.sort();
    },

    publicUrl(key, version) {
      assertValidKey(key);
      return `${publicBase}/${key}${versionQuery(version)}`;
    },
  };
}
