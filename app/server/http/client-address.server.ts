/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return "";
  return address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
}
