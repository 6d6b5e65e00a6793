/**
 * sharp, loaded on the first image operation rather than at start: its native
 * library makes the process several megabytes larger, and a server that handles
 * no image (no upload, no seeding, no thumbnail to make) never needs it.
 */
import type sharpModule from "sharp";

export type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * The sharp function, the same one every time. Callers load it before their
 * own error handling, so that a sharp that cannot load is not taken for an
 * image that cannot be read.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
