/**
 * A local Web Push service for tests, and a browser's side of a subscription.
 *
 * `startPushService` listens on 127.0.0.1 and records every message posted to it; each device
 * is a path of its own (`/push/{name}`), and a test says how the service answers it (201
 * unless told: 404, 410, 500, or "hold": read the message and never answer).
 *
 * `createPushDevice` is what a browser makes when it subscribes: a P-256 key pair and a
 * 16-byte auth secret (RFC 8291), given to the server as the subscription's keys; its
 * `decrypt` opens a message as the browser would (aes128gcm, RFC 8188), and `checkVapid`
 * verifies the server's VAPID signature (RFC 8292) against its public key.
 */
import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The status the service answered with (null while held). */
  answered: number | null;
}

export type PushAnswer = number | "hold";

export interface PushService {
  url: string;
  received: ReceivedPush[];
  /** How the service answers the device's messages from now on. */
  answer(device: string, how: PushAnswer): void;
  /** Resolves once `count` messages (answered or held) have arrived for the device. */
  waitFor(device: string, count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startPushService(port = 0): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, PushAnswer>();
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const device = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1];
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !device) {
        res.writeHead(400).end();
        return;
      }
      const how = answers.get(device) ?? 201;
      const entry: ReceivedPush = {
        device,
        headers: req.headers,
        body: Buffer.concat(chunks),
        answered: how === "hold" ? null : how,
      };
      received.push(entry);
      for (const wake of waiters) wake();
      if (how !== "hold") res.writeHead(how).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    received,
    answer: (device, how) => answers.set(device, how),
    waitFor(device, count, timeoutMs = 20_000) {
      const mine = () => received.filter((entry) => entry.device === device);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mine().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mine());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${mine().length} of ${count} pushes arrived for ${device}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface PushDevice {
  /** The subscription as the browser gives it to the server. */
  subscription: { endpoint: string; p256dh: string; auth: string };
  /** The message's plaintext, decrypted as the browser would. */
  decrypt(body: Buffer): string;
}

/** A browser's subscription at `endpoint`: its own key pair and auth secret. */
export function createPushDevice(endpoint: string): PushDevice {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      p256dh: publicKey.toString("base64url"),
      auth: authSecret.toString("base64url"),
    },
    decrypt(body) {
      // RFC 8188's header: salt (16), record size (4), key id length (1), key id: the
      // server's one-time public key (RFC 8291 section 4).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body[20]!;
      const serverKey = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      if (records.length > recordSize) throw new Error("More than one record");
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
      );
      const nonce = Buffer.from(
        hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
      );
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 2, then any zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error("No last-record delimiter");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}

/**
 * Checks the message's VAPID header (RFC 8292): `vapid t={JWT}, k={public key}`, the key the
 * one given, the token signed by it (ES256) for the push service's origin, not expired.
 */
export function checkVapid(
  headers: ReceivedPush["headers"],
  expected: { publicKey: string; audience: string },
): { subject: string } {
  const header = String(headers.authorization ?? "");
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`Not a VAPID header: ${header.slice(0, 20)}`);
  const [, token, key] = match;
  if (key !== expected.publicKey) throw new Error("Another VAPID key");
  const [head, claims, signature] = token!.split(".");
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  if (!signed) throw new Error("The VAPID signature does not verify");
  const body = JSON.parse(Buffer.from(claims!, "base64url").toString("utf8")) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== expected.audience) throw new Error(`VAPID audience ${body.aud}`);
  if (body.exp * 1000 < Date.now()) throw new Error("The VAPID token has expired");
  return { subject: body.sub };
}
