/**
 * An authoritative DNS server in this process (dns2), for tests of what an owner's DNS
 * records say: UDP and TCP on one port of 127.0.0.1, answering from records the test sets.
 * node:dns's Resolver asks it with `setServers([server.address])`.
 *
 * A name without records answers NXDOMAIN; a name with records, but none of the type
 * asked, answers NOERROR without answers (NODATA), as a real zone does. Names are
 * compared case-insensitively, without a final dot.
 */
import { createServer, Packet, type DnsHandler, type DnsServer, type Resource } from "dns2";

export type DnsRecordType = "TXT" | "CNAME" | "A" | "AAAA";

export interface TestDnsServer {
  /** `127.0.0.1:PORT`, as node:dns's setServers and CUSTOM_DOMAIN_DNS_SERVERS take it. */
  address: string;
  port: number;
  /**
   * Replaces the records of one type at a name; [] removes them. A TXT value longer
   * than 255 bytes is sent in several strings, as DNS requires; an array of strings
   * in one value (`set(name, "TXT", [["part1", "part2"]])`) is sent as given.
   */
  set(name: string, type: DnsRecordType, values: readonly (string | readonly string[])[]): void;
  /** Removes every record at a name, or every record of the zone. */
  clear(name?: string): void;
  /** The questions asked so far, as `TYPE name`. */
  questions(): string[];
  close(): Promise<void>;
}

const TYPE_CODES: Record<DnsRecordType, number> = {
  TXT: Packet.TYPE.TXT,
  CNAME: Packet.TYPE.CNAME,
  A: Packet.TYPE.A,
  AAAA: Packet.TYPE.AAAA,
};

const TTL_SECONDS = 60;

/** Response codes (RFC 1035, 4.1.1): dns2 has them as Packet.RCODE, but its types do not say so. */
const RCODE = { FORMERR: 1, NXDOMAIN: 3 } as const;

function normalName(name: string): string {
  return name.toLowerCase().replace(/\.$/, "");
}

/** A TXT value as DNS character-strings: at most 255 bytes each. */
function txtStrings(value: string | readonly string[]): string[] {
  if (typeof value !== "string") return [...value];
  const bytes = Buffer.from(value, "utf8");
  const strings: string[] = [];
  for (let start = 0; start < bytes.length; start += 255) {
    strings.push(bytes.subarray(start, start + 255).toString("utf8"));
  }
  return strings.length > 0 ? strings : [""];
}

type Records = Map<DnsRecordType, readonly (string | readonly string[])[]>;
type Zone = Map<string, Records>;

function answer(zone: Zone, request: Packet, asked: string[]): Packet {
  const response = Packet.createResponseFromRequest(request);
  response.header.aa = 1;
  const [question] = request.questions;
  if (!question) {
    response.header.rcode = RCODE.FORMERR;
    return response;
  }
  const typeName = (Object.keys(TYPE_CODES) as DnsRecordType[]).find(
    (type) => TYPE_CODES[type] === question.type,
  );
  asked.push(`${typeName ?? question.type} ${normalName(question.name)}`);
  const records = zone.get(normalName(question.name));
  if (!records) {
    response.header.rcode = RCODE.NXDOMAIN;
    return response;
  }
  for (const value of (typeName && records.get(typeName)) || []) {
    const data =
      typeName === "TXT"
        ? { data: txtStrings(value) }
        : typeName === "CNAME"
          ? { domain: String(value) }
          : { address: String(value) };
    response.answers.push({
      name: question.name,
      type: question.type,
      class: Packet.CLASS.IN,
      ttl: TTL_SECONDS,
      ...data,
    } as Resource);
  }
  return response;
}

function listening(server: DnsServer, options: Parameters<DnsServer["listen"]>[0]) {
  return new Promise<ReturnType<DnsServer["addresses"]>>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options).then((addresses) => {
      server.off("error", reject);
      resolve(addresses);
    }, reject);
  });
}

/** UDP on a free port, and TCP on the same one (tried again in the rare case it is taken). */
async function listenOnOnePort(handle: DnsHandler) {
  for (let attempt = 1; ; attempt += 1) {
    const udp = createServer({ udp: true, handle });
    const port = (await listening(udp, { udp: { port: 0, address: "127.0.0.1" } })).udp!.port;
    const tcp = createServer({ tcp: true, handle });
    try {
      await listening(tcp, { tcp: { port, address: "127.0.0.1" } });
      return { udp, tcp, port };
    } catch (error) {
      await udp.close();
      if (attempt >= 5) throw error;
    }
  }
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const zone: Zone = new Map();
  const asked: string[] = [];
  const handle: DnsHandler = (request, send) => {
    send(answer(zone, request, asked)).catch(() => {
      // The asker went away (a closed TCP connection): nothing to answer.
    });
  };
  const { udp, tcp, port } = await listenOnOnePort(handle);
  // Errors of one exchange (a client gone) must not end the test run.
  udp.on("error", () => {});
  tcp.on("error", () => {});

  return {
    address: `127.0.0.1:${port}`,
    port,
    set(name, type, values) {
      const key = normalName(name);
      const records = zone.get(key) ?? (new Map() as Records);
      if (values.length > 0) records.set(type, [...values]);
      else records.delete(type);
      if (records.size > 0) zone.set(key, records);
      else zone.delete(key);
    },
    clear(name) {
      if (name === undefined) zone.clear();
      else zone.delete(normalName(name));
    },
    questions: () => [...asked],
    async close() {
      await Promise.all([udp.close(), tcp.close()]);
    },
  };
}
