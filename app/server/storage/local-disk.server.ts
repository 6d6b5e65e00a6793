/**
 * The local-disk driver, under a root directory (DATA_DIR/files):
 *
 *   root/objects/<key>        the bytes, exactly as uploaded
 *   root/meta/<key>.json      { contentType, cacheControl }
 *
 * Objects and metadata live in separate trees so that listing objects can
 * never return metadata, and serving `/files/<key>` can never reach it.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  STORED_FILE_CACHE_CONTROL,
  assertValidContentType,
  assertValidKey,
  contentEtag,
  isValidKey,
  versionQuery,
  type FileStorage,
} from "./storage.server";

/** Where the HTTP layer serves this driver's objects; `publicUrl` points there. */
export const LOCAL_FILES_URL_PATH = "/files";

interface ObjectMeta {
  contentType: string;
  cacheControl: string;
}

/** Errors that mean "there is no object at this path". */
const NOT_AN_OBJECT = new Set(["ENOENT", "ENOTDIR", "EISDIR", "ERR_FS_EISDIR"]);

function isNotAnObject(error: unknown): boolean {
  return NOT_AN_OBJECT.has((error as NodeJS.ErrnoException).code ?? "");
}

/**
 * Writes a temporary file beside the target, then renames it over the target.
 * Rename within one directory is atomic, so a reader sees the old file or the
 * new one, never a partly written one. The temporary name starts with a dot,
 * which no valid key segment does, so `list` never reports it.
 */
async function writeFileAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const directory = path.dirname(file);
  await mkdir(directory, { recursive: true });
  const temporary = path.join(
    directory,
    `.${path.basename(file)}.${randomBytes(8).toString("hex")}.tmp`,
  );
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function removeIfPresent(file: string): Promise<void> {
  try {
    await rm(file, { force: true });
  } catch (error) {
    if (!isNotAnObject(error)) throw error;
  }
}

export function createLocalDiskStorage(root: string): FileStorage {
  const objectsRoot = path.join(root, "objects");
  const metaRoot = path.join(root, "meta");
  const objectFile = (key: string) => path.join(objectsRoot, ...key.split("/"));
  const metaFile = (key: string) => `${path.join(metaRoot, ...key.split("/"))}.json`;

  async function readMeta(key: string): Promise<ObjectMeta> {
    try {
      const stored = JSON.parse(await readFile(metaFile(key), "utf8")) as Partial<ObjectMeta>;
      return {
        contentType: stored.contentType ?? "application/octet-stream",
        cacheControl: stored.cacheControl ?? STORED_FILE_CACHE_CONTROL,
      };
    } catch (error) {
      // Only reachable if a process stopped between writing an object and its metadata.
      if (isNotAnObject(error)) {
        return { contentType: "application/octet-stream", cacheControl: STORED_FILE_CACHE_CONTROL };
      }
      throw error;
    }
  }

  return {
    async put(key, body, contentType) {
      assertValidKey(key);
      assertValidContentType(contentType);
      const meta: ObjectMeta = { contentType, cacheControl: STORED_FILE_CACHE_CONTROL };
      // Metadata first: an object that is visible always has its metadata.
      await writeFileAtomically(metaFile(key), JSON.stringify(meta));
      await writeFileAtomically(objectFile(key), body);
    },

    async read(key) {
      assertValidKey(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(objectFile(key));
      } catch (error) {
        if (isNotAnObject(error)) return null;
        throw error;
      }
      const meta = await readMeta(key);
      return {
        body: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType: meta.contentType,
        // From the bytes actually read, so the tag matches the body even while a put replaces it.
        etag: contentEtag(bytes),
        cacheControl: meta.cacheControl,
      };
    },

    async delete(key) {
      assertValidKey(key);
      // Object first, for the same reason metadata is written first.
      await removeIfPresent(objectFile(key));
      await removeIfPresent(metaFile(key));
    },

    async list(prefix) {
      assertValidKey(prefix);
      const start = objectFile(prefix);
      let entries;
      try {
        entries = await readdir(start, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (!isNotAnObject(error)) throw error;
        // A prefix that is itself an object lists only itself.
        const found = await stat(start).catch(() => null);
        return found?.isFile() ? [prefix] : [];
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path
            .relative(objectsRoot, path.join(entry.parentPath, entry.name))
            .split(path.sep)
            .join("/"),
        )
        .filter(isValidKey)
        .sort();
    },

    publicUrl(key, version) {
      assertValidKey(key);
      return `${LOCAL_FILES_URL_PATH}/${key}${versionQuery(version)}`;
    },
  };
}
