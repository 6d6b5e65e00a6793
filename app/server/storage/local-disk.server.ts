/** The local-disk driver: one file per key under a root directory (DATA_DIR/files). */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isValidKey, type FileStorage } from "./storage.server";

export function createLocalDiskStorage(root: string): FileStorage {
  const fileFor = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return path.join(root, ...key.split("/"));
  };

  return {
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    async list(prefix) {
      const start = fileFor(prefix);
      const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          // A missing prefix holds nothing; a prefix that is a file holds itself.
          if (error.code === "ENOENT") return [];
          if (error.code === "ENOTDIR") return null;
          throw error;
        },
      );
      if (entries === null) return [prefix];
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
        )
        .sort();
    },
  };
}
